/**
 * &'s API as benchmarked for identity answers: the real API service on PostgreSQL (DATABASE_URL,
 * default postgres://postgres@127.0.0.1:5432/test) in a fresh schema dropped again on SIGTERM,
 * with Ada connected to Grace and Hedy, each holding public, connected and private facts, and a
 * grant for one client. Prints `LISTENING <url> TOKEN <token>`, the token minted exactly as the
 * authorization server mints them (HS256, `at+jwt`, audience BENCH_AMPERSAND_MCP_URL, the grant id).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT } from 'jose';
import { sql } from 'kysely';
import { createLogger } from '@agent-products/kit/log';
import { migrate, openDatabase } from '@agent-products/kit/store';
import { type AmpersandDatabase, ampersandMigrations, type ApiService, createApiService, deriveKeys } from '@agent-products/ampersand/composition';
import { benchApiSettings } from '../lib/ampersand-bench-settings.ts';

const secret = process.env.BENCH_AMPERSAND_SECRET;
const mcpUrl = process.env.BENCH_AMPERSAND_MCP_URL;
if (!secret || !mcpUrl) throw new TypeError('BENCH_AMPERSAND_SECRET and BENCH_AMPERSAND_MCP_URL are required');

let service: ApiService | undefined;
const server = createServer((req, res) => service!.handler(req, res));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const schema = `bench_ampersand_${randomBytes(5).toString('hex')}`;
const database = await openDatabase<AmpersandDatabase>({
  url: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
  dataDir: 'memory://',
  schema,
});
await migrate(database.db, database.schema, ampersandMigrations);
service = await createApiService({
  settings: benchApiSettings(apiUrl, mcpUrl),
  database,
  tokenSecret: secret,
  log: createLogger({ name: 'ampersand-api-bench', level: 'silent' }),
});

const people: Record<string, string> = {};
for (const [tag, name] of [
  ['ada', 'Ada Lovelace'],
  ['grace', 'Grace Hopper'],
  ['hedy', 'Hedy Lamarr'],
] as const) {
  const created = await service.andees.create({ tag, displayName: name });
  if (!created.ok) throw new Error(`bench andee ${tag} not created`);
  people[tag] = created.andee.andeeId;
}
const now = new Date();
for (const other of ['grace', 'hedy']) await service.connections.connect(people.ada!, people[other]!, now);
const FACTS = [
  'I love Italian food, especially handmade pasta.',
  'I play jazz piano on weekends.',
  'I work as a computer scientist.',
  'I grew up near the sea.',
  'I collect old maps.',
];
for (const tag of ['ada', 'grace', 'hedy']) {
  for (const [i, fact] of FACTS.entries())
    await service.signals.add(people[tag]!, `${fact} (${tag})`, { visibility: (['public', 'connected', 'private'] as const)[i % 3]!, status: 'approved', now });
}
const grant = new service.provider.Grant({ accountId: people.ada!, clientId: 'bench-client' });
grant.addResourceScope(mcpUrl, 'signals:ask connections:read');
const grantId = await grant.save();
const token = await new SignJWT({ scope: 'signals:ask connections:read', client_id: 'bench-client', gid: grantId })
  .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
  .setIssuer(apiUrl)
  .setAudience(mcpUrl)
  .setSubject(people.ada!)
  .setJti(randomUUID())
  .setIssuedAt()
  .setExpirationTime('1h')
  .sign(deriveKeys(secret).accessToken);

process.stdout.write(`LISTENING ${apiUrl} TOKEN ${token}\n`);
process.on('SIGTERM', () => {
  server.close();
  void sql`drop schema if exists ${sql.id(schema)} cascade`
    .execute(database.db)
    .catch(() => undefined)
    .then(() => database.close())
    .then(() => process.exit(0));
});
