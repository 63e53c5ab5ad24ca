import { MARKETS } from '@dealradar/shared/markets';
import type { SellerRegion, SellerStore } from '@dealradar/shared/contracts/seller-account';
import type { Config } from '../../config/env.ts';
import { countUpstreamCall } from '../../lib/metrics.ts';

/**
 * Plain-fetch client of the three Amazon calls this module makes (external-apis.md §3.2, §3.6, §3.7): the LWA refresh
 * grant, the seller's marketplace participations and the listing restrictions of one ASIN. No AWS signing (not needed
 * since 2023). The base URLs come from the configuration, so tests point it at the look-alike
 * (test/sp-api/fake-sp-api.ts). A typed SDK (@sp-api-sdk/*) was not taken: it adds one package per API and its own
 * token handling, while we need the shared database rate limiter around every call (docs/seller-account.md).
 * Nothing here logs: the refresh and access tokens never reach a log line.
 */
export type SpApiConfig = Pick<Config, 'SP_API_CLIENT_ID' | 'SP_API_CLIENT_SECRET' | 'SP_API_LWA_URL' | 'SP_API_BASE_URL_EU' | 'SP_API_BASE_URL_NA'>;

export type SpApiErrorKind = 'invalid_grant' | 'invalid_client' | 'forbidden' | 'rate_limited' | 'bad_request' | 'unavailable';

/** A refusal or failure of Amazon, with the sentence the user sees. */
export class SpApiError extends Error {
  constructor(
    readonly kind: SpApiErrorKind,
    message: string,
    /** Amazon's x-amzn-RateLimit-Limit on the refused call (requests per second), when it sent one. */
    readonly rateLimit?: number,
  ) {
    super(message);
  }
}

/**
 * x-amzn-RateLimit-Limit: the rate (requests per second) Amazon applies to this seller and operation. It is only sent
 * on some answers and may differ from the documented default (a usage plan of its own); nonsense is ignored.
 */
export function rateLimitOf(response: Response): number | undefined {
  const rate = Number(response.headers.get('x-amzn-ratelimit-limit'));
  return Number.isFinite(rate) && rate > 0 && rate <= 100 ? rate : undefined;
}

export const INVALID_GRANT =
  'Amazon did not accept this refresh token (invalid_grant): it is wrong, was revoked, or belongs to another application. Authorize the application again in Seller Central and paste the new refresh token.';
export const INVALID_CLIENT =
  "Amazon did not accept this install's Amazon application (invalid_client): the operator should check SP_API_CLIENT_ID and SP_API_CLIENT_SECRET.";
export const FORBIDDEN =
  "Amazon refused access (403 Unauthorized): the application is not authorized for this seller account, or it lacks the role the call needs (Product Listing for listing restrictions). Check the application's roles in Amazon's developer console.";
export const UNREACHABLE = 'Amazon could not be reached. Please try again in a few minutes.';

const TIMEOUT_MS = 20_000;

export function baseUrlOf(config: SpApiConfig, region: SellerRegion): string {
  return (region === 'EU' ? config.SP_API_BASE_URL_EU : config.SP_API_BASE_URL_NA).replace(/\/$/, '');
}

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await countUpstreamCall('sp-api', () => fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) }));
  } catch {
    throw new SpApiError('unavailable', UNREACHABLE);
  }
}

