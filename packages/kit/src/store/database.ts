/**
 * Opens the one database every product uses: a real PostgreSQL when `DATABASE_URL` is set,
 * otherwise PGlite (PostgreSQL compiled to WASM) in a data directory, so `npm start` needs no
 * server. Both run the same SQL and the same migrations.
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect.ts';
import { preparingClient, statementNaming } from './prepared-statements.ts';

export interface DatabaseOptions {
  /** postgres:// URL; when absent the embedded database is used. */
  url?: string | undefined;
  /** Embedded data directory; `memory://` keeps it in memory (tests). */
  dataDir?: string | undefined;
  /** PostgreSQL schema holding every table; created when missing. */
  schema?: string | undefined;
  /** Pool size on PostgreSQL. */
  maxConnections?: number | undefined;
}

export interface Database<DB> {
  db: Kysely<DB>;
  kind: 'postgres' | 'pglite';
  schema: string;
  /** True when a trivial query answers within the timeout. */
  ping(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
const EMBEDDED_SHARED_BUFFERS = '32MB';

export async function openDatabase<DB>(options: DatabaseOptions): Promise<Database<DB>> {
  const schema = options.schema ?? 'public';
  if (!SCHEMA_NAME.test(schema)) throw new TypeError(`Invalid schema name: ${schema}`);

  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.maxConnections ?? 10,
      connectionTimeoutMillis: 3000,
      options: `-c search_path=${schema}`,
      Client: preparingClient(statementNaming()),
    });
    // A client losing its server must not crash the process: an idle one is dropped by the pool,
    // a checked-out one fails its pending query (which callers see), and the next query reconnects.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const bootstrap = await pool.connect();
    try {
      await bootstrap.query(`create schema if not exists ${schema}`);
    } finally {
      bootstrap.release();
    }
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return wrap(db, 'postgres', schema);
  }

  const dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  // PostgreSQL's default 128 MB of shared buffers would be most of an idle product's memory; the
  // embedded database holds a catalog and one owner's plans, for which 32 MB is ample (measured:
  // about 110 MB less resident memory on reopening a data directory).
  const client = new PGlite(dataDir, { postgresqlconf: `shared_buffers = ${EMBEDDED_SHARED_BUFFERS}` });
  await client.waitReady;
  await client.exec(`create schema if not exists ${schema}; set search_path to ${schema}`);
  const db = new Kysely<DB>({ dialect: new PGliteDialect(client) });
  return wrap(db, 'pglite', schema);
}

function wrap<DB>(db: Kysely<DB>, kind: 'postgres' | 'pglite', schema: string): Database<DB> {
  return {
    db,
    kind,
    schema,
    async ping(timeoutMs = 1000) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      try {
        return await Promise.race([sql`select 1`.execute(db).then(() => true), timeout]);
      } catch {
        return false;
      } finally {
        clearTimeout(timer);
      }
    },
    close: () => db.destroy(),
  };
}
