import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { manualEntryBodySchema, supplierResultsQuerySchema, supplierScanStartFieldsSchema, type SupplierStartResponse } from '@dealradar/shared/contracts/scans';
import type { AppDeps } from '../../deps.ts';
import { parse } from '../../lib/validate.ts';
import { userOf, type AuthGuards } from '../../plugins/auth.ts';
import { clearDeals, dealFilters, listDeals } from '../scans/scan-results.service.ts';
import { removeUpload } from '../scans/scan-files.ts';
import * as scans from '../scans/scans.service.ts';
import { receiveCsvUpload, writeManualEntryFile, type ReceivedUpload } from '../scans/upload-receiver.ts';

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
        upload = await receiveCsvUpload(request, deps.config.DATA_DIR);
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
          columns: { ean: fields.eanColumn, brand: fields.brandColumn, price: fields.priceColumn },
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

    scope.get<{ Params: { id: string } }>('/supplier-analyzer/:id/status', user, async (request) => {
      return scans.toSupplierStatus(await scans.getOwnScan(deps, userOf(request), 'supplier', request.params.id));
    });

    scope.get('/supplier-analyzer/results', user, async (request) => {
      return listDeals(deps, userOf(request), parse(supplierResultsQuerySchema, request.query));
    });

    scope.get('/supplier-analyzer/results/filters', user, async (request) => dealFilters(deps, userOf(request)));

    scope.delete('/supplier-analyzer/results', user, async (request) => {
      return { deleted: await clearDeals(deps, userOf(request)) };
    });
  });
}
