/**
 * Chengdu Soul for the scale benchmark: the real application on the embedded database (in memory)
 * or, with BENCH_SCALE_POSTGRES=1, on PostgreSQL (DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test) in a fresh schema dropped again on SIGTERM, with the
 * bundled release published and BENCH_SCALE_PAGES saved plans of other accounts beside the
 * owner's own (bench/lib/chengdu-scale-seed.ts). The per-owner write limit is raised out of reach,
 * as in the propose benchmark. Prints one line, `READY <json>`: its URL, an Agent credential, the
 * owner's session cookie value, a saved plan's link token and how long seeding took.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { listenFirst, loopbackOrigins, stopOnSignals } from '@agent-products/kit/http';
import { createLogger } from '@agent-products/kit/log';
import { createChengduApp, newestBundledRelease, openChengduDatabase, readReleaseFolder } from '@agent-products/chengdu-soul/composition';
import { seedChengduScale } from '../lib/chengdu-scale-seed.ts';

const otherPages = Number(process.env.BENCH_SCALE_PAGES);
if (!(otherPages >= 0)) throw new TypeError('BENCH_SCALE_PAGES is required');
const onPostgres = process.env.BENCH_SCALE_POSTGRES === '1';
const schema = onPostgres ? `bench_scale_cs_${randomBytes(5).toString('hex')}` : 'bench_chengdu';

const started = performance.now();
const database = await openChengduDatabase({
  databaseUrl: onPostgres ? process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test' : undefined,
  databaseSchema: schema,
  dataDir: 'memory://',
});
const server = await listenFirst(0);
const app = createChengduApp({
  database,
  log: createLogger({ name: 'chengdu-soul-scale-bench', level: 'silent' }),
  allowedOrigins: loopbackOrigins(server.port),
  publicUrl: server.url,
  writesPerMinute: 1_000_000_000,
});
server.serve(app.app.fetch);
await app.repository.publish(readReleaseFolder(newestBundledRelease()));
const seeded = await seedChengduScale(app, database.db, otherPages);
const { token } = await app.credentials.issue({ audience: app.audience, hours: 2, label: 'scale benchmark', now: new Date() });
const link = await app.signInLinks.issue(seeded.accountId, new Date());
const session = await app.sessions.signIn(link.token, new Date());
if ('failure' in session) throw new Error(`the owner could not sign in: ${session.failure}`);

const ready = { url: server.url, token, session: session.sessionId, pageToken: seeded.pageToken, seedSeconds: (performance.now() - started) / 1000 };
process.stdout.write(`READY ${JSON.stringify(ready)}\n`);
stopOnSignals(
  () => server.close(),
  () => app.close(),
  async () => {
    if (onPostgres) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(database.db).catch(() => undefined);
  },
  () => database.close(),
);
