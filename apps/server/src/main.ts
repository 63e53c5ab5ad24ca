import { buildApp } from './app.ts';
import { startProcess } from './process.ts';

/** `npm start`: API + web app + background worker and scheduler in one process. */
const proc = await startProcess();
const app = await buildApp(proc.deps);
proc.onClose(() => app.close());
try {
  await app.listen({ port: proc.deps.config.PORT, host: proc.deps.config.HOST });
} catch (error) {
  proc.deps.log.fatal({ err: (error as Error).message, host: proc.deps.config.HOST, port: proc.deps.config.PORT }, 'could not listen');
  await proc.close();
  process.exit(1);
}
