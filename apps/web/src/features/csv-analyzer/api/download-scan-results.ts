import { ApiError, apiRequest } from '../../../lib/api-client.ts';

/** GET /catalog/scan/{id}/results as a blob (SPEC §7). */
export function getScanResults(scanId: string): Promise<Blob> {
  return apiRequest<Blob>(`/catalog/scan/${encodeURIComponent(scanId)}/results`, { responseType: 'blob', timeoutMs: 180_000 });
}

export function resultsFileName(scanId: string): string {
  return `scan_results_${scanId}.csv`;
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
