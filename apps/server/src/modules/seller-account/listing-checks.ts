import { MARKETS } from '@dealradar/shared/markets';
import type { AppDeps } from '../../deps.ts';
import * as repo from './seller-account.repository.ts';
import { authorizationRevoked, callForSeller } from './seller-call.ts';
import { fetchRestrictions, SpApiError, type CheckedRestriction } from './sp-api-client.ts';
import { TokenKeyMissing } from './token-crypto.ts';

/** A worker holds an ASIN this long; a claim left by a dead worker is taken again after it. */
const CLAIM_MS = 2 * 60 * 1000;
/** Amazon's answer is reused this long (a re-run of the same list costs no calls); "check again" asks at once. */
export const REUSE_MS = 7 * 24 * 60 * 60 * 1000;
/** 429: wait 1 s, then doubling, up to this many tries of one call. */
const MAX_TRIES = 6;
export const NOT_A_STORE = 'Not checked: this market is not one of the stores of your connected seller account.';
export const CHECK_FAILED = 'Not checked: Amazon could not be asked just now. It is checked again after the next scan.';

/**
 * The queue of one organization, until it is empty: per ASIN one call for every market of it the seller sells in,
 * each call taken from the seller's rate bucket; 429 backs off (for every process) and tries again; an access token
 * Amazon no longer takes is refreshed once; invalid_grant stops the checks, marks the connection and tells the
 * organization's admin once.
 */
export async function runListingChecks(deps: AppDeps, organizationId: string): Promise<{ asked: number; asins: number }> {
  let asked = 0;
  let asins = 0;
  for (;;) {
    const account = await repo.findAccount(deps.db, organizationId);
    if (!account || account.status !== 'CONNECTED') return { asked, asins };
    const now = deps.clock.now();
    const claim = await repo.claimNextAsin(deps.db, organizationId, now, new Date(now.getTime() + CLAIM_MS));
    if (!claim) return { asked, asins };
    asins += 1;
    const answers = new Map<string, CheckedRestriction>();
    const marketplaceIds: string[] = [];
    for (const market of claim.markets) {
      const marketplaceId = MARKETS.find((m) => m.id === market)?.marketplaceId;
      if (marketplaceId && account.stores.some((s) => s.marketplaceId === marketplaceId)) marketplaceIds.push(marketplaceId);
      else answers.set(market, { status: 'NOT_CHECKED', reason: NOT_A_STORE, approvalUrl: null });
    }
    if (marketplaceIds.length) {
      try {
        const result = await askAmazon(deps, account, claim.asin, marketplaceIds, () => (asked += 1));
        if (result === 'gone') return { asked, asins };
        for (const [marketplaceId, answer] of result) {
          const market = MARKETS.find((m) => m.marketplaceId === marketplaceId)?.id;
          if (market) answers.set(market, answer);
        }
      } catch (error) {
        if (error instanceof SpApiError && error.kind === 'invalid_grant') {
          await authorizationRevoked(deps, organizationId, error.message);
          return { asked, asins };
        }
        const reason = error instanceof SpApiError && error.kind === 'forbidden' ? `Not checked: ${error.message}` : CHECK_FAILED;
        if (!(error instanceof SpApiError) && !(error instanceof TokenKeyMissing))
          deps.log.error({ err: (error as Error).message, organizationId }, 'listing check failed');
        else deps.log.warn({ kind: error instanceof SpApiError ? error.kind : 'key', organizationId }, 'listing check refused');
        for (const market of claim.markets) if (!answers.has(market)) answers.set(market, { status: 'NOT_CHECKED', reason, approvalUrl: null });
      }
    }
    await repo.storeAnswers(deps.db, organizationId, claim.asin, answers, deps.clock.now());
  }
}

/** One restrictions call of one ASIN in the seller's markets, from the seller's restrictions bucket. */
function askAmazon(
  deps: AppDeps,
  account: repo.SellerAccountRow,
  asin: string,
  marketplaceIds: string[],
  counted: () => void,
): Promise<Map<string, CheckedRestriction> | 'gone'> {
  const organizationId = account.organization_id;
  return callForSeller(deps, account, {
    take: () => repo.takeRequest(deps.db, organizationId),
    backOff: (seconds) => repo.backOff(deps.db, organizationId, seconds),
    firstBackOffSeconds: 1,
    maxTries: MAX_TRIES,
    sent: counted,
    onRateLimit: (rate) => repo.keepRestrictionsRate(deps.db, organizationId, rate),
    call: async (accessToken) => {
      const { answers, rateLimit } = await fetchRestrictions(deps.config, account.region, accessToken, { asin, sellerId: account.merchant_id, marketplaceIds });
      if (rateLimit !== undefined) await repo.keepRestrictionsRate(deps.db, organizationId, rateLimit);
      return answers;
    },
  });
}

/** Called as a supplier scan completes: queue its deals' checks (answers of the last week reused). Never fails the scan. */
export async function queueChecksOfScan(deps: AppDeps, scanId: string): Promise<string | undefined> {
  const now = deps.clock.now();
  return repo.queueScanDeals(deps.db, scanId, now, new Date(now.getTime() - REUSE_MS));
}
