/**
 * Backup while serving, and restore (issue 41, item 2), on the products as `npm start` runs them.
 * Chengdu Soul and the & API each own an embedded database; zaezd has none.
 *
 * While agents make a burst of acknowledged writes (Chengdu Soul proposals over MCP with an
 * operator-issued credential, & `identity_write` calls with the operator's hosted-runtime token),
 * the operator's `backup` commands run as their own processes. The writes acknowledged before the
 * backups began are noted, and so are those sent only after they finished. Each backup is restored
 * with the operator's `restore` into an empty directory (a non-empty one is refused), the products
 * start on the restored directories, and every write acknowledged before the backup began answers
 * its replay (same idempotency key, same arguments) with the very answer it was acknowledged with,
 * while a write sent after the backup finished is not there (its replay is a new write). Then
 * the whole smoke suite (products.smoke.ts) runs on the restored directories.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rpc } from '@agent-products/kit/testing';
import { ampersandOperator, operator, REPO_ROOT, startProducts, type RunningProducts } from './start-products.ts';

// Made when the test runs (a DATABASE_URL run skips it and leaves nothing behind).
let work: string;
let live: string;
let restored: string;
const BEFORE_BACKUP = 30;
const AFTER_BACKUP = 6;
const OWNER = 'backup-owner@example.com';
const ANDEE = 'backup_andee';
let products: RunningProducts | undefined;

afterAll(async () => {
  await products?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

type Json = Record<string, unknown>;
interface Write {
  product: 'chengdu' | 'ampersand';
  tool: string;
  args: Json;
}
interface Acknowledged extends Write {
  answer: Json;
}

function environment(dataDirs: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    LOG_LEVEL: 'warn',
    CHENGDU_SOUL_DATA_DIR: join(dataDirs, 'chengdu-soul'),
    AMPERSAND_DATA_DIR: join(dataDirs, 'ampersand'),
    CHENGDU_SOUL_WRITES_PER_MINUTE: '1000000',
  };
}

/** The operator's environment for the running products: their ports, which credentials are bound to. */
function operatorEnvironment(env: NodeJS.ProcessEnv, running: RunningProducts): NodeJS.ProcessEnv {
  return {
    ...env,
    CHENGDU_SOUL_PORT: new URL(running.chengdu).port,
    AMPERSAND_API_PORT: new URL(running.ampersandApi).port,
    AMPERSAND_MCP_PORT: new URL(running.ampersandMcp).port,
  };
}

async function succeeded(result: Promise<{ code: number; output: string }>, what: string): Promise<string> {
  const { code, output } = await result;
  expect(code, `${what}: ${output}`).toBe(0);
  return output;
}

/** Bearer headers for both products: a Chengdu Soul credential and the & hosted runtime's token for the andee. */
async function credentials(env: NodeJS.ProcessEnv): Promise<Record<Write['product'], Record<string, string>>> {
  const issued = await succeeded(operator(env, 'issue-credential', '--hours', '1', '--label', 'backup smoke'), 'issue-credential');
  const chengdu = /Authorization: (Bearer \S+)/.exec(issued)![1]!;
  const runtime = await succeeded(ampersandOperator(env, 'hosted-runtime-token', ANDEE), 'hosted-runtime-token');
  return { chengdu: { Authorization: chengdu }, ampersand: { Authorization: `Bearer ${runtime.split('\n')[0]!.trim()}` } };
}

async function call(running: RunningProducts, auth: Record<string, string>, write: Write) {
  const url = write.product === 'chengdu' ? running.chengdu : running.ampersandMcp;
  const answer = await rpc(url, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: write.tool, arguments: write.args } }, { headers: auth });
  expect(answer.status, answer.text).toBe(200);
  expect(answer.json.result.isError, answer.text).toBeUndefined();
  return answer.json.result.structuredContent as Json;
}

let counter = 0;
function nextWrite(product: Write['product']): Write {
  const n = ++counter;
  const idempotencyKey = `backup-${n}-${randomBytes(6).toString('hex')}`;
  if (product === 'chengdu') {
    const rhythm = ['spacious', 'balanced', 'full'][n % 3];
    return {
      product,
      tool: 'propose_chengdu_itinerary',
      args: { dayCount: 1 + (n % 3), rhythm, discovery: 'blend', atmosphere: n % 2 ? 'quiet' : 'lively', idempotencyKey },
    };
  }
  return { product, tool: 'identity_write', args: { value: `I have visited ${n} harbours on the backup coast.`, idempotencyKey } };
}

/** A backup or restore, as the README gives it; longer than start-products' 60 s bound, since it copies the whole database on a loaded machine. */
const backupCommand = (env: NodeJS.ProcessEnv, script: 'operator' | 'ampersand', ...argv: string[]) =>
  run('npm', ['run', '--silent', script, '--', ...argv], env, 600_000);

const run = (command: string, args: string[], env: NodeJS.ProcessEnv, timeout: number) =>
  new Promise<{ code: number; output: string }>((resolve) => {
    execFile(command, args, { cwd: REPO_ROOT, env, timeout, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, output: `${stdout}${stderr}` }),
    );
  });

