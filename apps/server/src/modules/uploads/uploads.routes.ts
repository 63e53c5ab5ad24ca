import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { uploadsApi } from '@dealradar/shared/contracts/endpoints/uploads';
import type { AppDeps } from '../../deps.ts';
import { userOf, type AuthGuards } from '../../plugins/auth.ts';
import { contractRoutes } from '../../plugins/contract-routes.ts';
import { estimateUploadTokens, previewUpload, receiveUpload, storeManualUpload } from './uploads.service.ts';

/** Uploads: a supplier file stored once, then named by its id (docs/scans.md "How an upload flows"). */
export function registerUploadRoutes(api: FastifyInstance, deps: AppDeps, guards: AuthGuards): void {
  api.register(async (scope) => {
    await scope.register(multipart);
    const route = contractRoutes(scope, guards);

    route(uploadsApi.create, async (request) => receiveUpload(deps, userOf(request), request));

    route(uploadsApi.createManual, async (request) => storeManualUpload(deps, userOf(request), request.body));

    route(uploadsApi.preview, async (request) => previewUpload(deps, userOf(request), request.params.id, request.query.sheet));

    route(uploadsApi.tokenEstimate, async (request) => {
      const { marketId, eanColumn, sheet } = request.body;
      return estimateUploadTokens(deps, userOf(request), request.params.id, { market: marketId, eanColumn, sheet });
    });
  });
}
