import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { Endpoint } from '@dealradar/shared/contracts/endpoint';
import type { AppDeps } from './deps.ts';
import { createAuthGuards } from './plugins/auth.ts';
import { registerErrorHandlers } from './plugins/error-handler.ts';
import { REVALIDATE_CACHE, webStaticOptions } from './plugins/web-static.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { registerObservability } from './plugins/observability.ts';
import { checkedSerializerCompiler, contractSerializerCompiler, contractValidatorCompiler } from './plugins/contract-routes.ts';
import { registerApiReference, registerOpenApi, registerOpenApiRoute } from './plugins/api-docs.ts';
import { registerHealthRoutes } from './modules/health/health.routes.ts';
import { registerBrandAnalyzerRoutes } from './modules/brand-analyzer/brand-analyzer.routes.ts';
import { registerCsvTemplateAnalyzerRoutes } from './modules/csv-template-analyzer/csv-template-analyzer.routes.ts';
import { registerSupplierAnalyzerRoutes } from './modules/supplier-analyzer/supplier-analyzer.routes.ts';
import { registerSupplierListRoutes } from './modules/supplier-analyzer/supplier-lists.routes.ts';
import { registerUploadRoutes } from './modules/uploads/uploads.routes.ts';
import { registerPlansRoutes } from './modules/plans/plans.routes.ts';
import { registerTokenRefresh } from './modules/plans/token-refresh.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { registerSettingsRoutes } from './modules/settings/settings.routes.ts';
import { registerHelpRoutes } from './modules/help/help.routes.ts';
import { registerUsersRoutes } from './modules/users/users.routes.ts';
import { registerSystemRoutes } from './modules/health/system.routes.ts';
import { registerPriceDropsRoutes } from './modules/price-drops/price-drops.routes.ts';
import { registerMarketDataRoutes } from './modules/market-data/market-data.routes.ts';
import { registerMatchRulesRoutes } from './modules/market-data/match-rules.routes.ts';
import { registerAlertsRoutes } from './modules/alerts/alerts.routes.ts';
import { registerSellerAccountRoutes } from './modules/seller-account/seller-account.routes.ts';
import { registerOrganizationRoutes } from './modules/organization/organization.routes.ts';
import { registerBuyListRoutes } from './modules/buy-list/buy-list.routes.ts';
import { markInUse } from './lib/build-slots.ts';

/**
 * apps/web/dist: this module is in apps/server/src (source, two levels below apps/) or in a build of the server bundle,
 * apps/server/dist-builds/<build>/ (three levels; node loads apps/server/dist/main.js through its link, build-slots.ts).
 */
const MODULE_DIR = path.dirname(fileURLToPath(import.meta.url));
export const WEB_DIST_DIR = path.resolve(MODULE_DIR, path.basename(path.dirname(MODULE_DIR)) === 'dist-builds' ? '../../../web/dist' : '../../web/dist');

export interface BuildAppOptions {
  /** Serve the built web app (off in API tests). */
  serveWeb?: boolean;
  /** Check every JSON answer against its contract's schema, failing the call when it drifts (the API tests). */
  checkResponses?: boolean;
}

export interface RegisteredRoute {
  method: string;
  url: string;
  /** The shared contract the route was registered from (plugins/contract-routes.ts); undefined for any other route. */
  contract?: Endpoint;
}

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: readonly RegisteredRoute[];
  }
}

