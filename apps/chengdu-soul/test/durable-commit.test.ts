/**
 * An acknowledged write is on disk before it is acknowledged, on the embedded default. The real
 * server process runs under strace (Debian's), which records, with each descriptor's path, every
 * write to a file, every fdatasync/fsync and every write to a socket. An agent makes planning
 * writes one after another, each acknowledged by its HTTP answer; then the trace is read in order:
 * at every HTTP answer the server sent, each data-directory file written before it must have been
 * synced after its last write. A commit that reached only the page cache (PGlite runs PostgreSQL
 * with fsync off, and its NODEFS has no fsync) fails here. Embedded only: on PostgreSQL the server
 * keeps its own log.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rpc } from '@agent-products/kit/testing';
import { CredentialService } from '../src/access/credential-service.ts';
import { mcpAudience } from '../src/app.ts';
import { configFromEnv, publicUrlFor } from '../src/config.ts';
import { openChengduDatabase } from '../src/store/open-chengdu-database.ts';
import { startServerProcess, type ServerProcess } from './support/chengdu-process.ts';

const WRITES = 12;
const TRACED = ['write', 'pwrite64', 'pwritev', 'writev', 'sendto', 'sendmsg', 'fdatasync', 'fsync', 'ftruncate', 'rename', 'renameat', 'renameat2'];
/** The kit's own files in the data directory (the owner's lock secret): not the database's. */
const KIT_FILES = /\/\.owner-secret/;

let work: string;
let dataDir: string;
let running: ServerProcess | undefined;
/** The traced server's own process (running.child is strace). */
let tracedServer: number | undefined;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'chengdu-durable-'));
  dataDir = join(work, 'data');
});
afterAll(async () => {
  if (tracedServer) process.kill(tracedServer, 'SIGKILL');
  running?.child.kill('SIGKILL');
  await running?.exited;
  await rm(work, { recursive: true, force: true });
});

interface Finding {
  answer: string;
  unsynced: string[];
}

/**
 * Walks the trace in order. A file write is counted where it starts (the path is on that line);
 * a sync where it ends (strace splits a call another thread interrupted into "<unfinished ...>"
 * and "<... resumed>" lines, the path only on the first).
 */
function answersAheadOfTheDisk(trace: string, directory: string): { answers: number; syncs: number; findings: Finding[] } {
  const unsynced = new Set<string>();
  const syncing = new Map<string, string>();
  const findings: Finding[] = [];
  let answers = 0;
  let syncs = 0;
  for (const line of trace.split('\n')) {
    // A file written under one name and renamed is followed to its new name.
    const renamed = /^\d+\s+rename\w*\(.*?"([^"]+)".*?"([^"]+)"/.exec(line);
    if (renamed) {
      if (unsynced.delete(renamed[1]!)) unsynced.add(renamed[2]!);
      continue;
    }
    const match = /^(\d+)\s+(?:(\w+)\(\d+<([^>]*)>|<\.\.\. (\w+) resumed>)/.exec(line);
    if (!match) continue;
    const [, pid, call, path, resumed] = match;
    if (call && (call === 'fdatasync' || call === 'fsync')) {
      if (line.includes('<unfinished')) syncing.set(pid!, path!);
      else if (/= 0$/.test(line)) {
        unsynced.delete(path!);
        syncs++;
      }
    } else if (resumed === 'fdatasync' || resumed === 'fsync') {
      const pending = syncing.get(pid!);
      syncing.delete(pid!);
      if (pending !== undefined && /= 0$/.test(line)) {
        unsynced.delete(pending);
        syncs++;
      }
    } else if (call && path?.startsWith(directory) && !KIT_FILES.test(path)) {
      unsynced.add(path);
    } else if (call && /"HTTP\/1\.1 \d{3}/.test(line)) {
      answers++;
      if (unsynced.size > 0) findings.push({ answer: line.slice(0, 160), unsynced: [...unsynced] });
    }
  }
  return { answers, syncs, findings };
}

describe.skipIf(Boolean(process.env.DATABASE_URL))('the embedded database syncs a write before it is acknowledged', () => {
  it('every HTTP answer leaves no written data-directory file unsynced', { timeout: 600_000 }, async () => {
    const env = {
      ...process.env,
      CHENGDU_SOUL_PORT: '0',
      CHENGDU_SOUL_PUBLIC_URL: 'http://chengdu-durable.test',
      CHENGDU_SOUL_DATA_DIR: dataDir,
      CHENGDU_SOUL_WRITES_PER_MINUTE: '1000000',
      LOG_LEVEL: 'warn',
    };
    const config = configFromEnv(env);
    const database = await openChengduDatabase(config);
    let auth: Record<string, string>;
    try {
      const credentials = new CredentialService(database.db);
      await credentials.approveAccount('durable@example.com');
      const issued = await credentials.issue({ audience: mcpAudience(publicUrlFor(config)), hours: 1, label: 'durable test', now: new Date() });
      auth = { Authorization: `Bearer ${issued.token}` };
    } finally {
      await database.close();
    }

    // The first start publishes the bundled catalog (a minute of writes); it runs untraced, so
    // the trace holds the writes under test. Stopped cleanly, then started again under strace,
    // which stops the server only at the calls traced (seccomp-bpf).
    running = await startServerProcess(env);
    await running.stop();
    const traceFile = join(work, 'trace.txt');
    running = await startServerProcess(env, ['strace', '--seccomp-bpf', '-f', '-y', '-s', '24', '-o', traceFile, '-e', `trace=${TRACED.join(',')}`]);
    for (let n = 0; n < WRITES; n++) {
      const answer = await rpc(
        running.url,
        {
          jsonrpc: '2.0',
          id: n,
          method: 'tools/call',
          params: {
            name: 'propose_chengdu_itinerary',
            arguments: {
              dayCount: 1 + (n % 3),
              rhythm: 'balanced',
              discovery: 'blend',
              atmosphere: 'quiet',
              idempotencyKey: `durable-${randomBytes(6).toString('hex')}`,
            },
          },
        },
        { headers: auth },
      );
      expect(answer.status, answer.text).toBe(200);
      expect(answer.json.result.isError, answer.text).toBeUndefined();
    }
    // The child is strace; SIGTERM goes to the server it traces (the process that wrote the
    // answers), and strace ends with it.
    tracedServer = Number(/^(\d+)\s+write\(\d+<socket:.*"HTTP\/1\.1/m.exec(await readFile(traceFile, 'utf8'))?.[1]);
    expect(tracedServer).toBeGreaterThan(0);
    process.kill(tracedServer, 'SIGTERM');
    await running.exited;
    running = undefined;
    tracedServer = undefined;

    const { answers, syncs, findings } = answersAheadOfTheDisk(await readFile(traceFile, 'utf8'), dataDir);
    expect(answers, 'the trace saw the HTTP answers').toBeGreaterThanOrEqual(WRITES);
    expect(syncs, 'the trace saw syncs').toBeGreaterThan(0);
    expect(findings).toEqual([]);
  });
});
