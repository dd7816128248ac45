/**
 * search_chengdu_scenes at 50 connections against the reference echo server, in alternating
 * rounds of the same run. Targets: throughput ≥ 2× the reference, p99 < 25 ms.
 */
import { ROUNDS, SECONDS, WARMUP_SECONDS, compareAlternating, line, stealNote, serverTarget, toolCall } from './lib/load.ts';

const CONNECTIONS = 50;
const SEARCH_QUERIES = ['quiet park', '熊猫', 'industrial architecture', 'teahouse', '安静的寺庙', 'iconic museum', 'night market', 'opening hours'];

/** Returns the targets missed (empty when all are met). */
export async function benchChengduSearch(): Promise<string[]> {
  const { reference, subject: search, stolenPercent } = await compareAlternating(
    () => serverTarget('reference-echo', [toolCall('echo', { text: 'hello' })], CONNECTIONS),
    () => serverTarget('chengdu-soul', SEARCH_QUERIES.map((query) => toolCall('search_chengdu_scenes', { query, limit: 5 })), CONNECTIONS),
  );
  const ratio = search.requestsPerSecond / reference.requestsPerSecond;
  console.log(
    `\nChengdu Soul search (${CONNECTIONS} connections, ${WARMUP_SECONDS}s warm-up, then ${ROUNDS} alternating rounds of ${SECONDS}s each; medians; loopback, node ${process.version})`,
  );
  console.log(line('reference: SDK per-request echo', reference));
  console.log(line('search_chengdu_scenes', search));
  console.log(`search throughput ratio: ${ratio.toFixed(2)}× reference (target ≥ 2.00×)   p99 ${search.p99} ms (target < 25 ms)`);
  if (stolenPercent !== undefined) console.log(stealNote(stolenPercent));
  return [
    ...(ratio < 2 ? ['search throughput below 2× reference'] : []),
    ...(search.p99 >= 25 ? ['search p99 at or above 25 ms'] : []),
    ...(search.errors + search.non2xx > 0 ? ['search had errors'] : []),
  ];
}
