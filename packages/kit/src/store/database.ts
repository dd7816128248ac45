/**
 * Opens the one database every product uses: a real PostgreSQL when `DATABASE_URL` is set,
 * otherwise PGlite (PostgreSQL compiled to WASM) in a data directory, so `npm start` needs no
 * server. Both run the same SQL and the same migrations.
 *
 * An embedded data directory has exactly one owner process (data-directory-lock.ts): PGlite is
 * not safe to open twice, and two openers would each lose the other's writes. A second opener is
 * refused with the owner's PID, or, when it asks to (a product's command-line tools), reaches the database
 * through the owner (owner-channel.ts) so its writes are the owner's writes.
 */
import { mkdirSync } from 'node:fs';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { timeDatabaseStatements } from '../observe/database-timing.ts';
import { DurableNodeFS, syncParentDirectory } from './durable-node-fs.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import { DataDirectoryInUseError, lockDataDirectory } from './data-directory-lock.ts';
import { ExclusiveTurn } from './exclusive-turn.ts';
import { serveOwnerChannel } from './owner-channel.ts';
import { OwnerChannel, OwnerChannelDialect } from './owner-client-dialect.ts';
import { preparingClient, statementNaming } from './prepared-statements.ts';
import { scheduleUpkeep } from './embedded-upkeep.ts';
import { listenEmbedded, listenPostgres, type Listening, type WakeUp } from './notifications.ts';

export interface DatabaseOptions {
  /** postgres:// URL; when absent the embedded database is used. */
  url?: string | undefined;
  /** Embedded data directory; `memory://` keeps it in memory (tests). */
  dataDir?: string | undefined;
  /** PostgreSQL schema holding every table; created when missing. */
  schema?: string | undefined;
  /** Pool size on PostgreSQL. */
  maxConnections?: number | undefined;
  /**
   * What to do when another process owns the embedded data directory: `refuse` (the default, for
   * a product process) throws DataDirectoryInUseError naming its PID; `reach` (command-line tools)
   * runs every query through that process instead.
   */
  whenOwned?: 'refuse' | 'reach' | undefined;
  /** How often the embedded database's owner checks for vacuum and analyze work (embedded-upkeep.ts). */
  upkeepIntervalMs?: number | undefined;
  /**
   * In memory only: start from this dump of an in-memory database (dumpInMemory) instead of an
   * empty one. Tests start every database from a dump of one migrated once (kit/testing).
   */
  loadDataDir?: Blob | undefined;
}

export interface Database<DB> {
  db: Kysely<DB>;
  kind: 'postgres' | 'pglite';
  schema: string;
  /** On an embedded data directory: the PID of the process that owns it (this one, or the one reached). */
  ownerPid?: number | undefined;
  /** True when a trivial query answers within the timeout. */
  ping(timeoutMs?: number): Promise<boolean>;
  /**
   * Wake-ups on a `NOTIFY` channel (notifications.ts): in process on the embedded database, over
   * a dedicated connection on PostgreSQL. Not offered to a guest reaching an embedded owner.
   */
  listen(channel: string, onWake: WakeUp): Promise<Listening>;
  close(): Promise<void>;
}

/**
 * Every statement timed into the metrics (observe/database-timing.ts), unless metrics are off; the
 * embedded driver times its own (pglite-dialect.ts), so its Kysely gets no hook.
 */
const timedStatements = timeDatabaseStatements ? { log: timeDatabaseStatements } : {};
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
const EMBEDDED_SHARED_BUFFERS = '32MB';
const UPKEEP_INTERVAL_MS = 60_000;

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
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), ...timedStatements });
    const url = options.url;
    return wrap(db, 'postgres', schema, (channel, onWake) => listenPostgres(url, channel, onWake));
  }

  const dataDir = options.dataDir ?? 'memory://';
  const upkeepIntervalMs = options.upkeepIntervalMs ?? UPKEEP_INTERVAL_MS;
  if (dataDir.startsWith('memory://')) {
    const database = await openEmbedded<DB>(dataDir, schema, new ExclusiveTurn(), upkeepIntervalMs, options.loadDataDir);
    inMemoryClients.set(database.opened, database.client);
    return database.opened;
  }
  if (options.loadDataDir) throw new TypeError('loadDataDir starts an in-memory database only (dataDir memory://).');
  if (mkdirSync(dataDir, { recursive: true }) !== undefined) syncParentDirectory(dataDir);
  const lock = await lockDataDirectory(dataDir);
  if ('ownerPid' in lock) {
    if (options.whenOwned !== 'reach') throw new DataDirectoryInUseError(dataDir, lock.ownerPid);
    return reachOwner<DB>(lock.address, dataDir, schema, lock.ownerPid);
  }
  try {
    const turn = new ExclusiveTurn();
    const database = await openEmbedded<DB>(dataDir, schema, turn, upkeepIntervalMs);
    serveOwnerChannel(lock.held, database.client, turn);
    return {
      ...database.opened,
      ownerPid: process.pid,
      async close() {
        await lock.held.release();
        await database.opened.close();
      },
    };
  } catch (error) {
    await lock.held.release();
    throw error;
  }
}