async function jsonOf(response: Response): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await response.json();
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** LWA: refresh token → access token (one hour; kept until a minute before it ends). */
export async function exchangeRefreshToken(config: SpApiConfig, refreshToken: string): Promise<{ accessToken: string; expiresAt: number }> {
  if (!config.SP_API_CLIENT_ID || !config.SP_API_CLIENT_SECRET) throw new SpApiError('invalid_client', INVALID_CLIENT);
  const response = await send(config.SP_API_LWA_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: config.SP_API_CLIENT_ID,
      client_secret: config.SP_API_CLIENT_SECRET,
    }).toString(),
  });
  const body = await jsonOf(response);
  if (response.ok && typeof body.access_token === 'string') {
    const seconds = typeof body.expires_in === 'number' ? body.expires_in : 3600;
    return { accessToken: body.access_token, expiresAt: Date.now() + Math.max(0, seconds - 60) * 1000 };
  }
  if (body.error === 'invalid_grant') throw new SpApiError('invalid_grant', INVALID_GRANT);
  if (body.error === 'invalid_client' || body.error === 'unauthorized_client') throw new SpApiError('invalid_client', INVALID_CLIENT);
  if (response.status === 429) throw new SpApiError('rate_limited', 'Amazon asks to slow down (429). Please try again in a minute.');
  if (response.status >= 500) throw new SpApiError('unavailable', UNREACHABLE);
  throw new SpApiError('bad_request', `Amazon refused the refresh token (${String(body.error ?? response.status)}).`);
}

export const CODE_REFUSED =
  'Amazon did not accept the authorization code (invalid_grant): it expired or was already used. Start again with "Connect through Amazon" in Settings.';

/** LWA: the website authorization's code (valid a few minutes) → the seller's refresh token and a first access token. */
export async function exchangeAuthorizationCode(
  config: SpApiConfig,
  code: string,
  redirectUri: string,
): Promise<{ refreshToken: string; accessToken: string }> {
  if (!config.SP_API_CLIENT_ID || !config.SP_API_CLIENT_SECRET) throw new SpApiError('invalid_client', INVALID_CLIENT);
  const response = await send(config.SP_API_LWA_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: config.SP_API_CLIENT_ID,
      client_secret: config.SP_API_CLIENT_SECRET,
    }).toString(),
  });
  const body = await jsonOf(response);
  if (response.ok && typeof body.refresh_token === 'string' && typeof body.access_token === 'string') {
    return { refreshToken: body.refresh_token, accessToken: body.access_token };
  }
  if (body.error === 'invalid_grant') throw new SpApiError('invalid_grant', CODE_REFUSED);
  if (body.error === 'invalid_client' || body.error === 'unauthorized_client') throw new SpApiError('invalid_client', INVALID_CLIENT);
  if (response.status >= 500) throw new SpApiError('unavailable', UNREACHABLE);
  throw new SpApiError('bad_request', `Amazon refused the authorization code (${String(body.error ?? response.status)}).`);
}

/** The first message of SP-API's common error body. */
function amazonMessage(body: Record<string, unknown>): string | undefined {
  const errors = Array.isArray(body.errors) ? (body.errors as Array<Record<string, unknown>>) : [];
  const first = errors[0];
  return first && typeof first.message === 'string' ? first.message : undefined;
}

async function spApiGet(
  config: SpApiConfig,
  region: SellerRegion,
  accessToken: string,
  pathAndQuery: string,
): Promise<{ body: Record<string, unknown>; rateLimit: number | undefined }> {
  const response = await send(`${baseUrlOf(config, region)}${pathAndQuery}`, {
    headers: { 'x-amz-access-token': accessToken, accept: 'application/json', 'user-agent': 'DealRadar/1.0 (Language=TypeScript)' },
  });
  const body = await jsonOf(response);
  if (response.ok) return { body, rateLimit: rateLimitOf(response) };
  if (response.status === 403 || response.status === 401) throw new SpApiError('forbidden', FORBIDDEN);
  if (response.status === 429) throw new SpApiError('rate_limited', 'Amazon asks to slow down (429 QuotaExceeded).', rateLimitOf(response));
  if (response.status >= 500) throw new SpApiError('unavailable', UNREACHABLE);
  throw new SpApiError('bad_request', `Amazon refused the request (${response.status}): ${amazonMessage(body) ?? 'no reason given'}.`);
}

