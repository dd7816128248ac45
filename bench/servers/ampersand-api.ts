/**
 * &'s API as benchmarked: the real API service (authorization server included) over an in-memory
 * embedded database, with one andee who has a connection, a Loop with three items ("Family movie
 * night", skill skill_family_movie_night) and a grant for one client. Prints its
 * URL and an access token for that grant, minted exactly as the authorization server mints them
 * (HS256 with the shared secret, `at+jwt`, audience BENCH_AMPERSAND_MCP_URL, the grant's id).
 */
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { listenNode, stopOnSignals } from '@agent-products/kit/http';
import { createLogger } from '@agent-products/kit/log';
import { migrate, openDatabase } from '@agent-products/kit/store';
import { createApiService, type ApiService } from '../../apps/ampersand/src/api/api-service.ts';
import { deriveKeys } from '../../apps/ampersand/src/auth/derived-keys.ts';
import { writeItem } from '../../apps/ampersand/src/loops/loop-items.ts';
import { Loops } from '../../apps/ampersand/src/loops/loop-records.ts';
import { ampersandMigrations } from '../../apps/ampersand/src/store/migrations.ts';
import type { AmpersandDatabase } from '../../apps/ampersand/src/store/schema.ts';

const secret = process.env.BENCH_AMPERSAND_SECRET;
const mcpUrl = process.env.BENCH_AMPERSAND_MCP_URL;
if (!secret || !mcpUrl) throw new TypeError('BENCH_AMPERSAND_SECRET and BENCH_AMPERSAND_MCP_URL are required');

let service: ApiService | undefined;
const server = await listenNode((req, res) => service!.handler(req, res), 0);
const apiUrl = server.url;
const database = await openDatabase<AmpersandDatabase>({ dataDir: 'memory://' });
await migrate(database.db, database.schema, ampersandMigrations);
service = await createApiService({
  settings: {
    apiUrl,
    mcpUrl,
    accessTokenTtlSeconds: 3600,
    refreshTokenTtlSeconds: 86400,
    refreshGraceSeconds: 30,
    unusedClientTtlSeconds: 86400,
    signInLinkTtlSeconds: 900,
    cimdAllowedHosts: [],
    devMailbox: false,
    apiAllowedOrigins: [apiUrl],
  },
  database,
  tokenSecret: secret,
  log: createLogger({ name: 'ampersand-api-bench', level: 'silent' }),
});

const ada = await service.andees.create({ tag: 'ada', displayName: 'Ada Lovelace' });
const grace = await service.andees.create({ tag: 'grace', displayName: 'Grace Hopper' });
if (!ada.ok || !grace.ok) throw new Error('bench andees not created');
await service.connections.connect(ada.andee.andeeId, grace.andee.andeeId, new Date());
const { loop } = await new Loops(database.db).create(ada.andee.andeeId, { title: 'Family movie night', renderer: 'recommendations', skillId: 'skill_family_movie_night' }, new Date());
for (const name of ['Paddington 2', 'My Neighbour Totoro', 'The Iron Giant']) {
  await writeItem(database.db, loop.loopId, 'agent', { kind: 'recommendation_set', title: `Pick: ${name}`, blocks: [{ type: 'recommendation', name, reason: 'Everyone in the family liked it.' }], fallbackText: `${name} — everyone in the family liked it.` }, null, new Date());
}
const grant = new service.provider.Grant({ accountId: ada.andee.andeeId, clientId: 'bench-client' });
grant.addResourceScope(mcpUrl, 'signals:ask connections:read loops:read');
const grantId = await grant.save();
const token = await new SignJWT({ scope: 'signals:ask connections:read loops:read', client_id: 'bench-client', gid: grantId })
  .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
  .setIssuer(apiUrl)
  .setAudience(mcpUrl)
  .setSubject(ada.andee.andeeId)
  .setJti(randomUUID())
  .setIssuedAt()
  .setExpirationTime('1h')
  .sign(deriveKeys(secret).accessToken);

process.stdout.write(`LISTENING ${apiUrl} TOKEN ${token}\n`);
stopOnSignals(() => server.close(), () => database.close());