/** The PGlite under each in-memory database this module opened, for dumpInMemory. */
const inMemoryClients = new WeakMap<object, PGlite>();

/**
 * The whole in-memory database (every schema, the migration history) as a tar dump that
 * `loadDataDir` starts another one from: cheaper than migrating again (kit/testing).
 */
export async function dumpInMemory<DB>(database: Database<DB>): Promise<Blob> {
  const client = inMemoryClients.get(database);
  if (!client) throw new TypeError('dumpInMemory takes an in-memory embedded database as openDatabase returned it.');
  return client.dumpDataDir('none');
}

/**
 * PGlite in `dataDir`, its statements taking turns on `turn` (which the owner channel shares),
 * kept vacuumed and analyzed by this process (nothing else does it on the embedded database).
 */
async function openEmbedded<DB>(
  dataDir: string,
  schema: string,
  turn: ExclusiveTurn,
  upkeepIntervalMs: number,
  loadDataDir?: Blob,
): Promise<{ opened: Database<DB>; client: PGlite }> {
  // PostgreSQL's default 128 MB of shared buffers would be most of an idle product's memory; the
  // embedded database holds one product's data, for which 32 MB is ample (measured:
  // about 110 MB less resident memory on reopening a data directory).
  // pg_trgm ships with PGlite; loading it lets a product's migration `create extension pg_trgm`
  // on the embedded database as it would on PostgreSQL.
  const client = new PGlite({
    // In memory for tests; on disk, a file system that syncs what a commit wrote before it is acknowledged.
    ...(dataDir.startsWith('memory://') ? { dataDir } : { fs: new DurableNodeFS(dataDir) }),
    postgresqlconf: `shared_buffers = ${EMBEDDED_SHARED_BUFFERS}`,
    extensions: { pg_trgm },
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  await client.waitReady;
  await client.exec(`create schema if not exists ${schema}; set search_path to ${schema}`);
  const db = new Kysely<DB>({ dialect: new PGliteDialect(client, turn) });
  const upkeep = scheduleUpkeep(db, schema, upkeepIntervalMs, (error) =>
    process.emitWarning(
      `Embedded database upkeep (vacuum, analyze) failed; tried again next interval: ${error instanceof Error ? error.message : String(error)}`,
    ),
  );
  const opened = wrap(db, 'pglite', schema, (channel, onWake) => listenEmbedded(client, turn, channel, onWake));
  return {
    opened: {
      ...opened,
      async close() {
        await upkeep.stop();
        await opened.close();
      },
    },
    client,
  };
}

/** The embedded database as seen through its owner; refused when the owner serves another schema. */
async function reachOwner<DB>(address: string, dataDir: string, schema: string, ownerPid: number): Promise<Database<DB>> {
  const channel = await OwnerChannel.open(address, dataDir);
  const db = new Kysely<DB>({ dialect: new OwnerChannelDialect(channel), ...timedStatements });
  try {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    if (rows[0]?.schema !== schema) throw new Error(`Process ${ownerPid} serves schema ${rows[0]?.schema} of ${dataDir}, not ${schema}.`);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const listen = () => Promise.reject(new TypeError('A guest of the embedded database cannot listen; its owner process does.'));
  return { ...wrap(db, 'pglite', schema, listen), ownerPid };
}

function wrap<DB>(db: Kysely<DB>, kind: 'postgres' | 'pglite', schema: string, listen: (channel: string, onWake: WakeUp) => Promise<Listening>): Database<DB> {
  return {
    db,
    kind,
    schema,
    listen,
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
