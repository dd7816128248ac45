/**
 * The migration benchmark's dataset (bench/migrate.ts): & seeded at BENCH_MIGRATE_PEOPLE people
 * (bench/lib/ampersand-scale-seed.ts) on PostgreSQL (DATABASE_URL) in the fresh schema
 * BENCH_MIGRATE_SCHEMA, on the schema of the release before migration 0056 (every migration
 * named before it). The seeder writes through today's services, which store each fact's content
 * words, so the column is there while it seeds and dropped after, as the previous release had no
 * such column. Mints an access token for the viewer (identity writes and reads) as the
 * authorization server does, prints `READY <json>` and exits.
 */
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { sql } from 'kysely';
import { listenNode } from '@agent-products/kit/http';
import { createLogger } from '@agent-products/kit/log';
import { migrate, openDatabase } from '@agent-products/kit/store';
import { type AmpersandDatabase, ampersandMigrations, type ApiService, createApiService, deriveKeys } from '@agent-products/ampersand/composition';
import { seedAmpersandScale } from '../lib/ampersand-scale-seed.ts';
import { benchApiSettings } from '../lib/ampersand-bench-settings.ts';

/** The first migration of the release being upgraded to. */
const FIRST_NEW_MIGRATION = '0056_public_fact_words';

const secret = process.env.BENCH_AMPERSAND_SECRET;
const mcpUrl = process.env.BENCH_AMPERSAND_MCP_URL;
const schema = process.env.BENCH_MIGRATE_SCHEMA;
const people = Number(process.env.BENCH_MIGRATE_PEOPLE);
// The API under migration listens on this port after, so the token's issuer is its URL.
const port = Number(process.env.BENCH_MIGRATE_API_PORT);
if (!secret || !mcpUrl || !schema || !(people > 0) || !(port > 0)) {
  throw new TypeError('BENCH_AMPERSAND_SECRET, BENCH_AMPERSAND_MCP_URL, BENCH_MIGRATE_SCHEMA, BENCH_MIGRATE_PEOPLE and BENCH_MIGRATE_API_PORT are required');
}

const started = performance.now();
let service: ApiService | undefined;
const server = await listenNode((req, res) => service!.handler(req, res), port);
const database = await openDatabase<AmpersandDatabase>({ url: process.env.DATABASE_URL, dataDir: 'memory://', schema });
const previous = Object.fromEntries(Object.entries(ampersandMigrations).filter(([name]) => name < FIRST_NEW_MIGRATION));
await migrate(database.db, database.schema, previous);
await sql`alter table identity_facts add column content_words text[]`.execute(database.db);
service = await createApiService({
  settings: benchApiSettings(server.url, mcpUrl),
  database,
  tokenSecret: secret,
  log: createLogger({ name: 'ampersand-migrate-seed', level: 'silent' }),
});
const seeded = await seedAmpersandScale(database.db, service, people, 1, mcpUrl);
// The writer and reader act as the first of the seed's callers (an ordinary seeded person).
const viewer = `scale-${seeded.callers[0]}`;
await sql`alter table identity_facts drop column content_words`.execute(database.db);
const { rows } = await sql<{ facts: number }>`select count(*)::int as facts from identity_facts`.execute(database.db);

const scope = 'signals:write signals:ask connections:read';
const grant = new service.provider.Grant({ accountId: viewer, clientId: 'bench-client' });
grant.addResourceScope(mcpUrl, scope);
const grantId = await grant.save();
const token = await new SignJWT({ scope, client_id: 'bench-client', gid: grantId })
  .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
  .setIssuer(server.url)
  .setAudience(mcpUrl)
  .setSubject(viewer)
  .setJti(randomUUID())
  .setIssuedAt()
  .setExpirationTime('12h')
  .sign(deriveKeys(secret).accessToken);
await server.close();
await database.close();
process.stdout.write(`READY ${JSON.stringify({ token, facts: rows[0]!.facts, seedSeconds: (performance.now() - started) / 1000 })}\n`);
process.exit(0);
