import type {
  CompleteAuthorizationBody,
  ConnectSellerAccountBody,
  ListingRestriction,
  SellerAccount,
  SellerRegion,
  SellerStore,
} from '@dealradar/shared/contracts/seller-account';
import crypto from 'node:crypto';
import { MARKETS } from '@dealradar/shared/markets';
import type { AppDeps } from '../../deps.ts';
import { AppError, forbidden } from '../../errors/app-error.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import * as repo from './seller-account.repository.ts';
import { exchangeAuthorizationCode, exchangeRefreshToken, fetchStores, SpApiError } from './sp-api-client.ts';
import { decryptToken, encryptToken, tokenKeys } from './token-crypto.ts';
import { findOrganizationOwner } from '../organization/organization.service.ts';

export const NOT_CONFIGURED =
  'This install has no Amazon application configured (SP_API_CLIENT_ID and SP_API_CLIENT_SECRET), so no seller account can be connected.';
export const ONLY_ADMINS = "Only your organization's owner can connect or disconnect its Amazon seller account.";
export const NO_STORES = 'Amazon accepted the token, but this seller account sells in no store of the chosen region. Check the region.';

/** The organization's connected seller account, if any (what other modules check before asking Amazon). */
export { findAccount } from './seller-account.repository.ts';

export function isConfigured(deps: Pick<AppDeps, 'config'>): boolean {
  return !!deps.config.SP_API_CLIENT_ID && !!deps.config.SP_API_CLIENT_SECRET;
}

/** The organization's owner (docs/organizations.md) and the product's admins connect and disconnect. */
async function canManage(deps: Pick<AppDeps, 'db'>, user: CurrentUser): Promise<boolean> {
  if (user.role === 'ADMIN') return true;
  const owner = await findOrganizationOwner(deps.db, user.organizationId);
  return owner?.id === user.id;
}

export async function sellerAccountOf(deps: Pick<AppDeps, 'config' | 'db'>, user: CurrentUser): Promise<SellerAccount> {
  const [account, manage] = await Promise.all([repo.findAccount(deps.db, user.organizationId), canManage(deps, user)]);
  return {
    configured: isConfigured(deps),
    websiteAuthorization: isConfigured(deps) && !!deps.config.SP_API_APPLICATION_ID,
    canManage: manage,
    connected: !!account,
    status: account?.status ?? null,
    statusMessage: account?.status_message ?? null,
    region: account?.region ?? null,
    merchantId: account?.merchant_id ?? null,
    stores: account?.stores ?? [],
    connectedAt: account?.connected_at.toISOString() ?? null,
    pendingChecks: account ? await repo.pendingCount(deps.db, user.organizationId) : 0,
  };
}

/** Amazon's refusal as the answer of a call: the user's token → 400; this install's application or Amazon itself → 503. */
export function appErrorOf(error: SpApiError): AppError {
  return new AppError(error.kind === 'invalid_client' || error.kind === 'unavailable' ? 'unavailable' : 'validation', error.message);
}

/**
 * Connect: LWA refresh grant → access token → the seller's stores; only when both succeed is the token stored
 * (encrypted). A refusal is Amazon's answer as a sentence and nothing is stored.
 */
export async function connectSellerAccount(deps: AppDeps, user: CurrentUser, body: ConnectSellerAccountBody): Promise<SellerAccount> {
  if (!isConfigured(deps)) throw new AppError('unavailable', NOT_CONFIGURED);
  if (!(await canManage(deps, user))) throw forbidden(ONLY_ADMINS);
  let stores;
  try {
    const { accessToken } = await exchangeRefreshToken(deps.config, body.refreshToken);
    stores = await fetchStores(deps.config, body.region, accessToken);
  } catch (error) {
    if (error instanceof SpApiError) throw appErrorOf(error);
    throw error;
  }
  await keepAccount(deps, user, { region: body.region, merchantId: body.merchantId, refreshToken: body.refreshToken, stores, how: 'self-authorized' });
  return sellerAccountOf(deps, user);
}

/** Stores a verified connection: the stores of the region, the token encrypted. */
async function keepAccount(
  deps: Pick<AppDeps, 'clock' | 'config' | 'db' | 'log'>,
  user: CurrentUser,
  account: { region: SellerRegion; merchantId: string; refreshToken: string; stores: SellerStore[]; how: string },
): Promise<void> {
  const inRegion = account.stores.filter((s) => {
    const market = MARKETS.find((m) => m.marketplaceId === s.marketplaceId);
    return !market || market.region === (account.region === 'EU' ? 'Europe' : 'North America');
  });
  if (!inRegion.length) throw new AppError('validation', NO_STORES);
  await repo.saveAccount(deps.db, {
    organizationId: user.organizationId,
    region: account.region,
    merchantId: account.merchantId,
    encryptedToken: encryptToken(account.refreshToken, tokenKeys(deps.config).current),
    stores: inRegion,
    userId: user.id,
    now: deps.clock.now(),
  });
  forgetAccessToken(user.organizationId);
  deps.log.info({ organizationId: user.organizationId, region: account.region, stores: inRegion.length, how: account.how }, 'seller account connected');
}

