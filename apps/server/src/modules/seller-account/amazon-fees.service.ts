import { isMarked, markThreshold, ourFeeParts, profitWithFees, type FeeParts } from '@dealradar/shared/amazon-fees';
import { normalizeEan } from '@dealradar/shared/ean';
import { rulesFeeParts } from '@dealradar/shared/profit';
import type { AmazonFeeChoiceBody, AmazonFeeDrifts, AmazonFeeEstimate, AmazonFeeEstimateBody } from '@dealradar/shared/contracts/amazon-fees';
import type { ProfitBreakdown } from '@dealradar/shared/contracts/scans';
import { getMarket, isMarketId, type MarketId } from '@dealradar/shared/markets';
import type { AppDeps } from '../../deps.ts';
import { conflict } from '../../errors/app-error.ts';
import { loadProfitTerms } from '../market-data/fee-rules.service.ts';
import type { AmazonListing } from '../market-data/market-data.types.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import * as feesRepo from './amazon-fees.repository.ts';
import * as repo from './seller-account.repository.ts';
import { authorizationRevoked, callForSeller } from './seller-call.ts';
import { fetchFeesEstimates, FEES_BATCH, type FeesRequestItem, type FeesResultItem } from './sp-api-fees.ts';
import { SpApiError } from './sp-api-client.ts';
import { TokenKeyMissing } from './token-crypto.ts';

/**
 * Amazon's own fee estimate (Product Fees v0) beside our fee rules, for the organization's connected seller account
 * (docs/seller-account.md): asked for an opened breakdown and for the top deals of a supplier scan, cached a day per
 * ASIN, market and price, compared with ours (recorded for the admins' drift view), and chosen per listing.
 */
export const ESTIMATE_REUSE_MS = 24 * 60 * 60 * 1000;
/** 429: wait 2 s (the call's own rate), then doubling, up to this many tries of one call. */
const MAX_TRIES = 5;

export const NOT_CONNECTED_HINT = "Connect your Amazon seller account in Settings to see Amazon's own fee estimate beside ours.";
export const NOT_A_STORE_FEES = "This market is not one of the stores of your connected seller account, so Amazon's fee estimate is not asked.";
export const NO_PRICE_FEES = "This listing has no buy box price, so Amazon's fee estimate cannot be asked.";
export const FEES_UNAVAILABLE = "Amazon's fee estimate could not be asked just now. Open the breakdown again in a few minutes.";
export const CHOOSE_NEEDS_ESTIMATE = "Amazon has not estimated this listing's fees yet: open its profit breakdown to ask Amazon first.";

const minor = (major: number) => Math.round(major * 100);
const major = (value: number | null) => (value === null ? 0 : value / 100);

interface Item {
  asin: string;
  market: string;
  /** Buy-box price, minor units. */
  price: number;
  currency: string;
}

type Outcome =
  | { kind: 'estimate'; row: feesRepo.EstimateRow; cached: boolean }
  | { kind: 'status'; status: 'NOT_CONNECTED' | 'NEEDS_RECONNECT' | 'NOT_A_STORE' | 'UNAVAILABLE'; message: string | null };

/** One call of up to 20 items from the seller's fee-estimate bucket (one call every two seconds, every process). */
function askAmazon(deps: AppDeps, account: repo.SellerAccountRow, items: FeesRequestItem[]): Promise<FeesResultItem[] | 'gone'> {
  const organizationId = account.organization_id;
  return callForSeller(deps, account, {
    take: () => feesRepo.takeFeesRequest(deps.db, organizationId),
    backOff: (seconds) => feesRepo.backOffFees(deps.db, organizationId, seconds),
    firstBackOffSeconds: 2,
    maxTries: MAX_TRIES,
    call: (accessToken) => fetchFeesEstimates(deps.config, account.region, accessToken, items),
  });
}

/**
 * Amazon's estimates of these listings for the organization: the day's cached answers, the rest asked in calls of 20.
 * Answers per item `${asin}|${market}|${price}`.
 */
