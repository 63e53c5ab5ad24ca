import { sendJson, startFake, type FakeRequest } from '../market-data/fakes/http-fake.ts';

/**
 * A look-alike of Amazon's Login with Amazon token endpoint and the two SP-API calls of the seller-account module,
 * speaking their wire format (external-apis.md §3.2, §3.6, §3.7): form-encoded refresh grants answering
 * { access_token, expires_in } or { error: 'invalid_grant' | 'invalid_client' }, the `x-amz-access-token` header, the
 * common `{ errors: [...] }` body, 429 QuotaExceeded with x-amzn-RateLimit-Limit, 403 Unauthorized for an expired
 * access token or a missing role; and Product Fees v0 getMyFeesEstimates (§3.5: bare arrays, Success / ClientError per
 * item, FeeDetailList with ReferralFee, VariableClosingFee, PerItemFee, FBAFees, DigitalServicesFee). Every request is
 * recorded with its time.
 */
export const CLIENT_ID = 'amzn1.application-oa2-client.test';
export const CLIENT_SECRET = 'test-client-secret-do-not-log';
export const GOOD_TOKEN = 'Atzr|IwEBIA-good-refresh-token-SECRET-1234567890';
export const DE = 'A1PA6795UKMFR9';
export const FR = 'A13V1IB3VIYZZH';
export const UK = 'A1F83G8C2ARO7P';
export const IT = 'APJ6JRA9NG5V4';
export const UNKNOWN_ASIN_ERROR: FeeError = { code: 'InvalidParameterValue', message: 'The item is not available in the marketplace (ASIN not found).' };

export interface Reason {
  reasonCode: 'APPROVAL_REQUIRED' | 'NOT_ELIGIBLE' | 'ASIN_NOT_FOUND';
  message: string;
  links?: Array<{ resource: string; verb: 'GET'; title: string; type: 'text/html' }>;
}

/** Amazon's fee parts of one estimate (major units of the request's currency). */
export interface FeeFixture {
  referral: number;
  fba: number;
  closing?: number;
  dsf?: number;
}
/** A per-item ClientError of getMyFeesEstimates (e.g. an ASIN Amazon does not know in the marketplace). */
export interface FeeError {
  code: string;
  message: string;
}

/** Amazon's fee estimate when no fixture says otherwise: 8 % up to 10 and 15 % above (minimum 0.30), FBA 3.00. */
export function defaultFees(price: number): FeeFixture {
  return { referral: Math.max(0.3, Math.round(price * (price <= 10 ? 0.08 : 0.15) * 100) / 100), fba: 3 };
}

export interface FakeSpApiState {
  refreshTokens: Set<string>;
  /** Website authorization codes (single use) → the refresh token they give; the redirect_uri each exchange sent. */
  codes: Map<string, string>;
  redirectUris: string[];
  /** Access tokens issued and whether Amazon still takes them. */
  accessTokens: Map<string, boolean>;
  participations: string[];
  /** asin → marketplaceId → reasons (absent: no restriction). */
  restrictions: Map<string, Map<string, Reason[]>>;
  /** 403 on the participations: the application is not authorized for this seller. */
  participationsForbidden?: boolean;
  /** 403 on restrictions: the application lacks the Product Listing role. */
  missingRole: boolean;
  /** The next N restriction calls answer 429. */
  throttleNext: number;
  /** Restriction calls: time (ms), query, the access token that made it (one per process) and whether it got a 429. */
  restrictionCalls: Array<{ at: number; asin: string; marketplaceIds: string[]; token?: string; throttled?: boolean }>;
  /** Amazon's own limit on restriction calls (a token bucket per seller): a call finding it empty gets 429. */
  enforcedRate?: { rate: number; burst: number };
  /** The rate restriction answers state in x-amzn-RateLimit-Limit (Amazon's default 5; a usage plan may differ). */
  statedRate: number;
  /** How long a restrictions answer takes (Amazon: a few hundred ms); 0 by default. */
  restrictionLatencyMs: number;
  /** Restriction calls being answered now, and the most at one time. */
  restrictionsInFlight: number;
  mostRestrictionsInFlight: number;
  /** Reasons for any ASIN not in `restrictions` (the browser test's rule over the demo catalogue's ASINs). */
  rule?: (asin: string, marketplaceId: string) => Reason[] | undefined;
  /** getMyFeesEstimates: asin → Amazon's fees or a per-item ClientError; otherwise `feeRule`, otherwise defaultFees. */
  fees: Map<string, FeeFixture | FeeError>;
  feeRule?: (asin: string, marketplaceId: string, price: number) => FeeFixture | FeeError | undefined;
  /** The next N fee calls answer 429. */
  throttleFeesNext: number;
  /** 403 on fee estimates: the application lacks the Pricing role. */
  feesForbidden?: boolean;
  /** Fee calls: time (ms) and the items asked. */
  feeCalls: Array<{ at: number; items: Array<{ asin: string; marketplaceId: string; price: number; currency: string }> }>;
}

