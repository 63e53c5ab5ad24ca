import { defaultSellerProfile } from '@dealradar/shared/fee-rules';
import { MARKETS, type MarketId } from '@dealradar/shared/markets';
import { computeProfit, convertMinor } from '@dealradar/shared/profit';
import { estimateSales, monthlyProfitOf, type SalesEstimate } from '@dealradar/shared/sales-estimate';
import type { AppDeps } from '../../deps.ts';
import { loadFeeRules } from '../market-data/fee-rules.service.ts';
import { salesFactsOf } from '../market-data/sales-facts.ts';

/** The markets a drop's Best ROI is the best of. */
export const ROI_MARKETS = MARKETS.filter((m) => m.region === 'Europe').map((m) => m.id);

export interface DropForRoi {
  id: number;
  gtin: string;
  /** EUR cents. */
  newPriceExclVat: number;
}

export interface MarketRoi {
  dropId: number;
  market: MarketId;
  roi: number;
  /** The listing the ROI was computed for (its listing restriction is checked per ASIN and market). */
  asin: string | null;
  /** The listing's sales estimate (docs/sales-estimate.md), from the same look-up; null when nothing is known. */
  salesEstimate?: SalesEstimate | null;
  /** The seller's share × profit per unit at the new price, converted to EUR (two decimals); null without a share. */
  monthlyProfitEur?: number | null;
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The ROI of each drop at its new price in every European Amazon market (those where a listing with a buy box is
 * known), through the market-data layer (its shared cache first). Drops are shared by every user: the default seller
 * profile (DE, VAT-registered) is used. With `organizationId` the organization's match rules choose the listing and
 * its pack count (docs/trusted-deals.md), as they do for the drop's profit basis. A market whose look-up fails is
 * skipped (logged): ROI never fails its caller.
 */
export async function roiPerMarket(
  deps: Pick<AppDeps, 'db' | 'marketData' | 'log'>,
  drops: DropForRoi[],
  at: Date,
  organizationId?: string,
): Promise<MarketRoi[]> {
  if (drops.length === 0) return [];
  const out: MarketRoi[] = [];
  const eans = [...new Set(drops.map((d) => d.gtin))];
  const rules = await loadFeeRules(deps.db);
  const seller = defaultSellerProfile(null);
  for (const market of ROI_MARKETS) {
    try {
      const currency = MARKETS.find((m) => m.id === market)!.currency;
      const [fx, lookup] = await Promise.all([
        deps.marketData.fxRate('EUR', currency),
        deps.marketData.lookupListings(eans, market, organizationId ? { organizationId } : undefined),
      ]);
      for (const drop of drops) {
        const resolved = lookup.resolved.get(drop.gtin);
        if (!resolved) continue;
        const profit = computeProfit({
          seller,
          rules,
          at,
          market,
          buyBoxPrice: resolved.listing.buyBoxPrice,
          referralFeeRate: resolved.listing.referralFeeRate,
          fbaFee: resolved.listing.fbaFee,
          numberOfPacks: resolved.numberOfPacks,
          unitCost: convertMinor(drop.newPriceExclVat, fx.rate),
        });
        if (profit.roiPercentage === null) continue;
        // The estimate rests on the facts the cached listing already holds: no extra look-up per drop.
        const salesEstimate = estimateSales(market, salesFactsOf(resolved.listing));
        const monthly = monthlyProfitOf(salesEstimate, profit.profit === null ? null : profit.profit / 100);
        out.push({
          dropId: drop.id,
          market,
          roi: profit.roiPercentage,
          asin: resolved.listing.asin || null,
          salesEstimate,
          monthlyProfitEur: monthly === null ? null : Math.round((monthly / fx.rate) * 100) / 100,
        });
      }
    } catch (error) {
      deps.log.warn({ market, organizationId, err: (error as Error).message }, 'best-market ROI of price drops skipped for this market');
    }
    await yieldToEventLoop();
  }
  return out;
}

export interface BestRoi {
  roi: number;
  market: MarketId;
  /** The estimate of the best market's listing and the seller's monthly profit there (EUR). */
  salesEstimate: SalesEstimate | null;
  monthlyProfitEur: number | null;
}

/** The best market of each drop (the highest ROI; the first market of ROI_MARKETS on a tie), with its estimate. */
export function bestOf(rows: MarketRoi[]): Map<number, BestRoi> {
  const best = new Map<number, BestRoi>();
  for (const row of rows) {
    const current = best.get(row.dropId);
    if (!current || row.roi > current.roi)
      best.set(row.dropId, { roi: row.roi, market: row.market, salesEstimate: row.salesEstimate ?? null, monthlyProfitEur: row.monthlyProfitEur ?? null });
  }
  return best;
}
