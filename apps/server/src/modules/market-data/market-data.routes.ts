import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { importQuerySchema } from '@dealradar/shared/contracts/market-data';
import { marketDataApi } from '@dealradar/shared/contracts/endpoints/market-data';
import type { AppDeps } from '../../deps.ts';
import { badRequest, notFound } from '../../errors/app-error.ts';
import { removeUpload } from '../scans/scan-files.ts';
import { receiveSupplierUpload } from '../scans/upload-receiver.ts';
import { parse } from '../../lib/validate.ts';
import { userOf, type AuthGuards } from '../../plugins/auth.ts';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { changeMapping, createMapping, pageMappings, removeMapping } from './ean-asin-mapping.service.ts';
import { feeRulesTable } from './fee-rules.service.ts';
import { importKeepaExport, marketDataStatus } from './keepa-import.service.ts';
import { demoSupplierSampleCsv } from './providers/demo/demo-supplier-sample.ts';

/**
 * GET /market-data/source (any user): active providers, for the 'Demo data' badge.
 * /ean-asin-mapping (admin): list (page, size), create, update, delete (SPEC §7).
 * /market-data/admin/status and POST /market-data/imports (admin): the data-source card and Keepa export import.
 * GET /market-data/fee-rules (admin): the fee rules in force and every dated row.
 */
export function registerMarketDataRoutes(api: FastifyInstance, deps: AppDeps, guards: AuthGuards): void {
  const route = contractRoutes(api, guards);
  route(marketDataApi.source, async () => deps.marketData.source);
  // A supplier price list of demo EANs to try the analyzers with (demo Amazon data only).
  route(marketDataApi.demoSupplierSample, async (_request, reply) => {
    if (deps.marketData.source.retail !== 'demo') throw notFound('The demo catalogue is not active.');
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="demo-supplier-price-list.csv"')
      .send(demoSupplierSampleCsv(deps.clock.now()));
  });

  // The fee rules the profit engine uses: in force on ?date=YYYY-MM-DD (default today), and every row.
  route(marketDataApi.feeRules, async (request) => {
    const { date } = request.query;
    return feeRulesTable(deps.db, date ? new Date(`${date}T12:00:00Z`) : deps.clock.now());
  });

  route(marketDataApi.listMappings, async (request) => pageMappings(deps, request.query.page, request.query.size));
  route(marketDataApi.createMapping, async (request, reply) => reply.status(201).send(await createMapping(deps, request.body)));
  route(marketDataApi.updateMapping, async (request) => changeMapping(deps, request.params.id, request.body));
  route(marketDataApi.deleteMapping, async (request, reply) => {
    await removeMapping(deps, request.params.id);
    return reply.status(204).send();
  });

  route(marketDataApi.adminStatus, async () => marketDataStatus(deps));

  void api.register(async (scope) => {
    await scope.register(multipart);
    // multipart/form-data: file (the CSV or XLSX export, streamed to disk) and optional market (when the export has no
    // Locale column).
    // The multipart fields are read from the stream, so the route validates them itself (bodyKind 'multipart').
    contractRoutes(scope, guards)(marketDataApi.importKeepaExport, async (request, reply) => {
      if (!request.isMultipart()) throw badRequest('Please upload the Keepa export as multipart/form-data with a field named file.');
      const upload = await receiveSupplierUpload(request, deps.config.DATA_DIR, {
        tooLargeMessage: 'The export is larger than 50 MB. Split it and import the parts.',
        missingFile: 'Choose the Keepa export (CSV or XLSX) to import.',
        maxFields: 5,
        anyName: true,
      });
      let market;
      try {
        market = parse(importQuerySchema, { market: upload.fields.market || undefined }).market;
      } catch (error) {
        removeUpload(upload.path);
        throw error;
      }
      return reply.status(201).send(await importKeepaExport(deps, userOf(request), { fileName: upload.fileName, path: upload.path, market }));
    });
  });
}
