/**
 * &'s API as a new release starts on the previous release's database (bench/migrate.ts): listens
 * on BENCH_MIGRATE_API_PORT and prints `LISTENING <url>` once its service is built; on `GO` (a line on its standard
 * input) it does what `npm start` does (apps/ampersand/src/main-api.ts): migrates (the schema
 * changes), then builds the migrations' indexes concurrently and runs their backfills in the
 * background while it serves. Its API service is built before GO (a rolling update's new process is
 * up before it migrates); requests that arrive before the schema changes are done wait for them
 * (so they count as waiting, not as refused). Prints `MIGRATED <json>` when the schema
 * changes are done and `BACKFILLED <json>` when every backfill is complete; the backfills' progress
 * log goes to standard error.
 */
import { createInterface } from 'node:readline';
import { listenNode, stopOnSignals } from '@agent-products/kit/http';
import { createLogger } from '@agent-products/kit/log';
import { migrate, openDatabase, startBackfills, type Database } from '@agent-products/kit/store';
import { type AmpersandDatabase, ampersandMigrations, type ApiService, createApiService } from '@agent-products/ampersand/composition';
import { benchApiSettings } from '../lib/ampersand-bench-settings.ts';

const secret = process.env.BENCH_AMPERSAND_SECRET;
const mcpUrl = process.env.BENCH_AMPERSAND_MCP_URL;
const schema = process.env.BENCH_MIGRATE_SCHEMA;
const port = Number(process.env.BENCH_MIGRATE_API_PORT);
if (!secret || !mcpUrl || !schema || !(port > 0))
  throw new TypeError('BENCH_AMPERSAND_SECRET, BENCH_AMPERSAND_MCP_URL, BENCH_MIGRATE_SCHEMA and BENCH_MIGRATE_API_PORT are required');

let markReady: (service: ApiService) => void = () => undefined;
const ready = new Promise<ApiService>((resolve) => {
  markReady = resolve;
});
const server = await listenNode((req, res) => void ready.then((service) => service.handler(req, res)), port);
let database: Database<AmpersandDatabase> | undefined;
let backfills: { done: Promise<void>; stop(): Promise<void> } | undefined;
stopOnSignals(
  () => server.close(),
  () => backfills?.stop(),
  () => database?.close(),
);
// The API service is built before the migration starts, as the release's process would be up
// already in a rolling update: what the loads wait for from GO on is the migration's own work.
const log = createLogger({ name: 'ampersand-api-migrating', level: 'info', destination: process.stderr as never });
database = await openDatabase<AmpersandDatabase>({ url: process.env.DATABASE_URL, dataDir: 'memory://', schema });
const service = await createApiService({
  settings: benchApiSettings(server.url, mcpUrl),
  database,
  tokenSecret: secret,
  log: createLogger({ name: 'ampersand-api-migrating', level: 'error', destination: process.stderr as never }),
});
process.stdout.write(`LISTENING ${server.url}\n`);
await new Promise<void>((resolve) => {
  createInterface({ input: process.stdin }).on('line', (line) => line.trim() === 'GO' && resolve());
});

const started = performance.now();
const ran = await migrate(database.db, database.schema, ampersandMigrations, { log, deferIndexes: true });
const schemaSeconds = (performance.now() - started) / 1000;
markReady(service);
process.stdout.write(`MIGRATED ${JSON.stringify({ ran, schemaSeconds })}\n`);
backfills = startBackfills(database.db, ampersandMigrations, { log });
await backfills.done;
process.stdout.write(`BACKFILLED ${JSON.stringify({ seconds: (performance.now() - started) / 1000 })}\n`);
