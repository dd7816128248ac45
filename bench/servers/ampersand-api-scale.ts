/**
 * &'s API for the scale benchmark: the real API service on the embedded database (in memory) or,
 * with BENCH_SCALE_POSTGRES=1, on PostgreSQL (DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test) in a fresh schema dropped again on SIGTERM, seeded
 * with BENCH_SCALE_PEOPLE people (bench/lib/ampersand-scale-seed.ts). Prints one line,
 * `READY <json>`: its URL, how long seeding took, the viewer's Loop, the hosted runtime's token for
 * the identity_read page-40 subject, and for each of BENCH_SCALE_CALLERS callers spread over the
 * population (the calls rotate over them): an access token minted as the authorization server
 * mints them (HS256, `at+jwt`, audience BENCH_AMPERSAND_MCP_URL, a saved grant's id), a hosted
 * runtime token, a web session and its CSRF token; and BENCH_SCALE_SIGN_INS unused sign-in links.
 *
 * Beside the API it answers two benchmark-only routes, for timing each housekeeping sweep as one
 * operation (housekeeping/sweeps.ts): `POST /bench/sweep/<kind>/prepare` leaves the same small
 * amount of that sweep's work at every size (untimed), `POST /bench/sweep/<kind>` runs the sweep.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SignJWT } from 'jose';
import { sql, type Kysely } from 'kysely';
import { listenNode, stopOnSignals } from '@agent-products/kit/http';
import { createLogger } from '@agent-products/kit/log';
import { migrate, openDatabase } from '@agent-products/kit/store';
import {
  type AmpersandDatabase,
  ampersandMigrations,
  type ApiService,
  createApiService,
  deriveKeys,
  SWEEPS,
  type SweepCounts,
} from '@agent-products/ampersand/composition';
import { seedAmpersandScale } from '../lib/ampersand-scale-seed.ts';
import { benchApiSettings } from '../lib/ampersand-bench-settings.ts';

const secret = process.env.BENCH_AMPERSAND_SECRET;
const mcpUrl = process.env.BENCH_AMPERSAND_MCP_URL;
const people = Number(process.env.BENCH_SCALE_PEOPLE);
const callerCount = Number(process.env.BENCH_SCALE_CALLERS ?? 200);
const signIns = Number(process.env.BENCH_SCALE_SIGN_INS ?? 0);
if (!secret || !mcpUrl || !(people > 0)) throw new TypeError('BENCH_AMPERSAND_SECRET, BENCH_AMPERSAND_MCP_URL and BENCH_SCALE_PEOPLE are required');
const onPostgres = process.env.BENCH_SCALE_POSTGRES === '1';
const schema = onPostgres ? `bench_scale_amp_${randomBytes(5).toString('hex')}` : 'public';

const LINKS_OUTLIVE_THE_RUN_SECONDS = 6 * 60 * 60;

const started = performance.now();
let service: ApiService | undefined;
const server = await listenNode((req, res) => {
  if (req.url?.startsWith('/bench/sweep/')) void sweepRoute(req, res);
  else service!.handler(req, res);
}, 0);
const apiUrl = server.url;
const database = await openDatabase<AmpersandDatabase>({
  url: onPostgres ? process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test' : undefined,
  dataDir: 'memory://',
  schema,
});
await migrate(database.db, database.schema, ampersandMigrations);
const settings = benchApiSettings(apiUrl, mcpUrl);
service = await createApiService({
  settings: {
    ...settings,
    // The links are issued once seeded, and the other size's seed can take longer than the usual
    // 15 minutes (22 minutes at 100,000 people under load): a link must outlive the whole run.
    signInLinkTtlSeconds: LINKS_OUTLIVE_THE_RUN_SECONDS,
    // Every sign-in of the benchmark comes from loopback: its per-address limit would stop it after 30.
    rateLimits: { linkRedemptionsPerAddress: { points: 1_000_000, windowSeconds: 60 } },
  },
  database,
  tokenSecret: secret,
  log: createLogger({ name: 'ampersand-api-scale-bench', level: 'silent' }),
});
const seeded = await seedAmpersandScale(database.db, service, people, callerCount, mcpUrl);
const seedSeconds = (performance.now() - started) / 1000;

const scope = 'signals:ask connections:read loops:read';
async function accessToken(subject: string): Promise<string> {
  const grant = new service!.provider.Grant({ accountId: subject, clientId: 'bench-client' });
  grant.addResourceScope(mcpUrl!, scope);
  const grantId = await grant.save();
  return new SignJWT({ scope, client_id: 'bench-client', gid: grantId })
    .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
    .setIssuer(apiUrl)
    .setAudience(mcpUrl!)
    .setSubject(subject)
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime('4h')
    .sign(deriveKeys(secret!).accessToken);
}
async function webSession(subject: string): Promise<{ cookie: string; csrf: string }> {
  const now = new Date();
  const { token } = await service!.sessions.issueLink(subject, now);
  const outcome = await service!.sessions.signIn(token, now);
  if ('failure' in outcome) throw new Error(`bench session for ${subject}: ${outcome.failure}`);
  const live = await service!.sessions.resume(outcome.sessionId, now);
  return { cookie: `amp_session=${outcome.sessionId}`, csrf: live!.csrfToken };
}

const callers = [];
for (const i of seeded.callers) {
  const andeeId = `scale-${i}`;
  callers.push({
    i,
    token: await accessToken(andeeId),
    runtime: (await service.hostedRuntime.issue(andeeId, new Date())).accessToken,
    ...(await webSession(andeeId)),
  });
}
const links: string[] = [];
for (let n = 0; n < signIns; n++) links.push((await service.sessions.issueLink(`scale-${seeded.callers[n % seeded.callers.length]}`, new Date())).token);
const runtime = (await service.hostedRuntime.issue(seeded.runtimeSubject, new Date())).accessToken;

const ready = { url: apiUrl, people, callers, links, runtime, loopId: seeded.loopId, seedSeconds };
process.stdout.write(`READY ${JSON.stringify(ready)}\n`);

/** The same small amount of each sweep's work at every size: what a run finds between two runs. */
const SWEEP_WORK = 100;
const ABANDONED_CLIENTS = 20;
let prepared = 0;
async function prepareSweep(db: Kysely<AmpersandDatabase>, kind: keyof SweepCounts): Promise<void> {
  const batch = `${prepared++}`;
  const rows = sql`generate_series(1, ${SWEEP_WORK}) n`;
  const id = sql`${`bench-${batch}-`} || n`;
  if (kind === 'oauthRows')
    await sql`insert into oauth_store (model, id_hash, payload, expires_at) select 'Interaction', ${id}, '{}'::jsonb, now() - interval '1 minute' from ${rows}`.execute(
      db,
    );
  if (kind === 'interactionApprovals')
    await sql`insert into interaction_approvals (uid_hash, match_number, expires_at) select ${id}, '12', now() - interval '1 minute' from ${rows}`.execute(db);
  if (kind === 'refreshSuccessions')
    await sql`insert into oauth_refresh_successions (token_hash, claimed_at) select ${id}, now() - interval '2 hours' from ${rows}`.execute(db);
  if (kind === 'unusedClients')
    await sql`insert into oauth_store (model, id_hash, payload, client_id, created_at)
      select 'Client', ${id}, '{}'::jsonb, ${id}, now() - interval '30 days' from generate_series(1, ${ABANDONED_CLIENTS}) n`.execute(db);
  if (kind === 'signInLinks')
    await sql`insert into sign_in_links (token_hash, andee_id, created_at, expires_at, used_at)
      select ${id}, 'scale-1', now() - interval '3 days', now() - interval '2 days', null from ${rows}`.execute(db);
  if (kind === 'webSessions')
    await sql`insert into web_sessions (session_hash, andee_id, csrf_token, created_at, expires_at)
      select ${id}, 'scale-1', 'x', now() - interval '15 days', now() - interval '1 day' from ${rows}`.execute(db);
}

async function sweepRoute(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const [, , , kind, step] = (req.url ?? '').split('/') as [string, string, string, keyof SweepCounts, string | undefined];
  try {
    if (req.method !== 'POST' || !(kind in SWEEPS)) throw new Error(`no sweep ${kind}`);
    let removed = 0;
    if (step === 'prepare') await prepareSweep(database.db, kind);
    else removed = await SWEEPS[kind](database.db, service!.grants, { now: new Date(), unusedClientTtlSeconds: settings.unusedClientTtlSeconds });
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ removed }));
  } catch (error) {
    res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
  }
}

stopOnSignals(
  () => server.close(),
  async () => {
    if (onPostgres) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(database.db).catch(() => undefined);
  },
  () => database.close(),
);