async function estimates(deps: AppDeps, organizationId: string, items: Item[]): Promise<Map<string, Outcome>> {
  const out = new Map<string, Outcome>();
  const keyOf = (i: Pick<Item, 'asin' | 'market' | 'price'>) => `${i.asin}|${i.market}|${i.price}`;
  const account = await repo.findAccount(deps.db, organizationId);
  if (!account) {
    for (const item of items) out.set(keyOf(item), { kind: 'status', status: 'NOT_CONNECTED', message: NOT_CONNECTED_HINT });
    return out;
  }
  if (account.status !== 'CONNECTED') {
    for (const item of items) out.set(keyOf(item), { kind: 'status', status: 'NEEDS_RECONNECT', message: account.status_message });
    return out;
  }
  const now = deps.clock.now();
  const after = new Date(now.getTime() - ESTIMATE_REUSE_MS);
  const toAsk: Array<Item & { marketplaceId: string }> = [];
  for (const item of items) {
    const marketplaceId = isMarketId(item.market) ? getMarket(item.market).marketplaceId : undefined;
    if (!marketplaceId || !account.stores.some((s) => s.marketplaceId === marketplaceId)) {
      out.set(keyOf(item), { kind: 'status', status: 'NOT_A_STORE', message: NOT_A_STORE_FEES });
      continue;
    }
    const cached = await feesRepo.findEstimate(deps.db, organizationId, item.asin, item.market, item.price, after);
    if (cached) out.set(keyOf(item), { kind: 'estimate', row: cached, cached: true });
    else if (!toAsk.some((a) => keyOf(a) === keyOf(item))) toAsk.push({ ...item, marketplaceId });
  }
  for (let start = 0; start < toAsk.length; start += FEES_BATCH) {
    const batch = toAsk.slice(start, start + FEES_BATCH);
    const request = batch.map((item, index) => ({
      asin: item.asin,
      marketplaceId: item.marketplaceId,
      currency: item.currency,
      price: item.price / 100,
      id: `dr-${index + 1}`,
    }));
    let results: FeesResultItem[] | 'gone';
    try {
      results = await askAmazon(deps, account, request);
    } catch (error) {
      if (error instanceof SpApiError && error.kind === 'invalid_grant') {
        await authorizationRevoked(deps, organizationId, error.message);
        for (const item of toAsk.slice(start)) out.set(keyOf(item), { kind: 'status', status: 'NEEDS_RECONNECT', message: error.message });
        return out;
      }
      if (error instanceof SpApiError || error instanceof TokenKeyMissing) {
        deps.log.warn({ kind: error instanceof SpApiError ? error.kind : 'key', organizationId }, 'fee estimate refused');
      } else deps.log.error({ err: (error as Error).message, organizationId }, 'fee estimate failed');
      const message = error instanceof SpApiError && error.kind === 'forbidden' ? error.message : FEES_UNAVAILABLE;
      for (const item of batch) out.set(keyOf(item), { kind: 'status', status: 'UNAVAILABLE', message });
      continue;
    }
    if (results === 'gone') {
      for (const item of batch) out.set(keyOf(item), { kind: 'status', status: 'NOT_CONNECTED', message: NOT_CONNECTED_HINT });
      continue;
    }
    const at = deps.clock.now();
    for (const [index, item] of batch.entries()) {
      const result = results[index]!;
      const row: feesRepo.EstimateRow =
        result.status === 'SUCCESS'
          ? {
              asin: item.asin,
              market: item.market,
              price: item.price,
              currency: item.currency,
              status: 'SUCCESS',
              referral_fee: minor(result.referralFee),
              fba_fee: minor(result.fbaFee),
              closing_fee: minor(result.closingFee),
              digital_services_fee: minor(result.digitalServicesFee),
              other_fees: minor(result.otherFees),
              total: minor(result.total),
              message: null,
              estimated_at: at,
            }
          : {
              asin: item.asin,
              market: item.market,
              price: item.price,
              currency: item.currency,
              status: 'CLIENT_ERROR',
              referral_fee: null,
              fba_fee: null,
              closing_fee: null,
              digital_services_fee: null,
              other_fees: null,
              total: null,
              message: `Amazon could not estimate the fees of this listing: ${result.message}`,
              estimated_at: at,
            };
      await feesRepo.saveEstimate(deps.db, organizationId, row);
      out.set(keyOf(item), { kind: 'estimate', row, cached: false });
    }
  }
  deps.log.info({ organizationId, items: items.length, asked: toAsk.length }, 'fee estimates');
  return out;
}

