import { z } from 'zod';
import { download, endpoint, idParams, noContent } from '../endpoint.ts';
import { tokenEstimateSchema } from '../../keepa-tokens.ts';
import {
  clearDealsResponseSchema,
  csvScanListSchema,
  csvScanSchema,
  csvScanStartFieldsSchema,
  dealFiltersSchema,
  manualEntryBodySchema,
  queueInfoSchema,
  resultsDownloadQuerySchema,
  supplierResultsDownloadQuerySchema,
  supplierResultsPageSchema,
  supplierResultsQuerySchema,
  supplierScanStartFieldsSchema,
  supplierScanStatusSchema,
  supplierStartResponseSchema,
  tokenEstimateFieldsSchema,
} from '../scans.ts';

const file = z.object({ file: z.string().describe('The supplier file, .csv or .xlsx (binary; send the text fields before it).') });
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const resultsDownload = download('The results as CSV (default), Excel-friendly CSV or XLSX.', 'text/csv', XLSX);
const reportDownload = download("The scan's unusable rows (line, reason, value, message).", 'text/csv');

/** SPEC §7 "CSV Template Analyzer" (admin only). */
export const csvTemplateAnalyzerApi = {
  start: endpoint({
    method: 'POST', path: '/catalog/scan/start', access: 'admin', tag: 'csv-template-analyzer',
    summary: 'Start a scan of an uploaded file (multipart: marketplaceId or marketId, eanColumn, priceColumn, brandColumn, then file). Answers the scanId as text.',
    body: csvScanStartFieldsSchema.and(file), bodyKind: 'multipart',
    responses: { 200: { description: 'The scanId.', content: { 'text/plain': { schema: z.string() } } } },
  }),
  active: endpoint({ method: 'GET', path: '/catalog/scan/active', access: 'admin', tag: 'csv-template-analyzer', summary: 'Unfinished scans.', responses: { 200: csvScanListSchema } }),
  history: endpoint({ method: 'GET', path: '/catalog/scan/history', access: 'admin', tag: 'csv-template-analyzer', summary: 'Scans of the last 24 hours.', responses: { 200: csvScanListSchema } }),
  status: endpoint({ method: 'GET', path: '/catalog/scan/:id/status', access: 'admin', tag: 'csv-template-analyzer', summary: 'A scan.', params: idParams, responses: { 200: csvScanSchema } }),
  results: endpoint({
    method: 'GET', path: '/catalog/scan/:id/results', access: 'admin', tag: 'csv-template-analyzer', summary: 'A completed scan’s results file (saved as scan_results_{id}.csv).',
    params: idParams, query: resultsDownloadQuerySchema, responses: { 200: resultsDownload },
  }),
  report: endpoint({ method: 'GET', path: '/catalog/scan/:id/report', access: 'admin', tag: 'csv-template-analyzer', summary: "A scan's unusable rows as CSV.", params: idParams, responses: { 200: reportDownload } }),
  queuePosition: endpoint({ method: 'GET', path: '/catalog/scan/:id/queue-position', access: 'admin', tag: 'csv-template-analyzer', summary: 'Position in the scan queue.', params: idParams, responses: { 200: queueInfoSchema } }),
  cancel: endpoint({ method: 'POST', path: '/catalog/scan/:id/cancel', access: 'admin', tag: 'csv-template-analyzer', summary: 'Cancel a scan.', params: idParams, responses: { 200: csvScanSchema } }),
  remove: endpoint({ method: 'DELETE', path: '/catalog/scan/:id', access: 'admin', tag: 'csv-template-analyzer', summary: 'Remove a scan and its results.', params: idParams, responses: { 204: noContent } }),
} as const;

/** SPEC §7 "Supplier analyzer" (any signed-in user; the plan's EAN allowance applies). */
export const supplierAnalyzerApi = {
  activeScan: endpoint({
    method: 'GET', path: '/supplier-analyzer/active-scan', access: 'user', tag: 'supplier-analyzer', summary: "The user's unfinished scan, or 204 when there is none.",
    responses: { 200: supplierScanStatusSchema, 204: noContent },
  }),
  start: endpoint({
    method: 'POST', path: '/supplier-analyzer/start', access: 'user', tag: 'supplier-analyzer',
    summary: 'Start a scan: multipart (marketId, eanColumn, priceColumn, brandColumn, then file) or JSON manual entry { marketId, rows }.',
    body: z.union([manualEntryBodySchema, supplierScanStartFieldsSchema.and(file)]), bodyKind: 'multipart-or-json', responses: { 200: supplierStartResponseSchema },
  }),
  tokenEstimate: endpoint({
    method: 'POST', path: '/supplier-analyzer/token-estimate', access: 'user', tag: 'supplier-analyzer', summary: "The expected Keepa token cost of a file before its scan starts (multipart: marketId, eanColumn, sheet, then file).",
    body: tokenEstimateFieldsSchema.and(file), bodyKind: 'multipart', responses: { 200: tokenEstimateSchema },
  }),
  status: endpoint({ method: 'GET', path: '/supplier-analyzer/:id/status', access: 'user', tag: 'supplier-analyzer', summary: 'A scan’s progress and report.', params: idParams, responses: { 200: supplierScanStatusSchema } }),
  cancel: endpoint({ method: 'POST', path: '/supplier-analyzer/:id/cancel', access: 'user', tag: 'supplier-analyzer', summary: 'Cancel an unfinished scan.', params: idParams, responses: { 200: supplierScanStatusSchema } }),
  results: endpoint({ method: 'GET', path: '/supplier-analyzer/results', access: 'user', tag: 'supplier-analyzer', summary: 'Live deals, paged (zero-based), filtered and sorted.', query: supplierResultsQuerySchema, responses: { 200: supplierResultsPageSchema } }),
  resultFilters: endpoint({ method: 'GET', path: '/supplier-analyzer/results/filters', access: 'user', tag: 'supplier-analyzer', summary: 'Brands and markets of the live deals.', responses: { 200: dealFiltersSchema } }),
  downloadResults: endpoint({
    method: 'GET', path: '/supplier-analyzer/results/download', access: 'user', tag: 'supplier-analyzer', summary: "Every live deal with the list's filters and order, as a file.",
    query: supplierResultsDownloadQuerySchema, responses: { 200: resultsDownload },
  }),
  report: endpoint({ method: 'GET', path: '/supplier-analyzer/:id/report', access: 'user', tag: 'supplier-analyzer', summary: "A scan's unusable rows as CSV.", params: idParams, responses: { 200: reportDownload } }),
  clearResults: endpoint({ method: 'DELETE', path: '/supplier-analyzer/results', access: 'user', tag: 'supplier-analyzer', summary: 'Remove every deal.', responses: { 200: clearDealsResponseSchema } }),
} as const;