// ---- Website authorization (a public application) ----

export const STATE_TTL_MS = 15 * 60 * 1000;
export const NO_WEBSITE_AUTHORIZATION = "This install has no public Amazon application (SP_API_APPLICATION_ID), so it cannot connect through Amazon's website.";
export const STATE_UNKNOWN = 'This authorization link is not valid. Start again with "Connect through Amazon" in Settings.';
export const STATE_USED = 'This authorization link was already used. Start again with "Connect through Amazon" in Settings.';
export const STATE_EXPIRED = 'This authorization link has expired (it is valid for 15 minutes). Start again with "Connect through Amazon" in Settings.';
export const STATE_OTHER_USER = 'This authorization was started by another user. Start again with "Connect through Amazon" in Settings.';

const hashState = (state: string) => crypto.createHash('sha256').update(state).digest('hex');
/** Amazon sends the seller back here (the redirect URI registered with the application). */
export const redirectUriOf = (deps: Pick<AppDeps, 'config'>) => `${deps.config.APP_URL}/settings`;

/** Seller Central's consent page with a new one-time state bound to this user (only its hash is kept). */
export async function startAuthorization(deps: Pick<AppDeps, 'clock' | 'config' | 'db'>, user: CurrentUser, region: SellerRegion): Promise<{ url: string }> {
  if (!isConfigured(deps)) throw new AppError('unavailable', NOT_CONFIGURED);
  const applicationId = deps.config.SP_API_APPLICATION_ID;
  if (!applicationId) throw new AppError('unavailable', NO_WEBSITE_AUTHORIZATION);
  if (!(await canManage(deps, user))) throw forbidden(ONLY_ADMINS);
  const now = deps.clock.now();
  await repo.deleteOldStates(deps.db, now);
  const state = crypto.randomBytes(32).toString('base64url');
  await repo.insertState(deps.db, {
    hash: hashState(state),
    userId: user.id,
    organizationId: user.organizationId,
    region,
    expiresAt: new Date(now.getTime() + STATE_TTL_MS),
  });
  const base = (region === 'EU' ? deps.config.SP_API_CONSENT_URL_EU : deps.config.SP_API_CONSENT_URL_NA).replace(/\/$/, '');
  const query = new URLSearchParams({ application_id: applicationId, state, redirect_uri: redirectUriOf(deps) });
  if (deps.config.SP_API_AUTHORIZE_BETA) query.set('version', 'beta');
  return { url: `${base}/apps/authorize/consent?${query.toString()}` };
}

/**
 * Amazon's redirect back to Settings: the state must be this user's, unused and unexpired (then it is used up, also
 * when Amazon then refuses the code); the code is exchanged for the refresh token, checked like a pasted one, stored.
 */
export async function completeAuthorization(
  deps: Pick<AppDeps, 'clock' | 'config' | 'db' | 'log'>,
  user: CurrentUser,
  body: CompleteAuthorizationBody,
): Promise<SellerAccount> {
  if (!isConfigured(deps) || !deps.config.SP_API_APPLICATION_ID) throw new AppError('unavailable', NO_WEBSITE_AUTHORIZATION);
  const hash = hashState(body.state);
  const state = await repo.findState(deps.db, hash);
  if (!state) throw new AppError('validation', STATE_UNKNOWN);
  if (state.user_id !== user.id || state.organization_id !== user.organizationId) throw forbidden(STATE_OTHER_USER);
  if (state.used_at) throw new AppError('conflict', STATE_USED);
  const now = deps.clock.now();
  if (state.expires_at <= now) throw new AppError('validation', STATE_EXPIRED);
  if (!(await repo.useState(deps.db, hash, now))) throw new AppError('conflict', STATE_USED);
  if (!(await canManage(deps, user))) throw forbidden(ONLY_ADMINS);
  let refreshToken;
  let stores;
  try {
    const exchanged = await exchangeAuthorizationCode(deps.config, body.spapiOauthCode, redirectUriOf(deps));
    refreshToken = exchanged.refreshToken;
    stores = await fetchStores(deps.config, state.region, exchanged.accessToken);
  } catch (error) {
    if (error instanceof SpApiError) throw appErrorOf(error);
    throw error;
  }
  await keepAccount(deps, user, { region: state.region, merchantId: body.sellingPartnerId, refreshToken, stores, how: 'website' });
  return sellerAccountOf(deps, user);
}

