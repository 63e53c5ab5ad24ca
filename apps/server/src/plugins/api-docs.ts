import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { docsApi } from '@dealradar/shared/contracts/endpoints/docs';
import { contractRoutes } from './contract-routes.ts';

/** The browsable reference (swagger-ui's own files, served from the package: works offline, no CDN). */
export const API_DOCS_PREFIX = '/api/docs';

const DESCRIPTION = `The API of DealRadar, generated from the zod contracts in packages/shared/src/contracts/endpoints (the same
declarations the server registers its routes from and validates requests with).

**Authentication.** Sign in with \`POST /api/auth/login\`; send the token it answers as \`Authorization: Bearer <token>\`
(a JWT). Calls marked with a lock need it; administrator calls also need the ADMIN role. An answer may carry a fresh
token in the \`X-Refreshed-Token\` header when the plan or role changed: store it in place of the old one.

**Errors.** Every failure answers JSON \`{ "error": "<a sentence to show>", "code": "<kind>", "requestId": "<id>" }\`
(validation failures add \`details\`, rate limits \`details.retryAfterSeconds\` and a \`Retry-After\` header). The
request id is also sent as the \`x-request-id\` header. 403 means the plan (or role) does not allow the call.

**Paging.** Pages are zero-based: \`{ content, totalPages, totalElements }\`, 100 items per page unless asked otherwise.`;

const TAGS = [
  ['auth', 'Registration, confirmation, sign-in and sign-out, password reset, region choice.'],
  ['settings', 'ROI threshold, account information, primary country, seller profile.'],
  ['plans', 'Plans, usage, the administrator’s plan tools and the Paddle webhook.'],
  ['help', 'Messages to support and their answers.'],
  ['users', 'User management (administrators).'],
  ['price-drops', 'Dashboard and Price Alerts (GROWTH, PRO and administrators).'],
  ['alerts', 'Price-drop alert rules, channels and deliveries; scan-finished e-mails.'],
  ['brand-analyzer', 'Brand scans and favorites.'],
  ['uploads', 'Supplier files stored once and named by id: preview, token estimate, then a scan (both analyzers).'],
  ['supplier-analyzer', 'Supplier file scans and deals.'],
  ['csv-template-analyzer', 'CSV Template Analyzer (administrators).'],
  ['market-data', 'Data sources, EAN-ASIN mappings (administrators), fee rules, Keepa imports, the demo sample.'],
  ['match-rules', 'Match rules of the organization: wrong matches and the ASIN to always use (issue 17).'],
  ['health', 'Readiness.'],
  ['system', 'Admin → System: processes, queues, durable runs, Keepa tokens, price refresh, failed deliveries, database size (administrators).'],
  ['docs', 'This document.'],
] as const;

/**
 * @fastify/swagger collects every route registered after it (so this runs before the routes) and turns the contracts'
 * zod schemas into OpenAPI 3.1 with the type provider's transform. Only /api routes are documented (the web app's
 * files are not API calls).
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'DealRadar API', version: '1.0.0', description: DESCRIPTION },
      tags: TAGS.map(([name, description]) => ({ name, description })),
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The token of POST /api/auth/login.' } },
      },
    },
    transform: (document) => {
      if (!document.url.startsWith('/api/')) return { schema: { hide: true }, url: document.url };
      return jsonSchemaTransform(document);
    },
    // Schemas with an id (ApiError) become components/schemas and are referenced, not repeated on every route.
    transformObject: jsonSchemaTransformObject,
  });
}

/** GET /api/openapi.json (inside the /api scope: a call with a contract like any other). */
export function registerOpenApiRoute(api: FastifyInstance): void {
  contractRoutes(api)(docsApi.openApi, async () => api.swagger());
}

/**
 * The reference at /api/docs. Registered on the root instance with its full prefix: swagger-ui writes its own prefix
 * into the page's script and style addresses, and inside the /api scope it would not know the '/api' part.
 */
export async function registerApiReference(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    uiConfig: { docExpansion: 'none', deepLinking: true, persistAuthorization: false, tryItOutEnabled: false },
    // The app's CSP (helmet) already allows what swagger-ui needs: its scripts and styles are files from 'self'.
    staticCSP: false,
  });
}