describe.skipIf(Boolean(process.env.DATABASE_URL))('backup while serving, and restore (embedded databases)', () => {
  it('keeps every write acknowledged before the backup began, none sent after it, and the restored products pass the smoke flows', {
    timeout: 1_500_000,
  }, async () => {
    work = mkdtempSync(join(tmpdir(), 'smoke-backup-'));
    live = join(work, 'live');
    restored = join(work, 'restored');
    const liveEnv = environment(live);
    products = await startProducts(liveEnv);
    const first = products;
    const opEnv = operatorEnvironment(liveEnv, first);
    await succeeded(operator(opEnv, 'approve-account', OWNER), 'approve-account');
    await succeeded(ampersandOperator(opEnv, 'create-andee', ANDEE, 'Backup', 'Andee'), 'create-andee');
    const auth = await credentials(opEnv);

    // The burst: two agents per product writing until told to stop.
    const acknowledged: Acknowledged[] = [];
    let phase: 'before' | 'during' | 'after' = 'before';
    const sentAfter: Acknowledged[] = [];
    let stop = false;
    let failed: unknown;
    const agent = async (product: Write['product']) => {
      try {
        while (!stop) {
          const sentIn = phase;
          const write = nextWrite(product);
          const answer = await call(first, auth[product], write);
          acknowledged.push({ ...write, answer });
          if (sentIn === 'after') sentAfter.push({ ...write, answer });
        }
      } catch (error) {
        failed ??= error;
        stop = true;
      }
    };
    const agents = [agent('chengdu'), agent('chengdu'), agent('ampersand'), agent('ampersand')];
    const until = async (done: () => boolean) => {
      while (!done()) {
        if (failed) throw failed;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const count = (writes: Acknowledged[], product: Write['product']) => writes.filter((w) => w.product === product).length;
    await until(() => count(acknowledged, 'chengdu') >= BEFORE_BACKUP && count(acknowledged, 'ampersand') >= BEFORE_BACKUP);

    const beforeBackup = [...acknowledged];
    phase = 'during';
    const backupStarted = Date.now();
    const backups = { chengdu: join(work, 'chengdu-soul.tar.gz'), ampersand: join(work, 'ampersand.tar') };
    const [chengduBackup, ampersandBackup] = await Promise.all([
      succeeded(backupCommand(opEnv, 'operator', 'backup', '--to', backups.chengdu), 'chengdu backup'),
      succeeded(backupCommand(opEnv, 'ampersand', 'backup', '--to', backups.ampersand), '& backup'),
    ]);
    phase = 'after';
    const backupSeconds = (Date.now() - backupStarted) / 1000;
    const duringBackup = acknowledged.length - beforeBackup.length;
    expect(chengduBackup).toMatch(/taken by the running chengdu-soul \(process \d+\)/);
    expect(ampersandBackup).toMatch(/taken by the running ampersand \(process \d+\)/);
    await until(() => count(sentAfter, 'chengdu') >= AFTER_BACKUP && count(sentAfter, 'ampersand') >= AFTER_BACKUP);
    stop = true;
    await Promise.all(agents);
    if (failed) throw failed;
    expect(await first.stop()).toBe(0);
    products = undefined;

    // Restore: a directory that holds anything is refused and kept; an empty one (or none) is restored into.
    const occupied = join(work, 'occupied');
    mkdirSync(occupied);
    writeFileSync(join(occupied, 'notes.txt'), 'keep me');
    const refused = await backupCommand(liveEnv, 'operator', 'restore', '--from', backups.chengdu, '--data-dir', occupied);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/not empty/);
    expect(readdirSync(occupied)).toEqual(['notes.txt']);
    mkdirSync(join(restored, 'chengdu-soul'), { recursive: true });
    await succeeded(backupCommand(liveEnv, 'operator', 'restore', '--from', backups.chengdu, '--data-dir', join(restored, 'chengdu-soul')), 'chengdu restore');
    await succeeded(backupCommand(liveEnv, 'ampersand', 'restore', '--from', backups.ampersand, '--data-dir', join(restored, 'ampersand')), '& restore');

    // The products on the restored directories: each write acknowledged before the backup began
    // answers its replay with its stored answer; a write sent after the backup is not there.
    const restoredEnv = environment(restored);
    products = await startProducts(restoredEnv);
    const second = products;
    const again = await credentials(operatorEnvironment(restoredEnv, second));
    for (const write of beforeBackup) {
      expect(await call(second, again[write.product], write), `${write.tool} ${write.args.idempotencyKey}, acknowledged before the backup began`).toEqual(
        write.answer,
      );
    }
    for (const write of sentAfter) {
      expect(await call(second, again[write.product], write), `${write.tool} ${write.args.idempotencyKey}, sent after the backup`).not.toEqual(write.answer);
    }
    expect(await second.stop()).toBe(0);
    products = undefined;
    console.info(
      `backup smoke: ${beforeBackup.length} writes acknowledged before the backups began, ${duringBackup} while they ran (${backupSeconds} s, the commands' start included), ${sentAfter.length} sent after; ` +
        `${chengduBackup.trim()}; ${ampersandBackup.trim()}`,
    );

    // The smoke flows, on the restored data.
    const smoke = await run(
      'npx',
      ['vitest', 'run', '--config', 'smoke/vitest.config.ts', 'smoke/products.smoke.ts'],
      { ...process.env, SMOKE_DATA_DIR: restored },
      1_000_000,
    );
    expect(smoke.code, smoke.output.slice(-4000)).toBe(0);
  });
});
