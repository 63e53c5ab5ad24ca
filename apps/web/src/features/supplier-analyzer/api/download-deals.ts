import type { DownloadFormat } from '@dealradar/shared/contracts/scans';
import { apiRequest } from '../../../lib/api-client.ts';
import { downloadFileName } from '../../../lib/download-formats.ts';
import type { DealsQuery } from './supplier-keys.ts';

/**
 * GET /supplier-analyzer/results/download?format&brands&markets&sortBy&sortOrder: every live deal with the list's
 * filters and order, as CSV, CSV for Excel or XLSX (issue 11; money columns in EUR).
 */
export function downloadDeals(query: Omit<DealsQuery, 'page'>, format: DownloadFormat): Promise<Blob> {
  return apiRequest<Blob>('/supplier-analyzer/results/download', {
    query: {
      format,
      sortBy: query.sortBy,
      sortOrder: query.sortOrder,
      brands: query.brands,
      markets: query.markets,
      hideAmazonBuyBox: query.hideAmazonBuyBox ? 'true' : undefined,
      hideWarnings: query.hideWarnings.length ? query.hideWarnings.join(',') : undefined,
      minProfitableShare: query.minProfitableShare ?? undefined,
    },
    responseType: 'blob',
    timeoutMs: 180_000,
  });
}

/** 'deals_2026-11-23.csv', 'deals_2026-11-23_excel.csv', 'deals_2026-11-23.xlsx'. */
export function dealsFileName(day: string, format: DownloadFormat): string {
  return downloadFileName(`deals_${day}`, format);
}
