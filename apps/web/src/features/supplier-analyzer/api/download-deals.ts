import { FILE_TRANSFER_TIMEOUT_MS } from '@dealradar/shared/constants';
import type { DownloadFormat } from '@dealradar/shared/contracts/scans';
import { supplierAnalyzerApi } from '@dealradar/shared/contracts/endpoints/scans';
import { callEndpoint } from '../../../lib/api-client.ts';
import { downloadFileName } from '../../../lib/download-formats.ts';
import { dealsFilterQuery, type DealsQuery } from './deals-query.ts';

/**
 * GET /supplier-analyzer/results/download?format&brands&markets&sortBy&sortOrder: every live deal with the list's
 * filters and order, as CSV, CSV for Excel or XLSX (money columns in EUR).
 */
export function downloadDeals(query: Omit<DealsQuery, 'page'>, format: DownloadFormat): Promise<Blob> {
  return callEndpoint(supplierAnalyzerApi.downloadResults, { query: { format, ...dealsFilterQuery(query) }, timeoutMs: FILE_TRANSFER_TIMEOUT_MS });
}

/** 'deals_2026-11-23.csv', 'deals_2026-11-23_excel.csv', 'deals_2026-11-23.xlsx'. */
export function dealsFileName(day: string, format: DownloadFormat): string {
  return downloadFileName(`deals_${day}`, format);
}
