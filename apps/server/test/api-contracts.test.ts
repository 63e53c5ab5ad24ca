import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { endpoint, openApiPath } from '@dealradar/shared/contracts/endpoint';
import { checkedSerializerCompiler, contractRoutes, contractValidatorCompiler } from '../src/plugins/contract-routes.ts';
import { registerErrorHandlers } from '../src/plugins/error-handler.ts';
import { buildTestApp, type TestContext } from './build-test-app.ts';

/**
 * Every /api route is registered from its shared contract (plugins/contract-routes.ts), and the OpenAPI
 * document generated from the contracts lists every call of SPEC §7.
 */

/** SPEC §7 "The calls it makes", word for word (paths relative to the /api base path). */
const SPEC_CALLS = [
  'POST /auth/register',
  'POST /auth/login',
  'POST /auth/forgot-password',
  'POST /auth/reset-password',
  'GET /auth/confirm',
  'POST /auth/confirm-password',
  'POST /auth/logout',
  'POST /auth/select-country',
  'GET /user/settings',
  'PUT /user/settings',
  'GET /user/settings/info',
  'GET /user/settings/primary-country',
  'POST /user/settings/primary-country',
  'POST /user/settings/country/{code}',
  'GET /organization/subscription-status',
  'GET /subscription-tiers',
  'POST /help',
  'GET /help',
  'GET /price-alerts/dashboard/overview',
  'GET /price-alerts/dashboard/hot-deals',
  'GET /price-alerts/dashboard/recent-drops',
  'GET /price-alerts/dashboard/analytics',
  'GET /price-alerts/price-drops',
  'GET /price-alerts/stats',
  'GET /price-alerts/price-drops/brands',
  'POST /catalog/scan/start',
  'GET /catalog/scan/active',
  'GET /catalog/scan/history',
  'GET /catalog/scan/{id}/status',
  'GET /catalog/scan/{id}/results',
  'POST /catalog/scan/{id}/cancel',
  'DELETE /catalog/scan/{id}',
  'GET /catalog/scan/{id}/queue-position',
  'GET /brand-analyzer/brands',
  'GET /brand-analyzer/markets',
  'GET /brand-analyzer/favorites',
  'POST /brand-analyzer/scan',
  'GET /brand-analyzer/scan/{id}',
  'GET /brand-analyzer/active-scan',
  'DELETE /brand-analyzer/favorites/{id}',
  'DELETE /brand-analyzer/favorites',
  'GET /supplier-analyzer/active-scan',
  'POST /supplier-analyzer/start',
  'GET /supplier-analyzer/{id}/status',
  'GET /supplier-analyzer/results',
  'DELETE /supplier-analyzer/results',
  'GET /ean-asin-mapping',
  'POST /ean-asin-mapping',
  'PUT /ean-asin-mapping/{id}',
  'DELETE /ean-asin-mapping/{id}',
  'GET /users',
];

/** The reference's own files (HTML, scripts, styles of swagger-ui): not API calls, so they have no contract. */
const isDocsAsset = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');

interface OpenApiDocument {
  openapi: string;
  paths: Record<
    string,
    Record<string, { security?: unknown[]; parameters?: { name: string; in: string }[]; requestBody?: unknown; responses?: Record<string, unknown> }>
  >;
  components: {
    securitySchemes: Record<string, { type: string; scheme: string; bearerFormat?: string }>;
    schemas: Record<string, { properties: Record<string, unknown> }>;
  };
}