async function eurRate(deps: AppDeps, currency: string): Promise<number> {
  return currency === 'EUR' ? 1 : (await deps.marketData.fxRate('EUR', currency)).rate;
}

/** Amazon's parts of a successful estimate, major units. */
function amazonParts(row: feesRepo.EstimateRow): FeeParts & { otherFees: number } {
  return {
    referralFee: major(row.referral_fee),
    fbaFee: major(row.fba_fee),
    closingFee: major(row.closing_fee),
    digitalServicesFee: major(row.digital_services_fee),
    otherFees: major(row.other_fees),
    total: major(row.total),
  };
}

/** Records one fresh comparison of Amazon's total with ours (the drift view). */
async function compare(
  deps: AppDeps,
  organizationId: string,
  row: feesRepo.EstimateRow,
  ours: FeeParts,
  rate: number,
  source: 'breakdown' | 'scan',
): Promise<{ difference: number; threshold: number; marked: boolean }> {
  const amazonTotal = row.total ?? 0;
  const difference = (amazonTotal - minor(ours.total)) / 100;
  const threshold = markThreshold(rate);
  const marked = isMarked(difference, threshold);
  await feesRepo.recordComparison(deps.db, {
    organizationId,
    asin: row.asin,
    market: row.market,
    currency: row.currency,
    price: row.price,
    ourTotal: minor(ours.total),
    amazonTotal,
    differenceEur: Math.round((amazonTotal - minor(ours.total)) / rate),
    marked,
    source,
    at: row.estimated_at,
  });
  return { difference, threshold, marked };
}

/** Our fee rules' parts (major units, before VAT on fees) of a listing at its buy box, for the user's seller profile today. */
async function rulesPartsAtBuyBox(deps: AppDeps, userId: string, listing: AmazonListing & { buyBoxPrice: number }): Promise<FeeParts> {
  const terms = await loadProfitTerms(deps.db, userId, deps.clock.now());
  const parts = rulesFeeParts(
    {
      market: listing.market,
      referralFeeRate: listing.referralFeeRate,
      fbaFee: listing.fbaFee,
      numberOfPacks: listing.packageQuantity,
      unitCost: null,
      seller: terms.seller,
      rules: terms.rules,
      at: terms.at,
    },
    listing.buyBoxPrice,
  );
  return {
    referralFee: major(parts.referralFee),
    fbaFee: major(parts.fbaFee),
    closingFee: major(parts.closingFee),
    digitalServicesFee: major(parts.digitalServicesFee),
    total: major(parts.total),
  };
}

/**
 * What an opened breakdown is compared at: the listing as our cache holds it (found through the EAN, or the ASIN's own
 * entry), its buy box and our fee rules' parts there. Null when the cache knows no such listing: the answer then shows
 * the breakdown's own price and fees, and records nothing.
 */
async function serverSide(deps: AppDeps, user: CurrentUser, body: AmazonFeeEstimateBody): Promise<{ price: number; ours: FeeParts | null } | null> {
  const market = body.market as MarketId;
  let listing: AmazonListing | undefined;
  try {
    const ean = body.ean ? normalizeEan(body.ean) : null;
    listing = await deps.marketData.cachedListing?.(body.asin, market, ean?.valid ? ean.ean : undefined);
  } catch (error) {
    deps.log.warn({ err: (error as Error).message, asin: body.asin, market }, 'fee comparison: cached listing not read');
  }
  if (!listing) return null;
  const price = listing.buyBoxPrice;
  if (price === null || !(price > 0)) return { price: 0, ours: null };
  return { price, ours: await rulesPartsAtBuyBox(deps, user.id, { ...listing, buyBoxPrice: price }) };
}

