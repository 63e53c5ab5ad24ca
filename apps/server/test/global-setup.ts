import { ensurePgliteSnapshot, ensurePostgresTemplate } from './db-template.ts';

/** Migrates the test databases' template once per run (rebuilt only when migrations change): PGlite, or PostgreSQL. */
export default async function setup(): Promise<void> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) await ensurePostgresTemplate(adminUrl);
  else await ensurePgliteSnapshot();
}
