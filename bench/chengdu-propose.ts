/**
 * propose_chengdu_itinerary on PostgreSQL at 32 connections, every request a new proposal under a
 * fresh idempotency key (autocannon's setupRequest numbers each body), so each one runs the whole
 * write: credential check and shared rate limit, planning, the idempotency claim with its
 * inserts. Measured against the reference echo server (the SDK's per-request way) at 32
 * connections, in alternating rounds of the same run.
 * Targets: throughput ≥ 0.6× the reference, p99 < 50 ms, no errors and no refused proposals.
 */
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { newestBundledRelease, readReleaseFolder } from '@agent-products/chengdu-soul/composition';
import {
  ROUNDS,
  SECONDS,
  WARMUP_SECONDS,
  compareAlternating,
  line,
  stealNote,
  serverTarget,
  startServer,
  stop,
  toolCall,
  type LoadTarget,
  type Measured,
} from './lib/load.ts';

const CONNECTIONS = 32;

/** A mix an agent would send: every rhythm and day count, exclusions, a traveler's selection. */
export function proposals(catalogVersion: string): Array<Record<string, unknown>> {
  return [
    { dayCount: 1, rhythm: 'balanced', discovery: 'blend', atmosphere: 'quiet' },
    { dayCount: 2, rhythm: 'full', discovery: 'local', atmosphere: 'mixed' },
    { dayCount: 3, rhythm: 'spacious', discovery: 'iconic', atmosphere: 'lively', excludedCardIds: ['chunxi-road'] },
    {
      dayCount: 2,
      rhythm: 'balanced',
      discovery: 'blend',
      atmosphere: 'quiet',
      sceneSelection: { catalogVersion, requiredCardIds: ['panda-base', 'peoples-park-heming'] },
    },
  ];
}

export interface ProposeMeasured extends Measured {
  /** Answers that were HTTP 200 but a tool error: a proposal that did not happen. */
  refused: number;
}

export async function loadProposals(url: string, token: string, mix: Array<Record<string, unknown>>, duration: number): Promise<ProposeMeasured> {
  const run = randomBytes(4).toString('hex');
  let sent = 0;
  let refused = 0;
  const result = await autocannon({
    url: `${url}/mcp`,
    connections: CONNECTIONS,
    duration,
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-06-18',
      authorization: `Bearer ${token}`,
    },
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const n = sent++;
          return { ...request, body: toolCall('propose_chengdu_itinerary', { ...mix[n % mix.length], idempotencyKey: `bench-${run}-${n}` }) };
        },
        onResponse: (status, body) => {
          if (status === 200 && body.includes('"isError":true')) refused++;
        },
      },
    ],
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    refused,
  };
}

async function proposalTarget(): Promise<LoadTarget<ProposeMeasured>> {
  const mix = proposals(readReleaseFolder(newestBundledRelease()).manifest.catalogVersion);
  const { url, token, child } = await startServer('chengdu-soul-postgres');
  if (!token) {
    await stop(child);
    throw new Error('chengdu-soul-postgres printed no credential');
  }
  return { run: (seconds) => loadProposals(url, token, mix, seconds), stop: () => stop(child) };
}

/** Returns the targets missed (empty when all are met). */
export async function benchChengduPropose(): Promise<string[]> {
  const {
    reference,
    subject: propose,
    stolenPercent,
  } = await compareAlternating(() => serverTarget('reference-echo', [toolCall('echo', { text: 'hello' })], CONNECTIONS), proposalTarget);
  const ratio = propose.requestsPerSecond / reference.requestsPerSecond;
  console.log(
    `\nChengdu Soul propose on PostgreSQL (${CONNECTIONS} connections, fresh idempotency key per request, ${WARMUP_SECONDS}s warm-up, then ${ROUNDS} alternating rounds of ${SECONDS}s each; medians; loopback, node ${process.version})`,
  );
  console.log(line('reference: SDK per-request echo', reference));
  console.log(`${line('propose_chengdu_itinerary', propose)}   refused ${propose.refused}`);
  console.log(`propose throughput ratio: ${ratio.toFixed(2)}× reference (target ≥ 0.60×)   p99 ${propose.p99} ms (target < 50 ms)`);
  if (stolenPercent !== undefined) console.log(stealNote(stolenPercent));
  return [
    ...(ratio < 0.6 ? ['propose throughput below 0.6× reference'] : []),
    ...(propose.p99 >= 50 ? ['propose p99 at or above 50 ms'] : []),
    ...(propose.errors + propose.non2xx > 0 ? ['propose had errors'] : []),
    ...(propose.refused > 0 ? ['some proposals were refused'] : []),
  ];
}