/**
 * POST /amazon-fees/estimate: Amazon's estimate of an opened breakdown's listing beside ours, and the profit with each.
 * Amazon is asked at the buy box our cache holds for the listing, and *ours* is our fee rules' at that price, computed
 * here: the breakdown the browser sends only gives the profit and ROI the fees are swapped into, so a made-up breakdown
 * changes neither the mark nor the admins' drift view. A listing the cache does not know is answered at the
 * breakdown's own price and fees, and not recorded as a comparison.
 */
export async function estimateForBreakdown(deps: AppDeps, user: CurrentUser, body: AmazonFeeEstimateBody): Promise<AmazonFeeEstimate> {
  const b = body.breakdown;
  const currency = isMarketId(body.market) ? getMarket(body.market).currency : b.currency;
  const [known, rate] = await Promise.all([serverSide(deps, user, body), eurRate(deps, currency)]);
  const ours = known?.ours ?? ourFeeParts(b);
  const item: Item = { asin: body.asin, market: body.market, price: known ? known.price : minor(b.price), currency };
  const [choice, outcomes] = await Promise.all([
    feesRepo.findChoice(deps.db, user.organizationId, body.asin, body.market),
    item.price > 0 ? estimates(deps, user.organizationId, [item]) : Promise.resolve(new Map<string, Outcome>()),
  ]);
  // The profit the user sees, with our rules' fees: the breakdown's own (its lines, or our rules kept beside Amazon's).
  const withRules = profitWithFees(b, ourFeeParts(b).total);
  const base: AmazonFeeEstimate = {
    status: 'NO_PRICE',
    message: NO_PRICE_FEES,
    currency,
    price: item.price / 100,
    ours,
    amazon: null,
    difference: null,
    threshold: markThreshold(rate),
    marked: false,
    estimatedAt: null,
    cached: false,
    choice,
    profitWithRules: withRules.profit,
    roiWithRules: withRules.roi,
    profitWithAmazon: null,
    roiWithAmazon: null,
  };
  const outcome = outcomes.get(`${item.asin}|${item.market}|${item.price}`);
  if (!outcome) return base;
  if (outcome.kind === 'status') return { ...base, status: outcome.status, message: outcome.message };
  const row = outcome.row;
  if (row.status === 'CLIENT_ERROR')
    return { ...base, status: 'CLIENT_ERROR', message: row.message, estimatedAt: row.estimated_at.toISOString(), cached: outcome.cached };
  const amazon = amazonParts(row);
  // Only a fresh estimate of a listing our cache knows is a comparison for the drift view.
  const compared =
    outcome.cached || !known?.ours
      ? {
          difference: Math.round((amazon.total - ours.total) * 100) / 100,
          threshold: base.threshold,
          marked: isMarked(amazon.total - ours.total, base.threshold),
        }
      : await compare(deps, user.organizationId, row, ours, rate, 'breakdown');
  const withAmazon = profitWithFees(b, amazon.total);
  return {
    ...base,
    status: 'ESTIMATED',
    message: null,
    amazon,
    ...compared,
    estimatedAt: row.estimated_at.toISOString(),
    cached: outcome.cached,
    profitWithAmazon: withAmazon.profit,
    roiWithAmazon: withAmazon.roi,
  };
}

/**
 * PUT /amazon-fees/choice: the organization's fees for this listing from now on. Amazon's estimate needs one (the
 * newest successful estimate of the ASIN and market is kept with the choice, so later scans use it without a call).
 */
