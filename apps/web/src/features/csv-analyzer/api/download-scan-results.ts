import { FILE_TRANSFER_TIMEOUT_MS } from '@dealradar/shared/constants';
import type { DownloadFormat } from '@dealradar/shared/contracts/scans';
import { csvTemplateAnalyzerApi } from '@dealradar/shared/contracts/endpoints/scans';
import { ApiError, callEndpoint } from '../../../lib/api-client.ts';
import { downloadFileName } from '../../../lib/download-formats.ts';

/** GET /catalog/scan/{id}/results?format= as a blob (SPEC §7; csv, excel-csv or xlsx). */
export function getScanResults(scanId: string, format: DownloadFormat = 'csv'): Promise<Blob> {
  return callEndpoint(csvTemplateAnalyzerApi.results, { params: { id: scanId }, query: { format }, timeoutMs: FILE_TRANSFER_TIMEOUT_MS });
}

/** 'scan_results_{id}.csv' (SPEC), or the name of the other formats. */
export function resultsFileName(scanId: string, format: DownloadFormat = 'csv'): string {
  return downloadFileName(`scan_results_${scanId}`, format);
}

/** The 'Download Failed' message of SPEC §8 for a failed results call. */
export function downloadFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 404) return 'Scan not found';
    if (error.status === 409) return 'Scan is not completed yet';
    return error.serverError ?? error.message;
  }
  return error instanceof Error ? error.message : 'Failed to get scan results';
}
