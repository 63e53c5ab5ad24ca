import type { BrandScanState, BrandScanStatus } from '@dealradar/shared/contracts/brand-analyzer';

/** SPEC §4 Brand scan status colours: PROCESSING blue, COMPLETED green, ERROR red, anything else gray. */
export function scanStatusColor(status: BrandScanStatus | string): 'blue' | 'green' | 'red' | 'gray' {
  if (status === 'PROCESSING') return 'blue';
  if (status === 'COMPLETED') return 'green';
  if (status === 'ERROR') return 'red';
  return 'gray';
}

export interface ScanProgressView {
  /** 1-based number of the brand being scanned, capped at the total. */
  brandNumber: number;
  brandPercent: number;
  /** 1-based number of the market being scanned within the current brand, capped at the total. */
  marketNumber: number;
  marketPercent: number;
}

const percent = (done: number, total: number) => (total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0);

/** Figures of the two progress bars: brands done of all brands, markets done of the current brand's markets. */
export function scanProgress(scan: Pick<BrandScanState, 'status' | 'totalBrands' | 'processedBrands' | 'totalMarkets' | 'processedMarkets'>): ScanProgressView {
  if (scan.status === 'COMPLETED') {
    return { brandNumber: scan.totalBrands, brandPercent: 100, marketNumber: scan.totalMarkets, marketPercent: 100 };
  }
  return {
    brandNumber: Math.min(scan.processedBrands + 1, Math.max(scan.totalBrands, 1)),
    brandPercent: percent(scan.processedBrands, scan.totalBrands),
    marketNumber: Math.min(scan.processedMarkets + 1, Math.max(scan.totalMarkets, 1)),
    marketPercent: percent(scan.processedMarkets, scan.totalMarkets),
  };
}