export async function chooseFees(deps: AppDeps, user: CurrentUser, body: AmazonFeeChoiceBody) {
  let estimate: feesRepo.EstimateRow | null = null;
  if (body.choice === 'AMAZON') {
    estimate = (await feesRepo.latestSuccess(deps.db, user.organizationId, body.asin, body.market)) ?? null;
    if (!estimate) throw conflict(CHOOSE_NEEDS_ESTIMATE);
  }
  await feesRepo.saveChoice(deps.db, { organizationId: user.organizationId, ...body, estimate, userId: user.id, at: deps.clock.now() });
  deps.log.info({ organizationId: user.organizationId, asin: body.asin, market: body.market, choice: body.choice }, 'fee source chosen');
  return { asin: body.asin, market: body.market, choice: body.choice };
}

/** The number of top deals of a supplier or brand scan whose fees Amazon estimates in the background (one call of 20). */
export const TOP_DEALS = 20;

/** The top deals of a finished supplier scan by profit: Amazon's estimate and the comparison (the job's work). */
export async function estimateTopDeals(deps: AppDeps, scanId: string): Promise<{ asked: number; compared: number }> {
  return estimateTopListings(deps, await feesRepo.topScanDeals(deps.db, scanId, TOP_DEALS));
}

/** The top favorites of a finished brand scan by profit (in EUR, its markets may differ): the same as a supplier scan's. */
export async function estimateTopFavorites(deps: AppDeps, brandScanId: string): Promise<{ asked: number; compared: number }> {
  return estimateTopListings(deps, await feesRepo.topBrandScanFavorites(deps.db, brandScanId, TOP_DEALS));
}

/** Amazon's estimate of a scan's top listings (one organization's, with their breakdowns), each fresh one compared with ours. */
async function estimateTopListings(
  deps: AppDeps,
  deals: Array<{ organization_id: string; asin: string; market: string; breakdown: unknown }>,
): Promise<{ asked: number; compared: number }> {
  const organizationId = deals[0]?.organization_id;
  if (!organizationId) return { asked: 0, compared: 0 };
  const items: Array<Item & { breakdown: ProfitBreakdown }> = [];
  for (const deal of deals) {
    const breakdown = deal.breakdown as ProfitBreakdown;
    const price = minor(breakdown.price ?? 0);
    if (price > 0 && isMarketId(deal.market)) items.push({ asin: deal.asin, market: deal.market, price, currency: getMarket(deal.market).currency, breakdown });
  }
  const outcomes = await estimates(deps, organizationId, items);
  let asked = 0;
  let compared = 0;
  for (const item of items) {
    const outcome = outcomes.get(`${item.asin}|${item.market}|${item.price}`);
    if (outcome?.kind !== 'estimate' || outcome.cached) continue;
    asked += 1;
    if (outcome.row.status !== 'SUCCESS') continue;
    await compare(deps, organizationId, outcome.row, ourFeeParts(item.breakdown), await eurRate(deps, item.currency), 'scan');
    compared += 1;
  }
  return { asked, compared };
}

/** GET /admin/amazon-fee-drifts: the biggest (or most recent) differences and the mean per market. */
export async function feeDrifts(deps: Pick<AppDeps, 'db'>, query: { sort?: 'biggest' | 'recent'; limit?: number }): Promise<AmazonFeeDrifts> {
  const [rows, markets] = await Promise.all([feesRepo.drifts(deps.db, query.sort ?? 'biggest', query.limit ?? 50), feesRepo.driftsByMarket(deps.db)]);
  return {
    markets: markets.map((m) => ({ market: m.market, comparisons: m.comparisons, marked: m.marked, meanDifferenceEur: Math.round(m.mean_eur) / 100 })),
    items: rows.map((r) => ({
      asin: r.asin,
      market: r.market,
      currency: r.currency,
      price: r.price / 100,
      ourTotal: r.our_total / 100,
      amazonTotal: r.amazon_total / 100,
      difference: r.difference / 100,
      differenceEur: r.difference_eur / 100,
      marked: r.marked,
      source: r.source,
      comparedAt: r.compared_at.toISOString(),
    })),
  };
}
