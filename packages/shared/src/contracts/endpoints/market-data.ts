import { z } from 'zod';
import { download, endpoint, idParams, noContent } from '../endpoint.ts';
import {
  feeRulesQuerySchema,
  feeRulesTableSchema,
  importQuerySchema,
  importResultSchema,
  mappingBodySchema,
  mappingPageSchema,
  mappingSchema,
  marketDataSourceSchema,
  marketDataStatusSchema,
} from '../market-data.ts';
import { pageQuerySchema } from '../../paging.ts';

const tag = 'market-data';

/** SPEC §7 "Mapping" (admin) and the market-data calls of the data-source card, the fee rules and the demo sample. */
export const marketDataApi = {
  source: endpoint({
    method: 'GET',
    path: '/market-data/source',
    access: 'user',
    tag,
    summary: 'Which providers are active (the Demo data badge).',
    responses: { 200: marketDataSourceSchema },
  }),
  demoSupplierSample: endpoint({
    method: 'GET',
    path: '/market-data/demo/supplier-sample.csv',
    access: 'user',
    tag,
    summary: 'A supplier price list of demo EANs (only while the demo catalogue is active).',
    responses: { 200: download('demo-supplier-price-list.csv', 'text/csv') },
  }),
  feeRules: endpoint({
    method: 'GET',
    path: '/market-data/fee-rules',
    access: 'admin',
    tag,
    summary: 'The fee rules in force on ?date (default today) and every dated row.',
    query: feeRulesQuerySchema,
    responses: { 200: feeRulesTableSchema },
  }),
  listMappings: endpoint({
    method: 'GET',
    path: '/ean-asin-mapping',
    access: 'admin',
    tag,
    summary: 'EAN-ASIN mappings, paged (zero-based).',
    query: pageQuerySchema,
    responses: { 200: mappingPageSchema },
  }),
  createMapping: endpoint({
    method: 'POST',
    path: '/ean-asin-mapping',
    access: 'admin',
    tag,
    summary: 'Add a mapping.',
    body: mappingBodySchema,
    responses: { 201: mappingSchema },
  }),
  updateMapping: endpoint({
    method: 'PUT',
    path: '/ean-asin-mapping/:id',
    access: 'admin',
    tag,
    summary: 'Change a mapping.',
    params: idParams,
    body: mappingBodySchema,
    responses: { 200: mappingSchema },
  }),
  deleteMapping: endpoint({
    method: 'DELETE',
    path: '/ean-asin-mapping/:id',
    access: 'admin',
    tag,
    summary: 'Remove a mapping.',
    params: idParams,
    responses: { 204: noContent },
  }),
  adminStatus: endpoint({
    method: 'GET',
    path: '/market-data/admin/status',
    access: 'admin',
    tag,
    summary: 'The data-source card: providers, tokens, recent imports.',
    responses: { 200: marketDataStatusSchema },
  }),
  importKeepaExport: endpoint({
    method: 'POST',
    path: '/market-data/imports',
    access: 'admin',
    tag,
    summary: 'Import a Keepa export (CSV or XLSX, at most 50 MB) as multipart: file and market (when the export has no Locale column).',
    body: importQuerySchema.extend({ file: z.string().describe('The export file (binary).') }),
    bodyKind: 'multipart',
    responses: { 201: importResultSchema },
  }),
} as const;
