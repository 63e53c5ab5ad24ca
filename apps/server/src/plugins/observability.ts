import { timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.ts';
import { requestContext } from '../lib/logger.ts';
import { httpRequestDuration, httpRequests } from '../lib/metrics.ts';
import { renderMetrics } from '../modules/health/system-figures.ts';

/** The route label of a request that matched no route (so unknown addresses do not make a label each). */
const UNMATCHED = '(unmatched)';

/**
 * Request id in every log line of a request (and of the jobs it sends), HTTP metrics per route pattern, and
 * GET /metrics on the public port when METRICS_TOKEN is set (docs/operations.md).
 */
export function registerObservability(app: FastifyInstance, deps: Pick<AppDeps, 'config' | 'db' | 'dbHandle'>): void {
  // Everything the request runs (handlers, services, the jobs it sends) sees its id: logger.ts adds it to every line.
  // Every answer names its request id (x-request-id), so a user's report can be matched with the log.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    requestContext.run({ reqId: request.id }, done);
  });
  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? UNMATCHED, status: String(reply.statusCode) };
    httpRequests.inc(labels);
    httpRequestDuration.observe(labels, reply.elapsedTime / 1000);
  });
  const token = deps.config.METRICS_TOKEN;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!token) {
      return reply.status(404).send({ error: 'There is no API endpoint GET /metrics.', code: 'not_found', requestId: request.id });
    }
    if (!bearerMatches(request, token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send({ error: 'The metrics need the metrics token (Authorization: Bearer <METRICS_TOKEN>).', code: 'unauthenticated', requestId: request.id });
    }
    return sendMetrics(deps, reply);
  });
}

function bearerMatches(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  if (!match) return false;
  const given = Buffer.from(match[1]!);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

async function sendMetrics(deps: Pick<AppDeps, 'db' | 'dbHandle'>, reply: FastifyReply) {
  try {
    const { contentType, text } = await renderMetrics(deps);
    return reply.header('content-type', contentType).header('cache-control', 'no-store').send(text);
  } catch {
    return reply.status(503).send({ error: 'The metrics could not be read: the database is not reachable.', code: 'unavailable' });
  }
}

/**
 * METRICS_PORT: a plain HTTP server on HOST answering only GET /metrics (no token; the port is meant to be reachable
 * by the monitoring system only). Returns its close.
 */
export async function startMetricsServer(deps: Pick<AppDeps, 'config' | 'db' | 'dbHandle' | 'log'>): Promise<{ port: number; close(): Promise<void> }> {
  const server = Fastify({ logger: false });
  server.get('/metrics', async (_request, reply) => sendMetrics(deps, reply));
  server.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ error: `This port serves only GET /metrics, not ${request.method} ${request.url.split('?')[0]}.`, code: 'not_found' }),
  );
  await server.listen({ port: deps.config.METRICS_PORT ?? 0, host: deps.config.HOST });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : (deps.config.METRICS_PORT ?? 0);
  deps.log.info({ port, host: deps.config.HOST }, 'metrics served');
  return { port, close: () => server.close() };
}