/** Registers plugins, then every module's routes under /api. Used by main.ts and by tests. */
export async function buildApp(deps: AppDeps, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // The process's one logger (lib/logger.ts): request lines carry reqId, in the same JSON format as everything else.
    loggerInstance: deps.log as FastifyBaseLogger,
    bodyLimit: 1024 * 1024,
    // Only behind a reverse proxy may X-Forwarded-For decide the client address (rate limits are per client).
    trustProxy: deps.config.TRUST_PROXY,
    genReqId: () => crypto.randomUUID(),
    // Router-level failures (undecodable path, over-long id) answer the same JSON error shape as everything else.
    frameworkErrors: (error, request, reply) =>
      (reply as FastifyReply).status(error.statusCode ?? 400).send({
        error: error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'The address is too long.' : 'The address is not valid.',
        code: 'validation',
        requestId: request.id,
      }),
  });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        // Added per request below: only where the page itself came over HTTPS.
        upgradeInsecureRequests: null,
      },
    },
  });
  const upgrade = deps.config.UPGRADE_INSECURE_REQUESTS;
  if (upgrade !== 'false') {
    // Runs after helmet's onRequest hook, which has set the header on the raw response.
    app.addHook('onRequest', async (request, reply) => {
      if (upgrade === 'auto' && request.protocol !== 'https') return;
      const csp = reply.raw.getHeader('content-security-policy');
      if (typeof csp === 'string') reply.raw.setHeader('content-security-policy', `${csp};upgrade-insecure-requests`);
    });
  }
  // Routes are registered from the shared zod contracts (plugins/contract-routes.ts): Fastify validates with zod.
  app.setValidatorCompiler(contractValidatorCompiler);
  app.setSerializerCompiler(options.checkResponses ? checkedSerializerCompiler : contractSerializerCompiler);
  registerErrorHandlers(app);
  // Request id in every log line and in the jobs a request sends; HTTP metrics; GET /metrics with METRICS_TOKEN.
  registerObservability(app, deps);
  registerInputGuard(app);
  // An empty body sent as application/json (e.g. POST /auth/logout from some clients) is no body, not malformed JSON.
  app.removeContentTypeParser('application/json');
  // The API speaks JSON (and multipart for uploads): a text/plain body is a wrong content type (415), not a string.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      // Like Fastify's own parser, refuse prototype-poisoning keys.
      done(
        null,
        JSON.parse(text, (key, value: unknown) => (key === '__proto__' ? undefined : value)),
      );
    } catch {
      const error = Object.assign(new Error('The request body is not valid JSON.'), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' });
      done(error, undefined);
    }
  });
  const guards = createAuthGuards(deps);
  // Every route, for the contract test (test/api-contracts.test.ts): method, path and the contract it came from.
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, contract: route.config?.contract });
  });
  // Before the routes: it documents every route registered after it (GET /api/openapi.json, GET /api/docs).
  await registerOpenApi(app);

  await app.register(
    async (api) => {
      registerHealthRoutes(api, deps);
      registerBrandAnalyzerRoutes(api, deps, guards);
      registerCsvTemplateAnalyzerRoutes(api, deps, guards);
      registerSupplierAnalyzerRoutes(api, deps, guards);
      registerSupplierListRoutes(api, deps, guards);
      registerUploadRoutes(api, deps, guards);
      registerAuthRoutes(api, deps, guards);
      registerSettingsRoutes(api, deps, guards);
      registerHelpRoutes(api, deps, guards);
      registerUsersRoutes(api, deps, guards);
      registerSystemRoutes(api, deps, guards);
      registerTokenRefresh(api, deps);
      registerPlansRoutes(api, deps, guards);
      registerPriceDropsRoutes(api, deps, guards);
      registerMarketDataRoutes(api, deps, guards);
      registerMatchRulesRoutes(api, deps, guards);
      registerAlertsRoutes(api, deps, guards);
      registerSellerAccountRoutes(api, deps, guards);
      registerOrganizationRoutes(api, deps, guards);
      registerBuyListRoutes(api, deps, guards);
      registerOpenApiRoute(api);
    },
    { prefix: '/api' },
  );
  await registerApiReference(app);

  // The web build is resolved once: apps/web/dist is a link that the next `npm start` switches to its new build; this
  // server serves its own build (index.html and the assets it names) until it restarts, and marks it in use so the
  // next build's clean-up leaves it (lib/build-slots.ts).
  const webDir = realDir(deps.config.WEB_DIST_DIR ? path.resolve(deps.config.WEB_DIST_DIR) : WEB_DIST_DIR);
  const serveWeb = options.serveWeb !== false && fs.existsSync(path.join(webDir, 'index.html'));
  if (serveWeb) {
    await app.register(fastifyStatic, webStaticOptions(webDir));
    const unmark = markInUse(webDir);
    app.addHook('onClose', async () => unmark());
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (!isApi && serveWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.type('text/html').header('cache-control', REVALIDATE_CACHE).sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ error: `There is no API endpoint ${request.method} ${request.url.split('?')[0]}.`, code: 'not_found', requestId: request.id });
  });
  return app;
}

function realDir(dir: string): string {
  try {
    return fs.realpathSync(dir);
  } catch {
    return dir; // not there (no web build): nothing is served
  }
}
