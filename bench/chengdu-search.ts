/**
 * search_chengdu_scenes at 50 connections against the reference echo server, in alternating
 * rounds of the same run: first with no answers kept, so every call searches, checks and
 * serializes afresh (the measurement the targets hold: throughput ≥ 4× the reference, p99 < 25 ms);
 * then as served, where the eight repeated queries are answered from the kept answers of the
 * current release (the best case of that cache, shown beside, not held to the targets).
 */
import { ROUNDS, SECONDS, WARMUP_SECONDS, compareAlternating, line, referenceTarget, stealNote, serverTarget, toolCall, type LoadTarget } from './lib/load.ts';

const CONNECTIONS = 50;
const TARGET_RATIO = 4;
const TARGET_P99_MS = 25;
const SEARCH_QUERIES = ['quiet park', '熊猫', 'industrial architecture', 'teahouse', '安静的寺庙', 'iconic museum', 'night market', 'opening hours'];

/** Chengdu Soul answering the searches at CONNECTIONS connections; `none` kept: every call searches afresh. */
export async function searchTarget(answersKept: 'none' | 'default' = 'none'): Promise<LoadTarget> {
  if (answersKept === 'none') process.env.BENCH_SEARCH_ANSWERS_KEPT = '0';
  else delete process.env.BENCH_SEARCH_ANSWERS_KEPT;
  try {
    return await serverTarget(
      'chengdu-soul',
      SEARCH_QUERIES.map((query) => toolCall('search_chengdu_scenes', { query, limit: 5 })),
      CONNECTIONS,
    );
  } finally {
    delete process.env.BENCH_SEARCH_ANSWERS_KEPT;
  }
}

function measure(answersKept: 'none' | 'default') {
  return compareAlternating(
    () => referenceTarget(CONNECTIONS),
    () => searchTarget(answersKept),
  );
}

/** Returns the targets missed (empty when all are met). */
export async function benchChengduSearch(): Promise<string[]> {
  const fresh = await measure('none');
  const kept = await measure('default');
  const ratio = fresh.subject.requestsPerSecond / fresh.reference.requestsPerSecond;
  const keptRatio = kept.subject.requestsPerSecond / kept.reference.requestsPerSecond;
  console.log(
    `\nChengdu Soul search (${CONNECTIONS} connections, ${WARMUP_SECONDS}s warm-up, then ${ROUNDS} alternating rounds of ${SECONDS}s each; medians; loopback, node ${process.version})`,
  );
  console.log(line('reference: SDK per-request echo', fresh.reference));
  console.log(line('search_chengdu_scenes, every search afresh', fresh.subject));
  console.log(
    `search throughput ratio: ${ratio.toFixed(2)}× reference (target ≥ ${TARGET_RATIO.toFixed(2)}×)   p99 ${fresh.subject.p99} ms (target < ${TARGET_P99_MS} ms)`,
  );
  if (fresh.stolenPercent !== undefined) console.log(stealNote(fresh.stolenPercent));
  console.log(line('reference (second run)', kept.reference));
  console.log(line('search_chengdu_scenes, repeats from kept answers', kept.subject));
  console.log(`with kept answers (best case, eight repeated queries): ${keptRatio.toFixed(2)}× reference   p99 ${kept.subject.p99} ms`);
  if (kept.stolenPercent !== undefined) console.log(stealNote(kept.stolenPercent));
  return [
    ...(ratio < TARGET_RATIO ? [`search throughput below ${TARGET_RATIO}× reference`] : []),
    ...(fresh.subject.p99 >= TARGET_P99_MS ? [`search p99 at or above ${TARGET_P99_MS} ms`] : []),
    ...(fresh.subject.errors + fresh.subject.non2xx + kept.subject.errors + kept.subject.non2xx > 0 ? ['search had errors'] : []),
  ];
}
