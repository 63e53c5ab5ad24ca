import { z } from 'zod';
import { apiErrorSchema, endpoint } from '../endpoint.ts';

/** Ready when the database answers and the migrations are applied (load balancers and the browser tests poll it). */
export const healthApi = {
  health: endpoint({
    method: 'GET',
    path: '/health',
    access: 'public',
    tag: 'health',
    summary: 'Readiness: the database answers and the migrations are applied (503 otherwise).',
    responses: { 200: z.object({ status: z.literal('ok'), database: z.string(), migrations: z.number(), marketData: z.string() }), 503: apiErrorSchema },
  }),
} as const;
