import { download, endpoint, idParams, noContent } from '../endpoint.ts';
import { tokenEstimateSchema } from '../../keepa-tokens.ts';
import {
  supplierListsQuerySchema,
  supplierListsSchema,
  rerunResponseSchema,
  runChangesDownloadQuerySchema,
  runChangesQuerySchema,
  runChangesSchema,
} from '../supplier-lists.ts';

/**
 * Kept supplier lists and re-runs (issue 17; our own paths beside SPEC §7's supplier calls). Another user's scan, an
 * unknown or malformed id: 404 'Scan not found'.
 */
export const supplierListsApi = {
  list: endpoint({
    method: 'GET',
    path: '/supplier-analyzer/lists',
    access: 'user',
    tag: 'supplier-analyzer',
    summary: "The user's kept supplier lists (completed scans within the plan's retention), newest first, paged (zero-based).",
    query: supplierListsQuerySchema,
    responses: { 200: supplierListsSchema },
  }),
  rerun: endpoint({
    method: 'POST',
    path: '/supplier-analyzer/lists/:id/rerun',
    access: 'user',
    tag: 'supplier-analyzer',
    summary:
      'Re-run a kept list against today’s Amazon data (same mapping, market and minimum ROI; takes EAN uploads like an upload). 403 when the plan’s retention has passed.',
    params: idParams,
    responses: { 200: rerunResponseSchema },
  }),
  rerunEstimate: endpoint({
    method: 'GET',
    path: '/supplier-analyzer/lists/:id/rerun-estimate',
    access: 'user',
    tag: 'supplier-analyzer',
    summary:
      'What a re-run of a kept list would take (issue 23, shown in its confirmation): the list’s distinct valid EANs and the expected Keepa tokens today. 409 when the list is no longer kept.',
    params: idParams,
    responses: { 200: tokenEstimateSchema },
  }),
  changes: endpoint({
    method: 'GET',
    path: '/supplier-analyzer/lists/:id/changes',
    access: 'user',
    tag: 'supplier-analyzer',
    summary: 'A completed re-run’s changes since the run it re-ran: new deals, deals gone, profit moved by more than `threshold` EUR (default 1).',
    params: idParams,
    query: runChangesQuerySchema,
    responses: { 200: runChangesSchema },
  }),
  downloadChanges: endpoint({
    method: 'GET',
    path: '/supplier-analyzer/lists/:id/changes/download',
    access: 'user',
    tag: 'supplier-analyzer',
    summary: 'The re-run’s changes as CSV (change, ean, asin, productName, brand, previousProfit, currentProfit, profitChange, previousRoi, currentRoi).',
    params: idParams,
    query: runChangesDownloadQuerySchema,
    responses: { 200: download('The changes as CSV.', 'text/csv') },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/supplier-analyzer/lists/:id',
    access: 'user',
    tag: 'supplier-analyzer',
    summary: 'Delete a kept list now (the scan’s deals stay until they expire).',
    params: idParams,
    responses: { 204: noContent },
  }),
} as const;
