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
 * Calls one job keeps in flight. Amazon answers a restrictions call in a few hundred milliseconds; one call at a time
 * would stay below the seller's 5 per second. The seller's rate bucket, shared by every process, still decides when
 * each call may go.
 */
export const CHECK_LANES = 3;

/**
 * The queue of one organization, until it is empty: per ASIN one call for every market of it the seller sells in,
 * each call taken from the seller's rate bucket, CHECK_LANES ASINs at a time; 429 backs off (for every process) and
 * tries again; an access token Amazon no longer takes is refreshed once; invalid_grant stops the checks, marks the
 * connection and tells the organization's admin once.
 */
export async function runListingChecks(deps: AppDeps, organizationId: string): Promise<{ asked: number; asins: number }> {
  const counts = { asked: 0, asins: 0 };
  let stopped = false;
  const lane = async () => {
    while (!stopped) {
      const outcome = await checkNextAsin(deps, organizationId, () => (counts.asked += 1));
      // Nothing left to claim: the other lanes (and processes) finish the ASINs they hold.
      if (outcome === 'empty') return;
      if (outcome === 'stop') stopped = true;
      else counts.asins += 1;
    }
  };
  const lanes = await Promise.allSettled(
    Array.from({ length: CHECK_LANES }, () =>
      lane().catch((error: unknown) => {
        stopped = true;
        throw error;
      }),
    ),
  );
  const failed = lanes.find((l): l is PromiseRejectedResult => l.status === 'rejected');
  if (failed) throw failed.reason;
  return counts;
}

/** Claims the next ASIN of the organization's queue, asks Amazon and stores the answers. */
async function checkNextAsin(deps: AppDeps, organizationId: string, counted: () => void): Promise<'checked' | 'empty' | 'stop'> {
  const account = await repo.findAccount(deps.db, organizationId);
  if (!account || account.status !== 'CONNECTED') return 'stop';
  const now = deps.clock.now();
  const claim = await repo.claimNextAsin(deps.db, organizationId, now, new Date(now.getTime() + CLAIM_MS));
  if (!claim) return 'empty';
  const answers = new Map<string, CheckedRestriction>();
  const marketplaceIds: string[] = [];
  for (const market of claim.markets) {
    const marketplaceId = MARKETS.find((m) => m.id === market)?.marketplaceId;
    if (marketplaceId && account.stores.some((s) => s.marketplaceId === marketplaceId)) marketplaceIds.push(marketplaceId);
    else answers.set(market, { status: 'NOT_CHECKED', reason: NOT_A_STORE, approvalUrl: null });
  }
  if (marketplaceIds.length) {
    try {
      const result = await askAmazon(deps, account, claim.asin, marketplaceIds, counted);
      if (result === 'gone') return 'stop';
      for (const [marketplaceId, answer] of result) {
        const market = MARKETS.find((m) => m.marketplaceId === marketplaceId)?.id;
        if (market) answers.set(market, answer);
      }
    } catch (error) {
      if (error instanceof SpApiError && error.kind === 'invalid_grant') {
        await authorizationRevoked(deps, organizationId, error.message);
        return 'stop';
      }
      const reason = error instanceof SpApiError && error.kind === 'forbidden' ? `Not checked: ${error.message}` : CHECK_FAILED;
      if (!(error instanceof SpApiError) && !(error instanceof TokenKeyMissing))
        deps.log.error({ err: (error as Error).message, organizationId }, 'listing check failed');
      else deps.log.warn({ kind: error instanceof SpApiError ? error.kind : 'key', organizationId }, 'listing check refused');
      for (const market of claim.markets) if (!answers.has(market)) answers.set(market, { status: 'NOT_CHECKED', reason, approvalUrl: null });
    }
  }
  await repo.storeAnswers(deps.db, organizationId, claim.asin, answers, deps.clock.now());
  return 'checked';
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
