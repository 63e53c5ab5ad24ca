import { startProcess } from './process.ts';
import { refreshPrices } from './modules/price-drops/price-refresh.service.ts';

/**
 * `npm run prices:refresh`: one price refresh now, in this process, then exit. A process entry point like main.ts and
 * worker.ts (modules never import entry points). The process logs JSON like the server (LOG_LEVEL); the outcome is
 * also printed as one sentence for the person at the terminal — the only plain-text output of the server code.
 * On PostgreSQL it can run next to the servers (the run lock keeps refreshes one at a time);
 * with the embedded database it needs the server stopped (one process owns DATA_DIR) — use the
 * admin call POST /api/price-alerts/refresh on a running server instead.
 */
const proc = await startProcess({ worker: false, scheduler: false });
let code = 0;
try {
  const result = await refreshPrices(proc.deps, { trigger: 'cli' });
  console.log(
    `Price refresh done in ${result.seconds.toFixed(1)} s: ${result.variants} variants, ${result.newProducts} new, ` +
      `${result.priceChanges} price changes, drops ${result.dropsCreated} created / ${result.dropsUpdated} updated / ` +
      `${result.dropsRemoved} removed / ${result.dropsExpired} expired.`,
  );
} catch (error) {
  console.error(`Price refresh failed: ${(error as Error).message}`);
  code = 1;
}
await proc.close();
process.exit(code);
