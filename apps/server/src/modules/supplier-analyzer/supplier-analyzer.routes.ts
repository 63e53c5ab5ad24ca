import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import {
  manualEntryBodySchema,
  supplierResultsDownloadQuerySchema,
  supplierResultsQuerySchema,
  supplierScanStartFieldsSchema,
  tokenEstimateFieldsSchema,
  type SupplierStartResponse,
} from '@dealradar/shared/contracts/scans';
import type { AppDeps } from '../../deps.ts';
import { badRequest } from '../../errors/app-error.ts';
import { parse } from '../../lib/validate.ts';
import { userOf, type AuthGuards } from '../../plugins/auth.ts';
import { DOWNLOAD_TYPES, sendDownload } from '../scans/result-files.ts';
import { reportCsvStream } from '../scans/scan-issues.ts';
import { clearDeals, dealFilters, dealsFile, listDeals } from '../scans/scan-results.service.ts';
import { removeUpload } from '../scans/scan-files.ts';
import * as scans from '../scans/scans.service.ts';
import { receiveSupplierUpload, writeManualEntryFile, type ReceivedUpload } from '../scans/upload-receiver.ts';

/** SPEC §7 "Supplier analyzer" (any logged-in user; the plan's EAN allowance applies). */
export function registerSupplierAnalyzerRoutes(api: FastifyInstance, deps: AppDeps, guards: AuthGuards): void {
  api.register(async (scope) => {
    await scope.register(multipart);
    const user = { preHandler: guards.requireUser };

    scope.get('/supplier-analyzer/active-scan', user, async (request, reply) => {
      const [scan] = await scans.listActive(deps, userOf(request), 'supplier');
      if (!scan) return reply.status(204).send();
      return scans.toSupplierStatus(scan);
    });

    /**
     * multipart/form-data: marketId, eanColumn, priceColumn, brandColumn, file — or application/json manual entry:
     * { marketId, rows: [{ ean, brand, price? }] }. Answers { scanId, allowedEans, totalEans, status }.
     */
    scope.post('/supplier-analyzer/start', user, async (request): Promise<SupplierStartResponse> => {
      const current = userOf(request);
      let upload: ReceivedUpload;
      let started: scans.StartedScan;
      if (request.isMultipart()) {
        upload = await receiveSupplierUpload(request, deps.config.DATA_DIR);
        let fields;
        try {
          fields = parse(supplierScanStartFieldsSchema, upload.fields);
        } catch (error) {
          removeUpload(upload.path);
          throw error;
        }
        started = await scans.startScan(deps, current, {
          kind: 'supplier',
          upload,
          source: 'upload',
          market: fields.marketId,
          columns: scans.columnsOf(fields),
        });
      } else {
        const body = parse(manualEntryBodySchema, request.body);
        upload = await writeManualEntryFile(deps.config.DATA_DIR, body.rows);
        started = await scans.startScan(deps, current, {
          kind: 'supplier',
          upload,
          source: 'manual',
          market: body.marketId,
          columns: { ean: 'ean', brand: 'brand', price: 'price' },
        });
      }
      return { scanId: started.scan.id, allowedEans: started.allowedEans, totalEans: started.totalEans, status: started.scan.status };
    });

    /** The expected Keepa token cost of a file before its scan starts (the upload dialogs show it). */
    scope.post('/supplier-analyzer/token-estimate', user, async (request) => {
      if (!request.isMultipart()) throw badRequest('Send the file as multipart/form-data with marketId and eanColumn.');
      const upload = await receiveSupplierUpload(request, deps.config.DATA_DIR);
      try {
        const fields = parse(tokenEstimateFieldsSchema, upload.fields);
        return await scans.estimateScanTokens(deps, { path: upload.path, market: fields.marketId, eanColumn: fields.eanColumn, sheet: fields.sheet });
      } finally {
        removeUpload(upload.path);
      }
    });

    scope.get<{ Params: { id: string } }>('/supplier-analyzer/:id/status', user, async (request) => {
      return scans.toSupplierStatus(await scans.getOwnScan(deps, userOf(request), 'supplier', request.params.id));
    });

    /**
     * Cancel (issue 12: a scan waiting hours for Keepa tokens can be stopped; SPEC §7 lists no supplier cancel, the
     * CSV Template Analyzer's rule applies): an unfinished scan ends as ERROR 'The scan was canceled.' at once.
     */
    scope.post<{ Params: { id: string } }>('/supplier-analyzer/:id/cancel', user, async (request) => {
      return scans.toSupplierStatus(await scans.cancelOwnScan(deps, userOf(request), 'supplier', request.params.id));
    });

    scope.get('/supplier-analyzer/results', user, async (request) => {
      return listDeals(deps, userOf(request), parse(supplierResultsQuerySchema, request.query));
    });

    scope.get('/supplier-analyzer/results/filters', user, async (request) => dealFilters(deps, userOf(request)));

    /** The live deals with the list's filters and order, every page: ?format=csv|excel-csv|xlsx&brands&markets&sortBy&sortOrder. */
    scope.get('/supplier-analyzer/results/download', user, async (request, reply) => {
      const query = parse(supplierResultsDownloadQuerySchema, request.query);
      const type = DOWNLOAD_TYPES[query.format];
      const day = deps.clock.now().toISOString().slice(0, 10);
      return sendDownload(reply, { contentType: type.contentType, fileName: `deals_${day}.${type.extension}` }, dealsFile(deps, userOf(request), query));
    });

    /** The scan's unusable rows (line, reason, value, message) as CSV. */
    scope.get<{ Params: { id: string } }>('/supplier-analyzer/:id/report', user, async (request, reply) => {
      const scan = await scans.getOwnScan(deps, userOf(request), 'supplier', request.params.id);
      return sendDownload(reply, { contentType: DOWNLOAD_TYPES.csv.contentType, fileName: `scan_report_${scan.id}.csv` }, reportCsvStream(deps, scan.id));
    });

    scope.delete('/supplier-analyzer/results', user, async (request) => {
      return { deleted: await clearDeals(deps, userOf(request)) };
    });
  });
}
