/**
 * Acknowledged planning writes survive the server being killed. A real server process
 * (`node --import tsx apps/chengdu-soul/src/main.ts`) on its own database — a PGlite data
 * directory, or a fresh schema of DATABASE_URL — takes a stream of proposals, revisions and
 * confirmations from concurrent agents, each write with its own idempotency key, and is killed
 * with SIGKILL mid-stream after a number of acknowledged writes (or 3 s). "Acknowledged" means the
 * HTTP answer arrived whole with a successful result.
 *
 * While it is down nothing answers. Restarted on the same data with nothing repaired, it serves
 * again by itself: every acknowledged request replayed with its key returns the identical stored
 * answer, every acknowledged page opens, every request cut off by the kill completes when retried
 * with its key, and new writes work. Stopped cleanly, the database then holds exactly the
 * acknowledged drafts, revisions, pages and idempotency records, with the acknowledged revision
 * and contentHash, and nothing half-written.
 *
 * The credential is issued before the server first starts, by opening the same database from the
 * same environment (a PGlite directory must never be open in two processes at once).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { rpc } from '@agent-products/kit/testing';
import { CredentialService } from '../src/access/credential-service.ts';
import { mcpAudience } from '../src/app.ts';
import { configFromEnv, publicUrlFor, type ChengduConfig } from '../src/config.ts';
import { openChengduDatabase } from '../src/store/open-chengdu-database.ts';
import { startServerProcess, type ServerProcess } from './support/chengdu-process.ts';
import {
  acknowledgedWrites,
  confirmation as confirmationWith,
  proposal as proposalWith,
  revision as revisionWith,
  storedWrites,
  type Acknowledged,
  type Write,
} from './support/acknowledged-writes.ts';

const AGENTS = 4;
const KILL_AFTER_ACKNOWLEDGED = 40;
const KILL_AFTER_MS = 3000;

let env: NodeJS.ProcessEnv;
let config: ChengduConfig;
/** The server's address of the current start (each binds its own port). */
let baseUrl: string;
const PUBLIC_URL = 'http://chengdu-sigkill.test';
let auth: Record<string, string>;
let dataDir: string | undefined;
let running: ServerProcess | undefined;
let keyCounter = 0;
const newKey = () => `sigkill-${++keyCounter}-${randomBytes(6).toString('hex')}`;

async function send(write: Write) {
  return rpc(baseUrl, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: write.tool, arguments: write.args } }, { headers: auth });
}

/** A write that must succeed; returns its structuredContent. */
async function succeed(write: Write): Promise<any> {
  const answer = await send(write);
  expect(answer.status, answer.text).toBe(200);
  expect(answer.json.result.isError, answer.text).toBeUndefined();
  return answer.json.result.structuredContent;
}

beforeAll(async () => {
  env = {
    ...process.env,
    // Each start binds a free port itself (the starter reads which); the public URL, which the
    // credential's audience names, stays the same across the restart, as behind a proxy.
    CHENGDU_SOUL_PORT: '0',
    CHENGDU_SOUL_PUBLIC_URL: PUBLIC_URL,
    CHENGDU_SOUL_WRITES_PER_MINUTE: '1000000',
    LOG_LEVEL: 'warn',
  };
  if (process.env.DATABASE_URL) {
    env.CHENGDU_SOUL_DB_SCHEMA = `sigkill_${randomBytes(5).toString('hex')}`;
  } else {
    dataDir = await mkdtemp(join(tmpdir(), 'chengdu-sigkill-'));
    env.CHENGDU_SOUL_DATA_DIR = dataDir;
  }
  config = configFromEnv(env);
  const database = await openChengduDatabase(config);
  try {
    const credentials = new CredentialService(database.db);
    await credentials.approveAccount('sigkill@example.com');
    const issued = await credentials.issue({ audience: mcpAudience(publicUrlFor(config)), hours: 1, label: 'sigkill test', now: new Date() });
    auth = { Authorization: `Bearer ${issued.token}` };
  } finally {
    await database.close();
  }
});

