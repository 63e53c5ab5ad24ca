import { z } from 'zod';
import { apiErrorSchema, endpoint } from '../endpoint.ts';

/**
 * Liveness (`/health`: the process answers and its database with it; the browser tests poll it) and readiness
 * (`/health/ready`: send it traffic; 503 while migrations run, the database is unreachable or the process shuts down).
 */
export const healthApi = {
  health: endpoint({
    method: 'GET',
    path: '/health',
    access: 'public',
    tag: 'health',
    summary: 'Readiness: the database answers and the migrations are applied (503 otherwise).',
    responses: { 200: z.object({ status: z.literal('ok'), database: z.string(), migrations: z.number(), marketData: z.string() }), 503: apiErrorSchema },
  }),
  ready: endpoint({
    method: 'GET',
    path: '/health/ready',
    access: 'public',
    tag: 'health',
    summary: 'Readiness: 503 with the reason while migrations run, the database is unreachable or the process is shutting down.',
    responses: { 200: z.object({ status: z.literal('ready') }), 503: apiErrorSchema },
  }),
} as const;
