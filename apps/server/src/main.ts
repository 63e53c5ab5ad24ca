import { buildApp } from './app.ts';
import { startProcess } from './process.ts';

/** `npm start`: API + web app + background worker and scheduler in one process. */
const proc = await startProcess();
const app = await buildApp(proc.deps, { logger: { level: proc.deps.config.LOG_LEVEL } });
proc.onClose(() => app.close());
try {
  await app.listen({ port: proc.deps.config.PORT, host: proc.deps.config.HOST });
} catch (error) {
  console.error(`Could not listen on ${proc.deps.config.HOST}:${proc.deps.config.PORT}: ${(error as Error).message}`);
  await proc.close();
  process.exit(1);
}