export async function startFakeSpApi(port = 0) {
  const state: FakeSpApiState = {
    refreshTokens: new Set([GOOD_TOKEN]),
    codes: new Map(),
    redirectUris: [],
    accessTokens: new Map(),
    participations: [DE, FR, UK],
    restrictions: new Map(),
    missingRole: false,
    throttleNext: 0,
    restrictionCalls: [],
    statedRate: 5,
    restrictionLatencyMs: 0,
    restrictionsInFlight: 0,
    mostRestrictionsInFlight: 0,
    fees: new Map(),
    throttleFeesNext: 0,
    feeCalls: [],
  };
  let issued = 0;
  const bucket = { tokens: 0, at: 0 };
  /** Amazon's token bucket: refilled at `rate` per second up to `burst`; false when the call must be refused. */
  const withinRate = (limit: { rate: number; burst: number }, now: number): boolean => {
    if (bucket.at === 0) bucket.tokens = limit.burst;
    else bucket.tokens = Math.min(limit.burst, bucket.tokens + ((now - bucket.at) / 1000) * limit.rate);
    bucket.at = now;
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  };
  const errors = (status: number, code: string, message: string, details = '') => ({ status, body: { errors: [{ code, message, details }] } });

  const fake = await startFake(async (req: FakeRequest, res) => {
    if (req.method === 'POST' && req.path === '/auth/o2/token') {
      const form = new URLSearchParams(req.body);
      if (form.get('client_id') !== CLIENT_ID || form.get('client_secret') !== CLIENT_SECRET) {
        return sendJson(res, 401, { error: 'invalid_client', error_description: 'Client authentication failed' });
      }
      if (form.get('grant_type') === 'authorization_code') {
        const refreshToken = state.codes.get(form.get('code') ?? '');
        state.redirectUris.push(form.get('redirect_uri') ?? '');
        if (!refreshToken) return sendJson(res, 400, { error: 'invalid_grant', error_description: 'The authorization code is invalid or has expired.' });
        state.codes.delete(form.get('code') ?? '');
        state.refreshTokens.add(refreshToken);
        issued += 1;
        const token = `Atza|access-${issued}`;
        state.accessTokens.set(token, true);
        return sendJson(res, 200, { access_token: token, refresh_token: refreshToken, token_type: 'bearer', expires_in: 3600 });
      }
      if (form.get('grant_type') !== 'refresh_token') return sendJson(res, 400, { error: 'unsupported_grant_type' });
      if (!state.refreshTokens.has(form.get('refresh_token') ?? '')) {
        return sendJson(res, 400, { error: 'invalid_grant', error_description: 'The request has an invalid grant parameter : refresh_token' });
      }
      issued += 1;
      const token = `Atza|access-${issued}`;
      state.accessTokens.set(token, true);
      return sendJson(res, 200, { access_token: token, refresh_token: form.get('refresh_token'), token_type: 'bearer', expires_in: 3600 });
    }
    if (req.method === 'GET' && req.path === '/apps/authorize/consent') {
      // Seller Central's consent page, consented at once: back to the redirect URI with a new code for GOOD_TOKEN.
      issued += 1;
      const code = `ANcode-consent-${issued}`;
      state.codes.set(code, GOOD_TOKEN);
      const back = new URL(req.query.get('redirect_uri') ?? 'http://invalid/');
      back.searchParams.set('state', req.query.get('state') ?? '');
      back.searchParams.set('selling_partner_id', 'A3WEBSITE');
      back.searchParams.set('spapi_oauth_code', code);
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    const token = String(req.headers['x-amz-access-token'] ?? '');
    if (!state.accessTokens.get(token)) {
      const e = errors(403, 'Unauthorized', 'Access to requested resource is denied.', 'The access token you provided has expired.');
      return sendJson(res, e.status, e.body);
    }
    if (req.method === 'GET' && req.path === '/sellers/v1/marketplaceParticipations') {
      if (state.participationsForbidden) {
        const e = errors(403, 'Unauthorized', 'Access to requested resource is denied.', '');
        return sendJson(res, e.status, e.body);
      }
      const names: Record<string, [string, string, string]> = {
        [DE]: ['DE', 'Amazon.de', 'www.amazon.de'],
        [FR]: ['FR', 'Amazon.fr', 'www.amazon.fr'],
        [UK]: ['GB', 'Amazon.co.uk', 'www.amazon.co.uk'],
        [IT]: ['IT', 'Amazon.it', 'www.amazon.it'],
      };
      return sendJson(res, 200, {
        payload: state.participations.map((id) => ({
          marketplace: {
            id,
            countryCode: names[id]?.[0] ?? 'XX',
            name: names[id]?.[1] ?? id,
            defaultCurrencyCode: 'EUR',
            defaultLanguageCode: 'en_GB',
            domainName: names[id]?.[2],
          },
          participation: { isParticipating: true, hasSuspendedListings: false },
        })),
      });
    }
    if (req.method === 'GET' && req.path === '/listings/2021-08-01/restrictions') {
      const asin = req.query.get('asin') ?? '';
      const marketplaceIds = (req.query.get('marketplaceIds') ?? '').split(',').filter(Boolean);
      const call = { at: Date.now(), asin, marketplaceIds, token };
      state.restrictionCalls.push(call);
      if (state.missingRole) {
        const e = errors(403, 'Unauthorized', 'Access to requested resource is denied.', '');
        return sendJson(res, e.status, e.body);
      }
      const overRate = state.enforcedRate !== undefined && !withinRate(state.enforcedRate, call.at);
      if (state.throttleNext > 0 || overRate) {
        if (!overRate) state.throttleNext -= 1;
        Object.assign(call, { throttled: true });
        const e = errors(429, 'QuotaExceeded', 'You exceeded your quota for the requested resource.');
        return sendJson(res, e.status, e.body, { 'x-amzn-RateLimit-Limit': state.statedRate.toFixed(1) });
      }
      if (!req.query.get('sellerId') || req.query.get('conditionType') !== 'new_new') {
        const e = errors(400, 'InvalidInput', 'Missing sellerId or conditionType.');
        return sendJson(res, e.status, e.body);
      }
      const perMarket = state.restrictions.get(asin) ?? (state.rule ? new Map(marketplaceIds.map((id) => [id, state.rule!(asin, id) ?? []])) : undefined);
      if (state.restrictionLatencyMs > 0) {
        state.restrictionsInFlight += 1;
        state.mostRestrictionsInFlight = Math.max(state.mostRestrictionsInFlight, state.restrictionsInFlight);
        await new Promise((resolve) => setTimeout(resolve, state.restrictionLatencyMs));
        state.restrictionsInFlight -= 1;
      }
      return sendJson(
        res,
        200,
        {
          restrictions: marketplaceIds
            .filter((id) => perMarket?.get(id)?.length)
            .map((id) => ({ marketplaceId: id, conditionType: 'new_new', reasons: perMarket!.get(id) })),
        },
        { 'x-amzn-RateLimit-Limit': state.statedRate.toFixed(1), 'x-amzn-RequestId': `req-${state.restrictionCalls.length}` },
      );
    }
    if (req.method === 'POST' && req.path === '/products/fees/v0/feesEstimate') {
      // getMyFeesEstimates (external-apis.md §3.5): a bare array of up to 20 requests, a bare array of results.
      let requests: Array<Record<string, unknown>>;
      try {
        const parsed: unknown = JSON.parse(req.body);
        if (!Array.isArray(parsed) || parsed.length < 1 || parsed.length > 20) throw new Error('size');
        requests = parsed as Array<Record<string, unknown>>;
      } catch {
        const e = errors(400, 'InvalidInput', 'The body must be a JSON array of 1 to 20 fee estimate requests.');
        return sendJson(res, e.status, e.body);
      }
      const items = requests.map((r) => {
        const q = (r.FeesEstimateRequest ?? {}) as {
          MarketplaceId?: string;
          IsAmazonFulfilled?: boolean;
          Identifier?: string;
          PriceToEstimateFees?: { ListingPrice?: { Amount?: number; CurrencyCode?: string } };
        };
        const listing = q.PriceToEstimateFees?.ListingPrice ?? {};
        return {
          idType: String(r.IdType ?? ''),
          asin: String(r.IdValue ?? ''),
          marketplaceId: String(q.MarketplaceId ?? ''),
          fba: q.IsAmazonFulfilled === true,
          identifier: String(q.Identifier ?? ''),
          price: Number(listing.Amount ?? 0),
          currency: String(listing.CurrencyCode ?? ''),
        };
      });
      state.feeCalls.push({ at: Date.now(), items: items.map(({ asin, marketplaceId, price, currency }) => ({ asin, marketplaceId, price, currency })) });
      if (state.feesForbidden) {
        const e = errors(403, 'Unauthorized', 'Access to requested resource is denied.', '');
        return sendJson(res, e.status, e.body);
      }
      if (state.throttleFeesNext > 0) {
        state.throttleFeesNext -= 1;
        const e = errors(429, 'QuotaExceeded', 'You exceeded your quota for the requested resource.');
        return sendJson(res, e.status, e.body, { 'x-amzn-RateLimit-Limit': '0.5' });
      }
      const money = (amount: number, currency: string) => ({ CurrencyCode: currency, Amount: Math.round(amount * 100) / 100 });
      const fee = (type: string, amount: number, currency: string) => ({
        FeeType: type,
        FeeAmount: money(amount, currency),
        FinalFee: money(amount, currency),
        FeePromotion: money(0, currency),
      });
      const results = items.map((item) => {
        const identifier = {
          MarketplaceId: item.marketplaceId,
          IdType: item.idType,
          IdValue: item.asin,
          IsAmazonFulfilled: item.fba,
          SellerInputIdentifier: item.identifier,
          PriceToEstimateFees: { ListingPrice: money(item.price, item.currency), Shipping: money(0, item.currency) },
        };
        const answer = state.fees.get(item.asin) ?? state.feeRule?.(item.asin, item.marketplaceId, item.price) ?? defaultFees(item.price);
        const invalid =
          item.idType !== 'ASIN'
            ? { code: 'InvalidParameterValue', message: 'IdType must be ASIN or SellerSKU.' }
            : !(item.price > 0) || !item.currency
              ? { code: 'InvalidParameterValue', message: 'The listing price is missing.' }
              : 'code' in answer
                ? answer
                : null;
        if (invalid) {
          return {
            Status: 'ClientError',
            FeesEstimateIdentifier: identifier,
            FeesEstimate: null,
            Error: { Type: 'Sender', Code: invalid.code, Message: invalid.message, Detail: [] },
          };
        }
        const f = answer as FeeFixture;
        const details = [
          fee('ReferralFee', f.referral, item.currency),
          fee('VariableClosingFee', f.closing ?? 0, item.currency),
          fee('PerItemFee', 0, item.currency),
          {
            ...fee('FBAFees', f.fba, item.currency),
            IncludedFeeDetailList: [fee('FBAPerUnitFulfillmentFee', f.fba, item.currency)],
          },
          ...(f.dsf ? [fee('DigitalServicesFee', f.dsf, item.currency)] : []),
        ];
        return {
          Status: 'Success',
          FeesEstimateIdentifier: identifier,
          FeesEstimate: {
            TimeOfFeesEstimation: new Date().toISOString(),
            TotalFeesEstimate: money(f.referral + f.fba + (f.closing ?? 0) + (f.dsf ?? 0), item.currency),
            FeeDetailList: details,
          },
          Error: null,
        };
      });
      return sendJson(res, 200, results, { 'x-amzn-RateLimit-Limit': '0.5', 'x-amzn-RequestId': `fees-${state.feeCalls.length}` });
    }
    return sendJson(res, 404, { errors: [{ code: 'NotFound', message: 'Resource not found.' }] });
  }, port);

  return {
    ...fake,
    state,
    /** The env that points the server at this look-alike. */
    env: {
      SP_API_CLIENT_ID: CLIENT_ID,
      SP_API_CLIENT_SECRET: CLIENT_SECRET,
      SP_API_LWA_URL: `${fake.url}/auth/o2/token`,
      SP_API_BASE_URL_EU: fake.url,
      SP_API_BASE_URL_NA: fake.url,
    },
    /** Every access token issued so far stops working (Amazon's hour ended mid-run). */
    expireAccessTokens() {
      for (const key of state.accessTokens.keys()) state.accessTokens.set(key, false);
    },
    approvalRequired(asin: string, marketplaceId: string, host = 'sellercentral.amazon.de'): void {
      this.restrict(asin, marketplaceId, {
        reasonCode: 'APPROVAL_REQUIRED',
        message: 'You need approval to list in this brand.',
        links: [
          {
            resource: `https://${host}/hz/approvalrequest/restrictions/approve?asin=${asin}`,
            verb: 'GET',
            title: 'Request approval via Seller Central.',
            type: 'text/html',
          },
        ],
      });
    },
    restrict(asin: string, marketplaceId: string, reason: Reason): void {
      const perMarket = state.restrictions.get(asin) ?? new Map<string, Reason[]>();
      perMarket.set(marketplaceId, [...(perMarket.get(marketplaceId) ?? []), reason]);
      state.restrictions.set(asin, perMarket);
    },
  };
}
export type FakeSpApi = Awaited<ReturnType<typeof startFakeSpApi>>;
