/**
 * Operator commands work while the server runs on the embedded database, and the server sees what
 * they write on its next request: the server owns the data directory and each command (its own
 * process) goes through it. A credential issued while running works at once, and once revoked is
 * refused on the next call; a sign-in link issued while running signs the owner in; a release
 * published while running becomes current. After a restart all of it is still so. A second server
 * on the same data directory is refused, naming the owner's PID.
 *
 * On DATABASE_URL the same commands share PostgreSQL with the server; the suite runs there too.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { rpc } from '@agent-products/kit/testing';
import { newestBundledRelease } from '../src/catalog/bundled-releases.ts';
import { configFromEnv } from '../src/config.ts';
import { openChengduDatabase } from '../src/store/open-chengdu-database.ts';
import { runOperatorProcess, startServerProcess, type ServerProcess } from './support/chengdu-process.ts';

const OWNER = 'operator-live@example.com';
const NEW_VERSION = '2099-01-01.1';
const work = mkdtempSync(join(tmpdir(), 'chengdu-operator-live-'));
let env: NodeJS.ProcessEnv;
let baseUrl: string;
let server: ServerProcess | undefined;

beforeAll(async () => {
  // The server binds a free port itself; the operator and the restart are then told that one.
  env = { ...process.env, CHENGDU_SOUL_PORT: '0', CHENGDU_SOUL_CATALOG_REFRESH_MS: '200', LOG_LEVEL: 'warn' };
  if (process.env.DATABASE_URL) env.CHENGDU_SOUL_DB_SCHEMA = `operator_live_${randomBytes(5).toString('hex')}`;
  else env.CHENGDU_SOUL_DATA_DIR = join(work, 'db');
});

afterAll(async () => {
  await server?.stop();
  if (process.env.DATABASE_URL) {
    const database = await openChengduDatabase(configFromEnv(env));
    try {
      await sql`drop schema if exists ${sql.id(env.CHENGDU_SOUL_DB_SCHEMA!)} cascade`.execute(database.db);
    } finally {
      await database.close();
    }
  }
  rmSync(work, { recursive: true, force: true });
});

const operator = (...argv: string[]) => runOperatorProcess(env, ...argv);

async function issueCredential(): Promise<{ id: string; token: string }> {
  const issued = await operator('issue-credential', '--hours', '2', '--label', 'live');
  expect(issued.code, issued.output).toBe(0);
  return { id: /credential (\S+) for/.exec(issued.output)![1]!, token: /Authorization: Bearer (\S+)/.exec(issued.output)![1]! };
}

/** A planning write with the credential: the HTTP status and whether the tool answered without error. */
async function propose(token: string) {
  const answer = await rpc(
    baseUrl,
    {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: {
        name: 'propose_chengdu_itinerary',
        arguments: { dayCount: 1, rhythm: 'balanced', discovery: 'blend', atmosphere: 'mixed', idempotencyKey: `live-${randomBytes(6).toString('hex')}` },
      },
    },
    { headers: { Authorization: `Bearer ${token}` } },
  );
  return { status: answer.status, ok: answer.status === 200 && answer.json?.result?.isError === undefined, text: answer.text };
}

async function signIn(link: string): Promise<{ status: number; cookie: string }> {
  const token = link.split('/signin/')[1]!;
  const response = await fetch(`${baseUrl}/signin`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: baseUrl },
    body: new URLSearchParams({ token }),
  });
  return { status: response.status, cookie: (response.headers.get('set-cookie') ?? '').split(';')[0]! };
}

const ownerPage = async (cookie: string) => (await fetch(`${baseUrl}/`, { headers: { Cookie: cookie } })).text();

async function currentCatalog(): Promise<string> {
  return ((await (await fetch(`${baseUrl}/health`)).json()) as { catalogVersion: string }).catalogVersion;
}

async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not so within 10 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('operator commands while the server runs', () => {
  it('take effect on the running server at once, and stay so after a restart', { timeout: 600_000 }, async () => {
    server = await startServerProcess(env);
    baseUrl = server.url;
    // The operator names the server's address (credential audience, sign-in links) from its port,
    // and the restart below binds the same one, as a deployed server's restart does.
    env = { ...env, CHENGDU_SOUL_PORT: String(server.port) };

    expect((await operator('approve-account', OWNER)).code).toBe(0);
    const revoked = await issueCredential();
    const first = await propose(revoked.token);
    expect(first.ok, first.text).toBe(true);
    const revocation = await operator('revoke-credential', revoked.id);
    expect(revocation.output).toBe(`revoked: ${revoked.id}`);
    expect((await propose(revoked.token)).status).toBe(401);
    const kept = await issueCredential();
    expect((await propose(kept.token)).ok).toBe(true);

    const issuedLink = await operator('issue-signin-link');
    expect(issuedLink.code, issuedLink.output).toBe(0);
    const link = /(http\S+\/signin\/\S+)/.exec(issuedLink.output)![1]!;
    expect((await fetch(link)).status).toBe(200);
    const session = await signIn(link);
    expect(session.status).toBe(303);
    expect(await ownerPage(session.cookie)).toContain(OWNER);

    const folder = join(work, NEW_VERSION);
    cpSync(newestBundledRelease(), folder, { recursive: true });
    const manifest = JSON.parse(readFileSync(join(folder, 'release.json'), 'utf8'));
    writeFileSync(join(folder, 'release.json'), JSON.stringify({ ...manifest, catalogVersion: NEW_VERSION }));
    const published = await operator('publish-catalog', folder);
    expect(published.output, published.output).toMatch(new RegExp(`^published: ${NEW_VERSION.replace(/\./g, '\\.')}`));
    await eventually(async () => (await currentCatalog()) === NEW_VERSION, 'the published release is current');
    expect((await operator('list-catalog')).output).toMatch(new RegExp(`^${NEW_VERSION.replace(/\./g, '\\.')}.*current`));

    if (!process.env.DATABASE_URL) {
      // The data directory has its owner: a second server on it is refused, naming that owner.
      const second = await startServerProcess({ ...env, CHENGDU_SOUL_PORT: '0' }).catch((error: Error) => error);
      expect(second).toBeInstanceOf(Error);
      expect((second as Error).message).toContain(`already open in process ${server.child.pid}`);
    }

    await server.stop();
    server = await startServerProcess(env);
    expect(server.url).toBe(baseUrl);
    expect((await propose(revoked.token)).status).toBe(401);
    expect((await propose(kept.token)).ok).toBe(true);
    expect(await ownerPage(session.cookie)).toContain(OWNER);
    expect((await signIn(link)).status, 'a used sign-in link stays used').not.toBe(303);
    expect(await currentCatalog()).toBe(NEW_VERSION);
    expect((await operator('list-credentials')).output).toMatch(new RegExp(`${revoked.id}\\t${OWNER}\\tlive\\trevoked`));
  });
});
