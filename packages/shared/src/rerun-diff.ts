/**
 * What changed between two runs of the same supplier list (docs/trusted-deals.md "Re-running a supplier's
 * list"): deals that are new, deals that are gone, and deals whose profit moved by more than a threshold. Pure, so the
 * rule is one definition tested as a table (rerun-diff.test.ts); the server applies it to the two runs' stored deals.
 */

/** The default threshold of "profit moved": more than €1.00 per unit, up or down. */
export const DEFAULT_PROFIT_CHANGE_THRESHOLD = 1;
/** The largest threshold the screen and the API accept (EUR). */
export const MAX_PROFIT_CHANGE_THRESHOLD = 10_000;

/** One deal of a run (money in EUR). */
export interface RunDeal {
  ean: string;
  asin: string;
  productName: string | null;
  brand: string | null;
  estimatedProfit: number | null;
  roiPercentage: number | null;
}

export const RUN_CHANGE_KINDS = ['new', 'gone', 'moved'] as const;
export type RunChangeKind = (typeof RUN_CHANGE_KINDS)[number];

export interface RunChange {
  kind: RunChangeKind;
  ean: string;
  /** Today's listing (the previous one for a deal that is gone). */
  asin: string;
  productName: string | null;
  brand: string | null;
  previousProfit: number | null;
  currentProfit: number | null;
  /** currentProfit − previousProfit (EUR, to the cent); null for a new or gone deal. */
  profitChange: number | null;
  previousRoi: number | null;
  currentRoi: number | null;
  /** A deal gone because the organization marked its listing a wrong match since the last run; absent otherwise. */
  goneReason?: 'wrong-match';
}

export interface RunChangeCounts {
  new: number;
  gone: number;
  moved: number;
  /** Deals in both runs whose profit moved by the threshold or less. */
  unchanged: number;
}

const cents = (value: number | null) => (value === null ? null : Math.round(value * 100));

/**
 * True when the profit moved by MORE than `threshold` (EUR) either way, compared in whole cents (so 2.10 → 1.10 is
 * exactly €1.00, not moved at the default threshold). A profit unknown on either side never counts as moved.
 */
export function profitMoved(previous: number | null, current: number | null, threshold: number): boolean {
  const before = cents(previous);
  const after = cents(current);
  if (before === null || after === null) return false;
  return Math.abs(after - before) > Math.round(Math.max(0, threshold) * 100);
}

const ORDER: Record<RunChangeKind, number> = { new: 0, moved: 1, gone: 2 };

/**
 * The changes from `previous` to `current`, matched by EAN (one row per EAN of the list; the listing may differ when a
 * match rule changed it). `notChecked`: EANs the current run could not look up (Amazon data unavailable) — their
 * previous deals are not counted as gone, since nothing is known about them today. Order: new deals, then moved
 * (largest move first), then gone (largest previous profit first), ties by EAN.
 */
export function diffRuns(
  previous: readonly RunDeal[],
  current: readonly RunDeal[],
  options: { threshold?: number; notChecked?: ReadonlySet<string> } = {},
): { changes: RunChange[]; counts: RunChangeCounts } {
  const threshold = options.threshold ?? DEFAULT_PROFIT_CHANGE_THRESHOLD;
  const before = new Map(previous.map((deal) => [deal.ean, deal]));
  const now = new Map(current.map((deal) => [deal.ean, deal]));
  const changes: RunChange[] = [];
  const counts: RunChangeCounts = { new: 0, gone: 0, moved: 0, unchanged: 0 };
  for (const deal of now.values()) {
    const old = before.get(deal.ean);
    if (!old) {
      counts.new += 1;
      changes.push(change('new', deal, null, deal));
    } else if (profitMoved(old.estimatedProfit, deal.estimatedProfit, threshold)) {
      counts.moved += 1;
      changes.push(change('moved', deal, old, deal));
    } else {
      counts.unchanged += 1;
    }
  }
  for (const old of before.values()) {
    if (now.has(old.ean) || options.notChecked?.has(old.ean)) continue;
    counts.gone += 1;
    changes.push(change('gone', old, old, null));
  }
  changes.sort((a, b) => ORDER[a.kind] - ORDER[b.kind] || weight(b) - weight(a) || a.ean.localeCompare(b.ean));
  return { changes, counts };
}

function change(kind: RunChangeKind, shown: RunDeal, previous: RunDeal | null, current: RunDeal | null): RunChange {
  const before = cents(previous?.estimatedProfit ?? null);
  const after = cents(current?.estimatedProfit ?? null);
  return {
    kind,
    ean: shown.ean,
    asin: shown.asin,
    productName: shown.productName,
    brand: shown.brand,
    previousProfit: previous?.estimatedProfit ?? null,
    currentProfit: current?.estimatedProfit ?? null,
    profitChange: before === null || after === null ? null : (after - before) / 100,
    previousRoi: previous?.roiPercentage ?? null,
    currentRoi: current?.roiPercentage ?? null,
  };
}

/** Sort weight inside a kind: the size of a move, else the deal's profit. */
function weight(c: RunChange): number {
  if (c.kind === 'moved') return Math.abs(c.profitChange ?? 0);
  return (c.kind === 'new' ? c.currentProfit : c.previousProfit) ?? 0;
}

/** '+€1.20', '−€2.05' (a real minus sign), '±€0.00'. */
export function formatProfitChange(change: number): string {
  const amount = `€${Math.abs(change).toFixed(2)}`;
  if (Math.round(change * 100) === 0) return `±${amount}`;
  return change > 0 ? `+${amount}` : `−${amount}`;
}
