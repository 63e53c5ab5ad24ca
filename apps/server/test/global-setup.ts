import { ensurePgliteSnapshot } from './db-template.ts';

/** Migrates a PGlite template once per run (rebuilt only when migrations change). */
export default async function setup(): Promise<void> {
  if (!process.env.TEST_DATABASE_URL) await ensurePgliteSnapshot();
}
