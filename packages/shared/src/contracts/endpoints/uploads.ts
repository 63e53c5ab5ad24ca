import { z } from 'zod';
import { endpoint, idParams } from '../endpoint.ts';
import { tokenEstimateSchema } from '../../keepa-tokens.ts';
import { manualUploadBodySchema, uploadPreviewQuerySchema, uploadPreviewSchema, uploadSchema, uploadTokenEstimateBodySchema } from '../scans.ts';

const file = z.object({ file: z.string().describe('The supplier file, .csv or .xlsx (binary), at most 52428800 bytes.') });

/**
 * Uploads (docs/scans.md "How an upload flows"): a supplier file is streamed to disk once and named by its id; the
 * preview, the token estimate and the start of a scan (POST /supplier-analyzer/scans, POST /catalog/scans) name it.
 * An upload is its user's (another user's id answers 404), counts against nothing until a scan starts from it, and is
 * removed with its file after an hour without use.
 */
export const uploadsApi = {
  create: endpoint({
    method: 'POST',
    path: '/uploads',
    access: 'user',
    tag: 'uploads',
    summary: 'Store a supplier file (multipart: file) once; answers its id and preview. 413 over 50 MB; 400 for files that are not CSV or XLSX.',
    body: file,
    bodyKind: 'multipart',
    responses: { 200: uploadSchema },
  }),
  createManual: endpoint({
    method: 'POST',
    path: '/uploads/manual',
    access: 'user',
    tag: 'uploads',
    summary: 'Store manually entered rows (ean, brand, price) as an upload; its columns are ean, brand and price.',
    body: manualUploadBodySchema,
    responses: { 200: uploadSchema },
  }),
  preview: endpoint({
    method: 'GET',
    path: '/uploads/:id/preview',
    access: 'user',
    tag: 'uploads',
    summary: 'The header and first rows of an upload (?sheet= another sheet of a workbook).',
    params: idParams,
    query: uploadPreviewQuerySchema,
    responses: { 200: uploadPreviewSchema },
  }),
  tokenEstimate: endpoint({
    method: 'POST',
    path: '/uploads/:id/token-estimate',
    access: 'user',
    tag: 'uploads',
    summary: "The expected Keepa token cost of an upload's EAN column in a market (or ALL), with the file's EAN checks.",
    params: idParams,
    body: uploadTokenEstimateBodySchema,
    responses: { 200: tokenEstimateSchema },
  }),
} as const;
