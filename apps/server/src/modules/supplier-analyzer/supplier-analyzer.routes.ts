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
import { receiveSupplierUpload, writeManualEntryFile } from '../scans/upload-receiver.ts';
import * as uploads from '../uploads/uploads.service.ts';

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
     * SPEC §7: multipart/form-data (marketId, eanColumn, priceColumn, brandColumn, file), or application/json manual
     * entry { marketId, rows: [{ ean, brand, price? }] }. Answers { scanId, allowedEans, totalEans, status }. The file
     * or rows become an upload that is scanned at once (the web app uploads first and starts by id:
     * POST /supplier-analyzer/scans). The content type decides how the body is read, so the route validates it itself.
     */
    route(supplierApi.start, async (request): Promise<SupplierStartResponse> => {
      const current = userOf(request);
      let started: scans.StartedScan;
      if (request.isMultipart()) {
        const received = await receiveSupplierUpload(request, deps.config.DATA_DIR);
        let fields;
        try {
          fields = parse(supplierScanStartFieldsSchema, received.fields);
        } catch (error) {
          removeUpload(received.path);
          throw error;
        }
        started = await uploads.startScanOfReceived(deps, current, received, 'upload', {
          kind: 'supplier',
          market: fields.marketId,
          columns: scans.columnsOf(fields),
        });
      } else {
        const body = parse(manualEntryBodySchema, request.body);
        const received = await writeManualEntryFile(deps.config.DATA_DIR, body.rows);
        started = await uploads.startScanOfReceived(deps, current, received, 'manual', {
          kind: 'supplier',
          market: body.marketId,
          // "No brand": as an upload without a brand column, deals carry the listing's brand.
          columns: { ean: 'ean', brand: body.noBrand ? '' : 'brand', price: 'price', priceTerms: scans.priceTermsOfFields(body) },
        });
      }
      return startAnswer(started);
    });

    /** A scan of a stored upload (POST /uploads, POST /uploads/manual) with its mapping: the file is not sent again. */
    route(supplierApi.startFromUpload, async (request): Promise<SupplierStartResponse> => {
      const body = request.body;
      const started = await uploads.startScanOfUpload(deps, userOf(request), body.uploadId, {
        kind: 'supplier',
        market: body.marketId,
        columns: scans.columnsOf(body),
      });
      return startAnswer(started);
    });

    /**
     * The expected Keepa token cost of a file sent with the request (read once, then removed). The upload dialogs
     * name a stored upload instead: POST /uploads/{id}/token-estimate.
     */
    route(supplierApi.tokenEstimate, async (request) => {
      if (!request.isMultipart()) throw badRequest('Send the file as multipart/form-data with marketId and eanColumn.');
      const received = await receiveSupplierUpload(request, deps.config.DATA_DIR);
      return uploads.withReceivedFile(received, async (upload) => {
        const fields = parse(tokenEstimateFieldsSchema, received.fields);
        return scans.estimateScanTokens(deps, userOf(request), {
          path: upload.path,
          market: fields.marketId,
          eanColumn: fields.eanColumn,
          sheet: fields.sheet,
        });
      });
    });

    route(supplierApi.status, async (request) => {
      return scans.toSupplierStatus(await scans.getOwnScan(deps, userOf(request), 'supplier', request.params.id), deps.clock.now());
    });

    /**
     * Cancel (any running scan of the user's own can be stopped; SPEC §7 lists no supplier cancel,
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

function startAnswer(started: scans.StartedScan): SupplierStartResponse {
  return { scanId: started.scan.id, allowedEans: started.allowedEans, totalEans: started.totalEans, status: started.scan.status };
}
