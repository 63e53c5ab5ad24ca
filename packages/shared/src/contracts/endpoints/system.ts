import { endpoint } from '../endpoint.ts';
import { systemFiguresSchema } from '../system.ts';

/** Admin → System: processes, queues, durable runs, Keepa tokens, price refresh, failed deliveries, database size. */
export const systemApi = {
  figures: endpoint({
    method: 'GET',
    path: '/admin/system',
    access: 'admin',
    tag: 'system',
    summary: 'The system figures the metrics publish (processes, queues, running and stuck runs, Keepa, refresh, failed deliveries, database size).',
    responses: { 200: systemFiguresSchema },
  }),
} as const;