export async function disconnectSellerAccount(deps: Pick<AppDeps, 'config' | 'db' | 'log'>, user: CurrentUser): Promise<SellerAccount> {
  if (!(await canManage(deps, user))) throw forbidden(ONLY_ADMINS);
  await repo.deleteAccount(deps.db, user.organizationId);
  forgetAccessToken(user.organizationId);
  deps.log.info({ organizationId: user.organizationId }, 'seller account disconnected');
  return sellerAccountOf(deps, user);
}

// ---- Access tokens: one per organization and process, until a minute before Amazon's hour ends. ----

const accessTokens = new Map<string, { token: string; expiresAt: number; refreshTokenStored: string }>();

/**
 * Drops the organization's cached access token; with `failed`, only if the cached one is that token (a call refused
 * with it), so a token another job of this process already renewed is kept and not renewed again.
 */
export function forgetAccessToken(organizationId: string, failed?: string): void {
  if (failed !== undefined && accessTokens.get(organizationId)?.token !== failed) return;
  accessTokens.delete(organizationId);
}

/** Refreshes under way, per organization: jobs of one process that need a token at once share one LWA call. */
const refreshing = new Map<string, Promise<string>>();

/** The access token of a connected account (refreshed at LWA when missing, expiring, or `fresh` is asked). */
export async function accessTokenOf(deps: Pick<AppDeps, 'config' | 'db'>, account: repo.SellerAccountRow, options: { fresh?: boolean } = {}): Promise<string> {
  const cached = accessTokens.get(account.organization_id);
  if (!options.fresh && cached && cached.refreshTokenStored === account.refresh_token_encrypted && cached.expiresAt > Date.now()) return cached.token;
  const pending = refreshing.get(account.organization_id);
  if (pending && !options.fresh) return pending;
  const refresh = refreshAccessToken(deps, account).finally(() => {
    if (refreshing.get(account.organization_id) === refresh) refreshing.delete(account.organization_id);
  });
  refreshing.set(account.organization_id, refresh);
  return refresh;
}

async function refreshAccessToken(deps: Pick<AppDeps, 'config' | 'db'>, account: repo.SellerAccountRow): Promise<string> {
  const keys = tokenKeys(deps.config);
  const { plain, stale } = decryptToken(account.refresh_token_encrypted, keys);
  let stored = account.refresh_token_encrypted;
  if (stale) {
    // Written with the previous key: store it again with the current one (the rotation, docs/seller-account.md).
    stored = encryptToken(plain, keys.current);
    await repo.updateEncryptedToken(deps.db, account.organization_id, stored);
    account.refresh_token_encrypted = stored;
  }
  const { accessToken, expiresAt } = await exchangeRefreshToken(deps.config, plain);
  accessTokens.set(account.organization_id, { token: accessToken, expiresAt, refreshTokenStored: stored });
  return accessToken;
}

// ---- Restrictions on the deals lists ----

/**
 * Each deal with Amazon's answer for its ASIN and market, when the organization has a connected account (otherwise
 * the deals are left as they are: no badge, the list shows its one-line hint).
 */
export async function withListingRestrictions<T extends { asin: string; market: string }>(
  deps: Pick<AppDeps, 'db'>,
  organizationId: string,
  deals: T[],
): Promise<Array<T & { listingRestriction?: ListingRestriction | null }>> {
  if (!deals.length) return deals;
  const account = await repo.findAccount(deps.db, organizationId);
  if (!account) return deals;
  const { answers, queued } = await repo.restrictionsFor(deps.db, organizationId, [...new Set(deals.map((d) => d.asin))]);
  const byKey = new Map(answers.map((a) => [`${a.asin}|${a.market}`, a]));
  const waiting = new Set(queued.map((q) => `${q.asin}|${q.market}`));
  return deals.map((deal) => {
    const key = `${deal.asin}|${deal.market}`;
    const answer = byKey.get(key);
    const listingRestriction: ListingRestriction = waiting.has(key)
      ? { status: 'CHECKING', reason: null, approvalUrl: null, checkedAt: answer?.checked_at.toISOString() ?? null }
      : answer
        ? { status: answer.status, reason: answer.reason, approvalUrl: answer.approval_url, checkedAt: answer.checked_at.toISOString() }
        : {
            status: 'NOT_CHECKED',
            reason: 'Not checked with Amazon yet: it is checked after the next scan that finds it.',
            approvalUrl: null,
            checkedAt: null,
          };
    return { ...deal, listingRestriction };
  });
}
