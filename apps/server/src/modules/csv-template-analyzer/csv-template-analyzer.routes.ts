import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { csvScanStartFieldsSchema } from '@dealradar/shared/contracts/scans';
import { csvTemplateAnalyzerApi as csvApi } from '@dealradar/shared/contracts/endpoints/scans';
import { findMarketByMarketplaceId, type MarketId } from '@dealradar/shared/markets';
import type { AppDeps } from '../../deps.ts';
import { badRequest } from '../../errors/app-error.ts';
import { parse } from '../../lib/validate.ts';
import { userOf, type AuthGuards } from '../../plugins/auth.ts';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { DOWNLOAD_TYPES, sendDownload } from '../scans/result-files.ts';
import { reportCsvStream } from '../scans/scan-issues.ts';
import { scanResultsFile } from '../scans/scan-results.service.ts';
import { removeUpload } from '../scans/scan-files.ts';
import * as scans from '../scans/scans.service.ts';
import { receiveSupplierUpload } from '../scans/upload-receiver.ts';
import * as uploads from '../uploads/uploads.service.ts';

/** SPEC §7 "CSV Template Analyzer" (admin only). */
export function registerCsvTemplateAnalyzerRoutes(api: FastifyInstance, deps: AppDeps, guards: AuthGuards): void {
  api.register(async (scope) => {
    await scope.register(multipart);
    const route = contractRoutes(scope, guards);

    /**
     * Multipart: marketplaceId, marketId, eanColumn, priceColumn ('' = none), brandColumn, file. Answers the scanId as text.
     * The fields arrive with the stream, so the route validates them itself (the contract's bodyKind 'multipart').
     */
    route(csvApi.start, async (request, reply) => {
      const user = userOf(request);
      const received = await receiveSupplierUpload(request, deps.config.DATA_DIR);
      let market: MarketId;
      let fields;
      try {
        fields = parse(csvScanStartFieldsSchema, received.fields);
        market = resolveMarket(fields.marketId, fields.marketplaceId);
      } catch (error) {
        removeUpload(received.path);
        throw error;
      }
      const started = await uploads.startScanOfReceived(deps, user, received, 'upload', { kind: 'csv_template', market, columns: scans.columnsOf(fields) });
      return reply.status(200).type('text/plain; charset=utf-8').send(started.scan.id);
    });

    /** A scan of a stored upload (POST /uploads) with its mapping: the file is not sent again. Answers { scanId }. */
    route(csvApi.startFromUpload, async (request) => {
      const body = request.body;
      const market = resolveMarket(body.marketId, body.marketplaceId);
      const started = await uploads.startScanOfUpload(deps, userOf(request), body.uploadId, {
        kind: 'csv_template',
        market,
        columns: scans.columnsOf(body),
      });
      return { scanId: started.scan.id };
    });

    route(csvApi.active, async (request) => {
      return (await scans.listActive(deps, userOf(request), 'csv_template')).map(scans.toCsvScan);
    });

    route(csvApi.history, async (request) => {
      return (await scans.listHistory(deps, userOf(request), 'csv_template')).map(scans.toCsvScan);
    });

    route(csvApi.status, async (request) => {
      return scans.toCsvScan(await scans.getOwnScan(deps, userOf(request), 'csv_template', request.params.id));
    });

    /** ?format=csv (default, SPEC) | excel-csv | xlsx. */
    route(csvApi.results, async (request, reply) => {
      const scan = await scans.getOwnScan(deps, userOf(request), 'csv_template', request.params.id);
      const { format } = request.query;
      scans.requireCompleted(scan);
      const type = DOWNLOAD_TYPES[format];
      return sendDownload(
        reply,
        { contentType: type.contentType, fileName: `scan_results_${scan.id}.${type.extension}` },
        scanResultsFile(deps, scan.id, format),
      );
    });

    /** The scan's unusable rows (line, reason, value, message) as CSV. */
    route(csvApi.report, async (request, reply) => {
      const scan = await scans.getOwnScan(deps, userOf(request), 'csv_template', request.params.id);
      return sendDownload(reply, { contentType: DOWNLOAD_TYPES.csv.contentType, fileName: `scan_report_${scan.id}.csv` }, reportCsvStream(deps, scan.id));
    });

    route(csvApi.queuePosition, async (request) => {
      return scans.queuePosition(deps, userOf(request), 'csv_template', request.params.id);
    });

    route(csvApi.cancel, async (request) => {
      return scans.toCsvScan(await scans.cancelOwnScan(deps, userOf(request), 'csv_template', request.params.id));
    });

    route(csvApi.remove, async (request, reply) => {
      await scans.deleteOwnScan(deps, userOf(request), 'csv_template', request.params.id);
      return reply.status(204).send();
    });
  });
}

function resolveMarket(marketId: MarketId | undefined, marketplaceId: string | undefined): MarketId {
  const byMarketplace = marketplaceId ? findMarketByMarketplaceId(marketplaceId) : undefined;
  if (marketplaceId && !byMarketplace) throw badRequest(`Unknown marketplaceId ${marketplaceId}.`);
  if (marketId && byMarketplace && byMarketplace.id !== marketId) throw badRequest('marketplaceId and marketId name different markets.');
  const market = marketId ?? byMarketplace?.id;
  if (!market) throw badRequest('Please choose a market (DE, UK, FR, IT, ES, US or CA).');
  return market;
}