describe('API contracts and the OpenAPI document', () => {
  let ctx: TestContext;
  let doc: OpenApiDocument;
  beforeAll(async () => {
    ctx = await buildTestApp();
    const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(async () => ctx.close());

  it('registers every /api route from a contract', () => {
    const api = ctx.app.registeredRoutes.filter((r) => r.method !== 'HEAD' && (r.url === '/api' || r.url.startsWith('/api/')) && !isDocsAsset(r.url));
    expect(api.length).toBeGreaterThan(60);
    const without = api.filter((r) => !r.contract).map((r) => `${r.method} ${r.url}`);
    expect(without, 'routes registered without a contract (use contractRoutes from plugins/contract-routes.ts)').toEqual([]);
    for (const route of api) expect(`${route.method} ${route.url}`).toBe(`${route.contract!.method} /api${route.contract!.path}`);
  });

  it('is OpenAPI 3.1 with bearer JWT auth and lists every call of SPEC §7', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    const listed = Object.entries(doc.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`));
    const missing = SPEC_CALLS.map((call) => call.replace(' ', ' /api')).filter((call) => !listed.includes(call));
    expect(missing).toEqual([]);
  });

  it('documents every contract route with its parameters, auth and the error shape', () => {
    for (const route of ctx.app.registeredRoutes) {
      if (!route.contract || route.method === 'HEAD') continue;
      const operation = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.url}`).toBeDefined();
      expect(operation!.security !== undefined, `${route.method} ${route.url} security`).toBe(route.contract.access !== 'public');
      for (const name of route.url.match(/:[A-Za-z0-9_]+/g) ?? []) {
        expect(
          operation!.parameters?.some((p) => p.in === 'path' && p.name === name.slice(1)),
          `${route.url} ${name}`,
        ).toBe(true);
      }
      if (route.contract.body) expect(operation!.requestBody, `${route.method} ${route.url} body`).toBeDefined();
      expect(JSON.stringify(operation!.responses?.['400']), `${route.method} ${route.url} 400`).toContain('#/components/schemas/ApiError');
    }
    expect(Object.keys(doc.components.schemas.ApiError!.properties)).toEqual(expect.arrayContaining(['error', 'code', 'requestId']));
    const login = doc.paths['/api/auth/login']!.post!;
    expect(JSON.stringify(login.requestBody)).toContain('username');
    expect(JSON.stringify(login.responses?.['200'])).toContain('token');
  });

  it('serves the browsable reference from the package (no CDN)', async () => {
    for (const pageUrl of ['/api/docs', '/api/docs/']) {
      const page = await ctx.app.inject({ method: 'GET', url: pageUrl });
      expect(page.statusCode, pageUrl).toBe(200);
      const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => new URL(m[1]!, `http://dealradar.test${pageUrl}`));
      expect(assets.some((a) => a.pathname.endsWith('/swagger-ui-bundle.js'))).toBe(true);
      for (const asset of assets) {
        expect(asset.origin, 'served by this server, not a CDN').toBe('http://dealradar.test');
        const res = await ctx.app.inject({ method: 'GET', url: asset.pathname });
        expect(res.statusCode, asset.pathname).toBe(200);
        expect(res.headers['content-type'], asset.pathname).not.toContain('json');
      }
    }
  });
});

describe('the API tests check every answer against its contract', () => {
  const answerOf = endpoint({
    method: 'GET',
    path: '/answer/:kind',
    access: 'public',
    summary: 'A test call.',
    tag: 'test',
    params: z.object({ kind: z.enum(['right', 'drifted', 'dated']) }),
    responses: { 200: z.object({ count: z.number().int(), at: z.string() }) },
  });

  it('answers a call whose answer matches, fails one whose answer drifted (500, the reason on stderr)', async () => {
    const app = Fastify();
    app.setValidatorCompiler(contractValidatorCompiler);
    app.setSerializerCompiler(checkedSerializerCompiler);
    registerErrorHandlers(app);
    contractRoutes(app)(answerOf, async (request) => {
      const { kind } = request.params;
      if (kind === 'right') return { count: 3, at: '2026-11-27T10:00:00.000Z' };
      // A Date is checked as the client reads it (JSON text), so it matches z.string().
      if (kind === 'dated') return { count: 3, at: new Date('2026-11-27T10:00:00Z') as unknown as string };
      return { count: '3' as unknown as number, at: '2026-11-27T10:00:00.000Z' };
    });
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect((await app.inject({ url: '/answer/right' })).json()).toEqual({ count: 3, at: '2026-11-27T10:00:00.000Z' });
      expect((await app.inject({ url: '/answer/dated' })).statusCode).toBe(200);
      const drifted = await app.inject({ url: '/answer/drifted' });
      expect(drifted.statusCode).toBe(500);
      expect(drifted.json()).toMatchObject({ code: 'internal' });
      expect(String(stderr.mock.calls.at(-1)?.[0])).toContain('answer of GET /answer/:kind does not match its contract: count:');
    } finally {
      stderr.mockRestore();
      await app.close();
    }
  });

  it('is switched on in the API tests (buildTestApp)', async () => {
    const ctx = await buildTestApp();
    try {
      expect(ctx.app.serializerCompiler).toBe(checkedSerializerCompiler);
    } finally {
      await ctx.close();
    }
  });
});
