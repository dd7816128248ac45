/**
 * `npm run bench durable-writes` (issue 41): what an acknowledged write costs on the embedded
 * database when it is on disk and synced, as `npm start` runs it. The other benchmarks run the
 * embedded database in memory (`memory://`), where nothing is synced, so they cannot show this.
 *
 * Two writes, each in a fresh data directory, each against the reference echo server in
 * alternating rounds of the same run:
 * - Chengdu Soul `propose_chengdu_itinerary`, 32 connections, every request a new proposal under a
 *   fresh idempotency key (the same mix as the PostgreSQL propose benchmark);
 * - & `identity_write` through the MCP service → API, 50 connections, every request a new fact.
 *
 * No target: the figure is the cost of durability, read against the same run on a build whose
 * embedded file system does not sync (BENCH_DIST_DIR; bench/README.md "Durability cost" gives the
 * commands). Errors and refused writes are counted, since a fast failure would prove nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { newestBundledRelease, readReleaseFolder } from '@agent-products/chengdu-soul/composition';
import { loadProposals, proposals, type ProposeMeasured } from './chengdu-propose.ts';
import { benchAmpersandCase } from './lib/ampersand-target.ts';
import {
  ROUNDS,
  SECONDS,
  WARMUP_SECONDS,
  compareAlternating,
  cpuLine,
  cpuMeter,
  line,
  serverTarget,
  startServer,
  stealNote,
  stop,
  toolCall,
  type LoadTarget,
} from './lib/load.ts';

const PROPOSE_CONNECTIONS = 32;

async function proposalsOnDisk(): Promise<LoadTarget<ProposeMeasured>> {
  const mix = proposals(readReleaseFolder(newestBundledRelease()).manifest.catalogVersion);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-chengdu-'));
  process.env.BENCH_DATA_DIR = dataDir;
  const { url, token, child } = await startServer('chengdu-soul-postgres');
  delete process.env.BENCH_DATA_DIR;
  if (!token) {
    await stop(child);
    throw new Error('chengdu-soul-postgres printed no credential');
  }
  return {
    async run(seconds) {
      const cpu = cpuMeter({ 'Chengdu Soul': child });
      const measured = await loadProposals(url, token, mix, seconds);
      return { ...measured, ...cpu.perCall(Math.round(measured.requestsPerSecond * seconds)) };
    },
    async stop() {
      await stop(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function benchProposeOnDisk(): Promise<string[]> {
  const { reference, subject, stolenPercent } = await compareAlternating(
    () => serverTarget('reference-echo', [toolCall('echo', { text: 'hello' })], PROPOSE_CONNECTIONS),
    proposalsOnDisk,
  );
  console.log(
    `\nChengdu Soul propose on the embedded database on disk (${PROPOSE_CONNECTIONS} connections, fresh idempotency key per request, ${WARMUP_SECONDS}s warm-up, then ${ROUNDS} alternating rounds of ${SECONDS}s each; medians; node ${process.version})`,
  );
  console.log(line('reference: SDK per-request echo', reference));
  console.log(`${line('propose_chengdu_itinerary (disk)', subject)}   refused ${subject.refused}`);
  console.log(`propose throughput ratio: ${(subject.requestsPerSecond / reference.requestsPerSecond).toFixed(2)}× reference (no target)`);
  for (const cpu of [...cpuLine('reference', reference), ...cpuLine('propose (disk)', subject)]) console.log(cpu);
  if (stolenPercent !== undefined) console.log(stealNote(stolenPercent));
  return subject.errors + subject.non2xx + subject.refused > 0 ? ['propose on disk had errors or refused proposals'] : [];
}

/** Returns only failures (errors, refused writes): the benchmark has no speed target. */
export async function benchDurableWrites(): Promise<string[]> {
  const missed = await benchProposeOnDisk();
  const ampersand = await benchAmpersandCase({
    label: 'identity_write (disk)',
    heading: 'identity_write through MCP → API, embedded database on disk',
    api: 'ampersand-api',
    database: 'embedded-disk',
    tool: 'identity_write',
    args: { value: 'I keep a sourdough starter alive on my kitchen shelf.', idempotencyKey: randomUUID() },
    argsFor: (n) => ({ value: `I baked loaf number ${n} from my sourdough starter.`, idempotencyKey: randomUUID() }),
    answers: (result) => result?.structuredContent?.written === true,
    connections: 50,
  });
  return [...missed, ...ampersand];
}
