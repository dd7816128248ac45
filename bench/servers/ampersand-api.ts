/**
 * &'s API as benchmarked: the real API service (authorization server included) over an in-memory
 * embedded database (with BENCH_DATA_DIR, the embedded database on disk in that directory, synced
 * as `npm start` runs it; or, with BENCH_AMPERSAND_DATABASE_URL, PostgreSQL in a fresh schema dropped
 * again on SIGTERM), with one andee who has a connection, a Loop with three items ("Family movie
 * night", skill skill_family_movie_night) and a grant for one client, and a second andee with
 * 120 approved identity facts for the evidence tools. Prints its URL and an access token for that grant, minted exactly as the authorization
 * server mints them (HS256 with the shared secret, `at+jwt`, audience BENCH_AMPERSAND_MCP_URL, the
 * grant's id) — or, with BENCH_AMPERSAND_TOKEN=hosted-runtime, the & hosted runtime's token for
 * the second andee (the principal the evidence tools need), issued as & issues it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { sql } from 'kysely';
import { listenNode, stopOnSignals } from '@agent-products/kit/http';
import { createLogger } from '@agent-products/kit/log';
import { migrate, openDatabase, runUpkeep } from '@agent-products/kit/store';
import {
  type AmpersandDatabase,
  ampersandMigrations,
  type ApiService,
  createApiService,
  deriveKeys,
  Loops,
  writeItem,
} from '@agent-products/ampersand/composition';
import { benchApiSettings } from '../lib/ampersand-bench-settings.ts';

const secret = process.env.BENCH_AMPERSAND_SECRET;
const mcpUrl = process.env.BENCH_AMPERSAND_MCP_URL;
if (!secret || !mcpUrl) throw new TypeError('BENCH_AMPERSAND_SECRET and BENCH_AMPERSAND_MCP_URL are required');

let service: ApiService | undefined;
const server = await listenNode((req, res) => service!.handler(req, res), 0);
const apiUrl = server.url;
const postgresUrl = process.env.BENCH_AMPERSAND_DATABASE_URL;
const schema = postgresUrl ? `bench_ampersand_${randomBytes(5).toString('hex')}` : undefined;
const database = await openDatabase<AmpersandDatabase>(
  postgresUrl ? { url: postgresUrl, dataDir: 'memory://', schema } : { dataDir: process.env.BENCH_DATA_DIR ?? 'memory://' },
);
await migrate(database.db, database.schema, ampersandMigrations);
service = await createApiService({
  settings: benchApiSettings(apiUrl, mcpUrl),
  database,
  tokenSecret: secret,
  log: createLogger({ name: 'ampersand-api-bench', level: 'silent' }),
});

const ada = await service.andees.create({ tag: 'ada', displayName: 'Ada Lovelace' });
const grace = await service.andees.create({ tag: 'grace', displayName: 'Grace Hopper' });
if (!ada.ok || !grace.ok) throw new Error('bench andees not created');
await service.connections.connect(ada.andee.andeeId, grace.andee.andeeId, new Date());
const { loop } = await new Loops(database.db).create(
  ada.andee.andeeId,
  { title: 'Family movie night', renderer: 'recommendations', skillId: 'skill_family_movie_night' },
  new Date(),
);
for (const name of ['Paddington 2', 'My Neighbour Totoro', 'The Iron Giant']) {
  await writeItem(
    database.db,
    loop.loopId,
    'agent',
    {
      kind: 'recommendation_set',
      title: `Pick: ${name}`,
      blocks: [{ type: 'recommendation', name, reason: 'Everyone in the family liked it.' }],
      fallbackText: `${name} — everyone in the family liked it.`,
    },
    null,
    new Date(),
  );
}
// Hedy's corpus: more than two pages of identity_read (50 a page), apart from Ada's answers.
const hedy = await service.andees.create({ tag: 'hedy', displayName: 'Hedy Lamarr' });
if (!hedy.ok) throw new Error('bench andee hedy not created');
const HOBBIES = ['pottery', 'sailing', 'chess', 'birding', 'baking', 'cycling', 'knitting', 'climbing', 'gardening', 'fencing', 'archery', 'rowing'];
const CITIES = ['Lisbon', 'Kyoto', 'Oslo', 'Quito', 'Hanoi', 'Dakar', 'Perth', 'Tallinn', 'Cusco', 'Tunis'];
for (const [h, hobby] of HOBBIES.entries()) {
  for (const [c, city] of CITIES.entries())
    await service.signals.add(hedy.andee.andeeId, `I took up ${hobby} during a year in ${city} (${h * CITIES.length + c}).`, {
      visibility: 'private',
      status: 'approved',
      now: new Date(),
    });
}
const grant = new service.provider.Grant({ accountId: ada.andee.andeeId, clientId: 'bench-client' });
// signals:write for the durable-writes benchmark's identity_write.
const scope = 'signals:ask signals:write connections:read loops:read';
grant.addResourceScope(mcpUrl, scope);
const grantId = await grant.save();
const token = await new SignJWT({ scope, client_id: 'bench-client', gid: grantId })
  .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
  .setIssuer(apiUrl)
  .setAudience(mcpUrl)
  .setSubject(ada.andee.andeeId)
  .setJti(randomUUID())
  .setIssuedAt()
  .setExpirationTime('1h')
  .sign(deriveKeys(secret).accessToken);

// What the owner's upkeep does within its first minute (kit embedded-upkeep.ts): the benchmark
// measures a server in its steady state, not one whose tables have no statistics yet.
await runUpkeep(database.db, database.schema);
const printed =
  process.env.BENCH_AMPERSAND_TOKEN === 'hosted-runtime' ? (await service.hostedRuntime.issue(hedy.andee.andeeId, new Date())).accessToken : token;
process.stdout.write(`LISTENING ${apiUrl} TOKEN ${printed}\n`);
stopOnSignals(
  () => server.close(),
  async () => {
    if (schema) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(database.db).catch(() => undefined);
    await database.close();
  },
);