/** GET /sellers/v1/marketplaceParticipations: the stores the seller takes part in. */
export async function fetchStores(config: SpApiConfig, region: SellerRegion, accessToken: string): Promise<SellerStore[]> {
  const { body } = await spApiGet(config, region, accessToken, '/sellers/v1/marketplaceParticipations');
  const payload = Array.isArray(body.payload) ? (body.payload as Array<Record<string, Record<string, unknown> | undefined>>) : [];
  const stores: SellerStore[] = [];
  for (const entry of payload) {
    const marketplace = entry.marketplace;
    const participation = entry.participation;
    if (!marketplace || typeof marketplace.id !== 'string') continue;
    if (participation && participation.isParticipating === false) continue;
    stores.push({
      marketplaceId: marketplace.id,
      market: MARKETS.find((m) => m.marketplaceId === marketplace.id)?.id ?? null,
      countryCode: typeof marketplace.countryCode === 'string' ? marketplace.countryCode : '',
      name: typeof marketplace.name === 'string' ? marketplace.name : marketplace.id,
      domainName: typeof marketplace.domainName === 'string' ? marketplace.domainName : null,
    });
  }
  return stores;
}

export type CheckedStatus = 'CAN_SELL' | 'APPROVAL_REQUIRED' | 'NOT_ELIGIBLE' | 'NOT_CHECKED';
export interface CheckedRestriction {
  status: CheckedStatus;
  reason: string | null;
  approvalUrl: string | null;
}

interface RestrictionReason {
  message?: unknown;
  reasonCode?: unknown;
  links?: Array<{ resource?: unknown; verb?: unknown }>;
}

/**
 * GET /listings/2021-08-01/restrictions for one ASIN in several marketplaces at once (condition new). An empty
 * restriction list for a marketplace means the seller can list it there; NOT_ELIGIBLE wins over APPROVAL_REQUIRED.
 * Also answers the rate Amazon said it applies to this seller, when it said one.
 */
export async function fetchRestrictions(
  config: SpApiConfig,
  region: SellerRegion,
  accessToken: string,
  request: { asin: string; sellerId: string; marketplaceIds: string[] },
): Promise<{ answers: Map<string, CheckedRestriction>; rateLimit: number | undefined }> {
  const query = new URLSearchParams({
    asin: request.asin,
    sellerId: request.sellerId,
    marketplaceIds: request.marketplaceIds.join(','),
    conditionType: 'new_new',
    reasonLocale: 'en_GB',
  });
  const { body, rateLimit } = await spApiGet(config, region, accessToken, `/listings/2021-08-01/restrictions?${query.toString()}`);
  const restrictions = Array.isArray(body.restrictions) ? (body.restrictions as Array<{ marketplaceId?: unknown; reasons?: RestrictionReason[] }>) : [];
  const answer = new Map<string, CheckedRestriction>();
  for (const marketplaceId of request.marketplaceIds) {
    const reasons = restrictions.filter((r) => r.marketplaceId === marketplaceId).flatMap((r) => r.reasons ?? []);
    const message = (reason: RestrictionReason | undefined) => (typeof reason?.message === 'string' ? reason.message : null);
    const notEligible = reasons.find((r) => r.reasonCode === 'NOT_ELIGIBLE');
    const approval = reasons.find((r) => r.reasonCode === 'APPROVAL_REQUIRED');
    const notFound = reasons.find((r) => r.reasonCode === 'ASIN_NOT_FOUND');
    if (notEligible) answer.set(marketplaceId, { status: 'NOT_ELIGIBLE', reason: message(notEligible), approvalUrl: null });
    else if (approval) {
      const link = (approval.links ?? []).find((l) => typeof l.resource === 'string' && /^https:\/\//.test(l.resource));
      answer.set(marketplaceId, { status: 'APPROVAL_REQUIRED', reason: message(approval), approvalUrl: (link?.resource as string | undefined) ?? null });
    } else if (notFound)
      answer.set(marketplaceId, { status: 'NOT_CHECKED', reason: message(notFound) ?? 'Amazon does not know this ASIN in this store.', approvalUrl: null });
    else if (reasons.length > 0) answer.set(marketplaceId, { status: 'NOT_ELIGIBLE', reason: message(reasons[0]), approvalUrl: null });
    else answer.set(marketplaceId, { status: 'CAN_SELL', reason: null, approvalUrl: null });
  }
  return { answers: answer, rateLimit };
}
