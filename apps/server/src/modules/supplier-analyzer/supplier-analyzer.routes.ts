import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { manualEntryBodySchema, supplierScanStartFieldsSchema, tokenEstimateFieldsSchema, type SupplierStartResponse } from '@dealradar/shared/contracts/scans';
import { supplierAnalyzerApi as supplierApi } from '@dealradar/shared/contracts/endpoints/scans';
import type { AppDeps } from '../../deps.ts';
import { badRequest } from '../../errors/app-error.ts';
import { parse } from '../../lib/validate.ts';
import { userOf, type AuthGuards } from '../../plugins/auth.ts';
import { contractRoutes } from '../../plugins/contract-routes.ts';
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
    const route = contractRoutes(scope, guards);

    route(supplierApi.activeScan, async (request, reply) => {
      const [scan] = await scans.listActive(deps, userOf(request), 'supplier');
      if (!scan) return reply.status(204).send();
      return scans.toSupplierStatus(scan, deps.clock.now());
    });

    /**
     * multipart/form-data: marketId, eanColumn, priceColumn, brandColumn, file — or application/json manual entry:
     * { marketId, rows: [{ ean, brand, price? }] }. Answers { scanId, allowedEans, totalEans, status }. The content type
     * decides how the body is read, so the route validates it itself (the contract's bodyKind 'multipart-or-json').
     */
    route(supplierApi.start, async (request): Promise<SupplierStartResponse> => {
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
          // "No brand": as an upload without a brand column, deals carry the listing's brand.
          columns: { ean: 'ean', brand: body.noBrand ? '' : 'brand', price: 'price', priceTerms: scans.priceTermsOfFields(body) },
        });
      }
      return { scanId: started.scan.id, allowedEans: started.allowedEans, totalEans: started.totalEans, status: started.scan.status };
    });

    /** The expected Keepa token cost of a file before its scan starts (the upload dialogs show it). */
    route(supplierApi.tokenEstimate, async (request) => {
      if (!request.isMultipart()) throw badRequest('Send the file as multipart/form-data with marketId and eanColumn.');
      const upload = await receiveSupplierUpload(request, deps.config.DATA_DIR);
      try {
        const fields = parse(tokenEstimateFieldsSchema, upload.fields);
        return await scans.estimateScanTokens(deps, userOf(request), {
          path: upload.path,
          market: fields.marketId,
          eanColumn: fields.eanColumn,
          sheet: fields.sheet,
        });
      } finally {
        removeUpload(upload.path);
      }
    });

    route(supplierApi.status, async (request) => {
      return scans.toSupplierStatus(await scans.getOwnScan(deps, userOf(request), 'supplier', request.params.id), deps.clock.now());
    });

    /**
     * Cancel (issues 12 and 23: any running scan of the user's own can be stopped; SPEC §7 lists no supplier cancel,
     * the CSV Template Analyzer's rule applies): an unfinished scan ends as ERROR 'The scan was canceled.' with
     * `canceled: true` at once, the deals found so far stay, the EANs not analyzed go back to the month's allowance,
     * and the worker running it — in this process or another — stops (scans.jobs.ts watches for it). Another
     * user's scan answers 404.
     */
    route(supplierApi.cancel, async (request) => {
      return scans.toSupplierStatus(await scans.cancelOwnScan(deps, userOf(request), 'supplier', request.params.id));
    });

    route(supplierApi.results, async (request) => {
      return listDeals(deps, userOf(request), request.query);
    });

    route(supplierApi.resultFilters, async (request) => dealFilters(deps, userOf(request)));

    /** The live deals with the list's filters and order, every page: ?format=csv|excel-csv|xlsx&brands&markets&sortBy&sortOrder. */
    route(supplierApi.downloadResults, async (request, reply) => {
      const query = request.query;
      const type = DOWNLOAD_TYPES[query.format];
      const day = deps.clock.now().toISOString().slice(0, 10);
      return sendDownload(reply, { contentType: type.contentType, fileName: `deals_${day}.${type.extension}` }, dealsFile(deps, userOf(request), query));
    });

    /** The scan's unusable rows (line, reason, value, message) as CSV. */
    route(supplierApi.report, async (request, reply) => {
      const scan = await scans.getOwnScan(deps, userOf(request), 'supplier', request.params.id);
      return sendDownload(reply, { contentType: DOWNLOAD_TYPES.csv.contentType, fileName: `scan_report_${scan.id}.csv` }, reportCsvStream(deps, scan.id));
    });

    route(supplierApi.clearResults, async (request) => {
      return { deleted: await clearDeals(deps, userOf(request)) };
    });
  });
}
