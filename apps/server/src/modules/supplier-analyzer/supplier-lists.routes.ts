import type { FastifyInstance } from 'fastify';
import { supplierListsApi } from '@dealradar/shared/contracts/endpoints/supplier-lists';
import type { AppDeps } from '../../deps.ts';
import { userOf, type AuthGuards } from '../../plugins/auth.ts';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { DOWNLOAD_TYPES, sendDownload } from '../scans/result-files.ts';
import { estimateRerunTokens } from '../scans/scans.service.ts';
import { deleteSupplierList, listSupplierLists, rerunList, runChanges, runChangesCsv } from '../scans/supplier-lists.service.ts';

/** Kept supplier lists and re-runs (docs/trusted-deals.md "Re-running a supplier's list"). */
export function registerSupplierListRoutes(api: FastifyInstance, deps: AppDeps, guards: AuthGuards): void {
  const route = contractRoutes(api, guards);

  route(supplierListsApi.list, async (request) => listSupplierLists(deps, userOf(request), request.query));

  route(supplierListsApi.rerun, async (request) => rerunList(deps, userOf(request), request.params.id));

  route(supplierListsApi.rerunEstimate, async (request) => estimateRerunTokens(deps, userOf(request), request.params.id));

  route(supplierListsApi.changes, async (request) => runChanges(deps, userOf(request), request.params.id, request.query));

  route(supplierListsApi.downloadChanges, async (request, reply) => {
    const file = await runChangesCsv(deps, userOf(request), request.params.id, request.query);
    return sendDownload(reply, { contentType: DOWNLOAD_TYPES.csv.contentType, fileName: `changes_${request.params.id}.csv` }, file);
  });

  route(supplierListsApi.remove, async (request, reply) => {
    await deleteSupplierList(deps, userOf(request), request.params.id);
    return reply.status(204).send();
  });
}
