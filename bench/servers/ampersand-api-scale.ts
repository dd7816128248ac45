/**
 * &'s API for the scale benchmark: the real API service on the embedded database (in memory) or,
 * with BENCH_SCALE_POSTGRES=1, on PostgreSQL (DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test) in a fresh schema dropped again on SIGTERM, seeded
 * with BENCH_SCALE_PEOPLE people (bench/lib/ampersand-scale-seed.ts). Prints one line,
 * `READY <json>`: its URL, an access token for the viewer minted as the authorization server
 * mints them (HS256, `at+jwt`, audience BENCH_AMPERSAND_MCP_URL, a saved grant's id), the hosted
 * runtime's token for the identity_read subject, the viewer's Loop and how long seeding took.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { sql } from 'kysely';
import { listenNode, stopOnSignals } from '@agent-products/kit/http';
import { createLogger } from '@agent-products/kit/log';
import { migrate, openDatabase } from '@agent-products/kit/store';
import { type AmpersandDatabase, ampersandMigrations, type ApiService, createApiService, deriveKeys } from '@agent-products/ampersand/composition';
import { seedAmpersandScale } from '../lib/ampersand-scale-seed.ts';
import { benchApiSettings } from '../lib/ampersand-bench-settings.ts';

const secret = process.env.BENCH_AMPERSAND_SECRET;
const mcpUrl = process.env.BENCH_AMPERSAND_MCP_URL;
const people = Number(process.env.BENCH_SCALE_PEOPLE);
if (!secret || !mcpUrl || !(people > 0)) throw new TypeError('BENCH_AMPERSAND_SECRET, BENCH_AMPERSAND_MCP_URL and BENCH_SCALE_PEOPLE are required');
const onPostgres = process.env.BENCH_SCALE_POSTGRES === '1';
const schema = onPostgres ? `bench_scale_amp_${randomBytes(5).toString('hex')}` : 'public';

const started = performance.now();
let service: ApiService | undefined;
const server = await listenNode((req, res) => service!.handler(req, res), 0);
const apiUrl = server.url;
const database = await openDatabase<AmpersandDatabase>({
  url: onPostgres ? process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test' : undefined,
  dataDir: 'memory://',
  schema,
});
await migrate(database.db, database.schema, ampersandMigrations);
service = await createApiService({
  settings: benchApiSettings(apiUrl, mcpUrl),
  database,
  tokenSecret: secret,
  log: createLogger({ name: 'ampersand-api-scale-bench', level: 'silent' }),
});
const seeded = await seedAmpersandScale(database.db, service, people);

const scope = 'signals:ask connections:read loops:read';
const grant = new service.provider.Grant({ accountId: seeded.viewer, clientId: 'bench-client' });
grant.addResourceScope(mcpUrl, scope);
const grantId = await grant.save();
const token = await new SignJWT({ scope, client_id: 'bench-client', gid: grantId })
  .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
  .setIssuer(apiUrl)
  .setAudience(mcpUrl)
  .setSubject(seeded.viewer)
  .setJti(randomUUID())
  .setIssuedAt()
  .setExpirationTime('2h')
  .sign(deriveKeys(secret).accessToken);
const runtime = (await service.hostedRuntime.issue(seeded.runtimeSubject, new Date())).accessToken;

const ready = { url: apiUrl, token, runtime, loopId: seeded.loopId, seedSeconds: (performance.now() - started) / 1000 };
process.stdout.write(`READY ${JSON.stringify(ready)}\n`);
stopOnSignals(
  () => server.close(),
  async () => {
    if (onPostgres) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(database.db).catch(() => undefined);
  },
  () => database.close(),
);
