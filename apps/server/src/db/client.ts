import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { promisify } from 'node:util';
import pg from 'pg';

/**
 * The one database interface of the server: parameterized SQL on PGlite (embedded) or PostgreSQL.
 * Repositories are the only callers. int8 and numeric come back as JS numbers on both drivers.
 */
export interface Db {
  readonly kind: 'pglite' | 'postgres';
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** First row, or undefined. */
  maybeOne<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T | undefined>;
  /** First row; throws when there is none. */
  one<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T>;
  /** Rows affected by an INSERT/UPDATE/DELETE. */
  execute(sql: string, params?: unknown[]): Promise<number>;
  /** Multi-statement SQL without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs fn in a transaction; a nested call joins the outer transaction. */
  tx<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /**
   * Runs fn on one dedicated connection (PostgreSQL; PGlite has only one): what needs session state, such as a
   * session advisory lock and its unlock, must not be spread over the pool. A connection left by a failing fn is
   * closed, so nothing it held survives.
   */
  session<T>(fn: (conn: Db) => Promise<T>): Promise<T>;
}

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Set for PGlite; pg-boss runs on it through fromPglite. */
  pglite?: PGlite;
  /** Set for PostgreSQL. */
  url?: string;
  /** PostgreSQL server and worker processes: the lease naming this process as the owner of the scans it runs (db/process-lease.ts). */
  lease?: { readonly id: number };
  /** PostgreSQL: the connection pool's use (total, idle, waiting clients) for the metrics. */
  poolUse?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

interface Queryable {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[]; rowCount?: number | null; affectedRows?: number }>;
}

function wrap(kind: Db['kind'], q: Queryable, exec: (sql: string) => Promise<void>, tx: Db['tx'], session: Db['session']): Db {
  const query = async <T>(sql: string, params?: unknown[]) => (await q.query(sql, params ?? [])).rows as T[];
  return {
    kind,
    query,
    async maybeOne<T>(sql: string, params?: unknown[]) {
      return (await query<T>(sql, params))[0];
    },
    async one<T>(sql: string, params?: unknown[]) {
      const row = (await query<T>(sql, params))[0];
      if (row === undefined) throw new Error('Expected a row, got none');
      return row;
    },
    async execute(sql: string, params?: unknown[]) {
      const result = await q.query(sql, params ?? []);
      return result.rowCount ?? result.affectedRows ?? 0;
    },
    exec,
    tx,
    session,
  };
}

function pgliteDb(client: PGlite): Db {
  const db: Db = wrap(
    'pglite',
    client as unknown as Queryable,
    async (sql) => {
      await client.exec(sql);
    },
    (fn) =>
      client.transaction(async (t) => {
        const inner: Db = wrap(
          'pglite',
          t as unknown as Queryable,
          async (sql) => {
            await t.exec(sql);
          },
          (nested) => nested(inner),
          (fn2) => fn2(inner),
        );
        return fn(inner);
      }) as never,
    (fn) => fn(db),
  );
  return db;
}

/** One checked-out connection: its transactions are BEGIN/COMMIT on it, a nested call joins the open one. */
function connectionDb(client: pg.PoolClient): Db {
  const plain: Db = wrap(
    'postgres',
    client as unknown as Queryable,
    async (sql) => {
      await client.query(sql);
    },
    async (fn) => {
      const inner: Db = wrap(
        'postgres',
        client as unknown as Queryable,
        async (sql) => {
          await client.query(sql);
        },
        (nested) => nested(inner),
        (nested) => nested(inner),
      );
      try {
        await client.query('BEGIN');
        const result = await fn(inner);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    },
    (fn) => fn(plain),
  );
  return plain;
}

function postgresDb(pool: pg.Pool): Db {
  const withConnection = async <T>(fn: (conn: Db) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      const result = await fn(connectionDb(client));
      client.release();
      return result;
    } catch (error) {
      client.release(true); // closed, not reused: no session lock or broken transaction survives
      throw error;
    }
  };
  return wrap(
    'postgres',
    pool as unknown as Queryable,
    async (sql) => {
      await pool.query(sql);
    },
    async (fn) => {
      const client = await pool.connect();
      try {
        return await connectionDb(client).tx(fn); // rolled back on failure: the connection is fine to reuse
      } finally {
        client.release();
      }
    },
    withConnection,
  );
}

const PGLITE_PARSERS = {
  [pgliteTypes.INT8]: (v: string) => Number(v),
  [pgliteTypes.NUMERIC]: (v: string) => Number(v),
};

export async function openPostgres(url: string, max = 10): Promise<DbHandle> {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => undefined);
  await pool.query('select 1');
  return {
    db: postgresDb(pool),
    kind: 'postgres',
    url,
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

/**
 * The embedded database serves one installation: 16 MB of shared buffers instead of PostgreSQL's 128 MB kept an idle
 * server about 110 MB smaller, and the 500,000-variant price refresh of `npm run bench:drops` ran as fast (the files
 * stay in the operating system's cache).
 */
const PGLITE_CONF = ['shared_buffers = 16MB'];

/**
 * Creates a new embedded data directory in a short-lived child process. Creating one runs initdb inside the same
 * WebAssembly heap, and the process kept those ~500 MB for the rest of its life: a first `npm start` stayed at
 * ~800 MB resident until it was restarted, a second at ~250 MB.
 */
async function createPgliteDataDir(dataDir: string): Promise<void> {
  const script = `const { PGlite } = await import(${JSON.stringify(import.meta.resolve('@electric-sql/pglite'))});
    const db = await PGlite.create(${JSON.stringify(path.resolve(dataDir))}); await db.close();`;
  try {
    await promisify(execFile)(process.execPath, ['--input-type=module', '--eval', script]);
  } catch (error) {
    throw new Error(`could not create the embedded database in ${dataDir}: ${(error as { stderr?: string }).stderr?.trim() || (error as Error).message}`, {
      cause: error,
    });
  }
}

/** dataDir undefined means in memory; loadDataDir restores a dumped snapshot (tests). */
export async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<DbHandle> {
  if (dataDir) {
    fs.mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
    if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) await createPgliteDataDir(dataDir);
  }
  const client = await PGlite.create(dataDir ?? 'memory://', { parsers: PGLITE_PARSERS, loadDataDir, postgresqlconf: PGLITE_CONF });
  return { db: pgliteDb(client), kind: 'pglite', pglite: client, close: () => client.close() };
}
