/**
 * Chengdu Soul as benchmarked for planning writes: the real application on PostgreSQL
 * (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test) in a fresh schema, dropped again
 * on SIGTERM (or, with BENCH_DATA_DIR, on the embedded database on disk in that directory, synced
 * as `npm start` runs it), with the bundled release published, an approved account and an Agent credential.
 * The per-owner write limit is raised out of reach so the load measures writes rather than 429s;
 * the shared limiter still runs on every call, as in production. Prints
 * `LISTENING <url> TOKEN <token>` once listening.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { listenFirst, loopbackOrigins, stopOnSignals } from '@agent-products/kit/http';
import { createLogger } from '@agent-products/kit/log';
import { createChengduApp, newestBundledRelease, openChengduDatabase, readReleaseFolder } from '@agent-products/chengdu-soul/composition';

const onDisk = process.env.BENCH_DATA_DIR;
const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const schema = `bench_propose_${randomBytes(5).toString('hex')}`;
const database = await openChengduDatabase(
  onDisk ? { databaseUrl: undefined, databaseSchema: 'chengdu_soul', dataDir: onDisk } : { databaseUrl, databaseSchema: schema, dataDir: 'memory://' },
);
// Silent request logs: the benchmark measures serving, not terminal output.
const log = createLogger({ name: 'chengdu-soul-bench', level: 'silent' });
const server = await listenFirst(0);
const service = createChengduApp({
  database,
  log,
  allowedOrigins: loopbackOrigins(server.port),
  publicUrl: server.url,
  writesPerMinute: 1_000_000_000,
});
server.serve(service.app.fetch);
await service.repository.publish(readReleaseFolder(newestBundledRelease()));
await service.credentials.approveAccount('bench@example.com');
const { token } = await service.credentials.issue({ audience: service.audience, hours: 1, label: 'benchmark', now: new Date() });
process.stdout.write(`LISTENING ${server.url} TOKEN ${token}\n`);

stopOnSignals(
  () => server.close(),
  () => service.close(),
  // Closing the pool waits for the transactions of requests still in flight when the load stopped;
  // dropping the schema while they run would deadlock with them.
  () => database.close(),
  async () => {
    if (onDisk) return;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      await admin.query(`drop schema ${schema} cascade`);
    } finally {
      await admin.end();
    }
  },
);
