import { startProcess } from './process.ts';

/** `npm run worker`: background jobs only, on the same PostgreSQL as the API processes. */
const proc = await startProcess({ worker: true, scheduler: true });
proc.deps.log.info({ database: proc.deps.dbHandle.kind }, 'worker started');