afterAll(async () => {
  if (running) {
    running.child.kill('SIGKILL');
    await running.exited;
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  if (process.env.DATABASE_URL && config) {
    const database = await openChengduDatabase(config);
    try {
      await sql`drop schema if exists ${sql.id(config.databaseSchema)} cascade`.execute(database.db);
    } finally {
      await database.close();
    }
  }
});

const proposal = (n: number) => proposalWith(n, newKey());
const revision = (draft: any) => revisionWith(draft, newKey());
const confirmation = (draft: any) => confirmationWith(draft, newKey());

describe('SIGKILL in the middle of planning writes', () => {
  it('loses no acknowledged write, half-writes nothing, and serves again after a restart', { timeout: 480_000 }, async () => {
    running = await startServerProcess(env);
    baseUrl = running.url;
    const server = running;

    // Agents each run propose → revise → confirm chains until the kill cuts one of their requests off.
    const acknowledged: Acknowledged[] = [];
    const cutOff: Write[] = [];
    let killed = false;
    const kill = () => {
      if (killed) return;
      killed = true;
      server.child.kill('SIGKILL');
    };
    const timer = setTimeout(kill, KILL_AFTER_MS);
    async function attempt(write: Write): Promise<any | undefined> {
      let answer: Awaited<ReturnType<typeof send>>;
      try {
        answer = await send(write);
      } catch {
        cutOff.push(write);
        return undefined;
      }
      expect(answer.status, answer.text).toBe(200);
      expect(answer.json.result.isError, answer.text).toBeUndefined();
      acknowledged.push({ ...write, answer: answer.json.result.structuredContent });
      if (acknowledged.length >= KILL_AFTER_ACKNOWLEDGED) kill();
      return answer.json.result.structuredContent;
    }
    let chains = 0;
    async function agent(): Promise<void> {
      while (!killed) {
        const draft = await attempt(proposal(chains++));
        if (!draft) return;
        const revised = await attempt(revision(draft));
        if (!revised) return;
        if (!(await attempt(confirmation(revised)))) return;
      }
    }
    await Promise.all(Array.from({ length: AGENTS }, agent));
    clearTimeout(timer);
    await server.exited;
    running = undefined;

    expect(acknowledged.length).toBeGreaterThan(0);
    expect(cutOff.length, 'the kill cut off requests in flight').toBeGreaterThan(0);

    // Down: nothing answers, neither a read nor a write.
    await expect(fetch(`${baseUrl}/health`)).rejects.toThrow();
    await expect(send(proposal(0))).rejects.toThrow();

    // Restarted on the same data, with nothing repaired by hand.
    running = await startServerProcess(env);
    baseUrl = running.url;

    // Every acknowledged request, replayed with its key, returns the identical stored answer.
    const replays = await Promise.all(acknowledged.map((write) => succeed(write)));
    for (const [i, replay] of replays.entries())
      expect(replay, `${acknowledged[i]!.tool} ${acknowledged[i]!.args.idempotencyKey}`).toEqual(acknowledged[i]!.answer);

    // Requests cut off by the kill complete when retried with their key; retried again, they replay.
    const retried: Acknowledged[] = [];
    for (const write of cutOff) retried.push({ ...write, answer: await succeed(write) });
    for (const write of retried) expect(await succeed(write)).toEqual(write.answer);

    // New writes work: a whole chain after the restart.
    const fresh: Acknowledged[] = [];
    let previous: any;
    for (const next of [() => proposal(chains++), () => revision(previous), () => confirmation(previous)]) {
      const write = next();
      previous = await succeed(write);
      fresh.push({ ...write, answer: previous });
    }

    const all = [...acknowledged, ...retried, ...fresh];

    // Every acknowledged page opens and shows the confirmed scenes. Its link names the public
    // URL; the test plays the proxy in front and opens the same path on the server's address.
    for (const { answer } of all.filter((w) => w.tool === 'confirm_chengdu_draft')) {
      const link = new URL(answer.publication.pageUrl);
      expect(link.origin).toBe(PUBLIC_URL);
      const page = await fetch(new URL(link.pathname, baseUrl));
      expect(page.status).toBe(200);
      const html = await page.text();
      for (const scene of answer.days.flatMap((day: any) => day.scenes)) expect(html).toContain(scene.name.zh);
    }

    // Stopped cleanly, the database holds exactly what was acknowledged.
    running.child.kill('SIGTERM');
    await running.exited;
    running = undefined;
    await expectStoredExactly(all);
  });
});

/** Drafts, revisions, pages and idempotency records match the acknowledged answers, one for one. */
async function expectStoredExactly(all: Acknowledged[]): Promise<void> {
  const database = await openChengduDatabase(config);
  try {
    expect(await storedWrites(database.db)).toEqual(acknowledgedWrites(all));
  } finally {
    await database.close();
  }
}
