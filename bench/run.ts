/**
 * `npm run bench`: every load benchmark, each against a reference measured in the same run and
 * reported as a ratio, and the search relevance comparison (ours against a BM25 baseline, same
 * run). Bounded: a warm-up, then BENCH_ROUNDS (default 5) rounds of BENCH_SECONDS (default 4) per
 * side.
 * Exits 1 when a target is missed, after printing every figure, and at once, listing the names
 * there are, when the name given is none of them. BENCH_OBSERVABILITY (on, off, sampled, traced)
 * sets what the servers record (lib/observability-switch.ts).
 */
import { benchAmpersandLoopRead } from './ampersand-loop-read.ts';
import { benchAmpersandIdentityRead } from './ampersand-identity-read.ts';
import { benchAmpersandIdentity } from './ampersand-identity.ts';
import { benchAmpersandToolCall } from './ampersand-tool-call.ts';
import { benchChengduPropose } from './chengdu-propose.ts';
import { benchChengduSearch } from './chengdu-search.ts';
import { benchDurableWrites } from './durable-writes.ts';
import { benchMigrate } from './migrate.ts';
import { benchObservabilityCost } from './observability-cost.ts';
import { benchScale } from './scale.ts';
import { benchSearchRelevance } from './chengdu-search-relevance.ts';
import { benchZaezdTrips } from './zaezd-trips.ts';
import { selectBenches, unknownBenchMessage, type Bench } from './lib/bench-selection.ts';
import { loadLine, machineLine } from './lib/machine.ts';
import { applyObservabilitySwitch } from './lib/observability-switch.ts';

const benches: Bench[] = [
  ['chengdu-search', benchChengduSearch],
  ['search-relevance', benchSearchRelevance],
  ['chengdu-propose', benchChengduPropose],
  ['zaezd-trips', benchZaezdTrips],
  ['ampersand-tool-call', benchAmpersandToolCall],
  ['ampersand-loop-read', benchAmpersandLoopRead],
  ['ampersand-identity-read', benchAmpersandIdentityRead],
  ['ampersand-identity', benchAmpersandIdentity],
  ['scale', benchScale],
];
// Run only when named: `migrate` seeds and migrates a large database; `durable-writes` measures the
// embedded database on disk, read against another build (bench/README.md, Durability cost);
// `observability` measures each observability mode against none in one run (it sets the modes itself).
const onDemand: Bench[] = [
  ['migrate', benchMigrate],
  ['durable-writes', benchDurableWrites],
  ['observability', benchObservabilityCost],
];
const selection = selectBenches(process.argv[2], benches, onDemand);
if ('unknown' in selection) {
  console.error(unknownBenchMessage(selection));
  process.exit(1);
}
const observability = await applyObservabilitySwitch();
console.log(machineLine());
console.log(`Observability: ${observability.mode} (BENCH_OBSERVABILITY)`);
const missed: string[] = [];
for (const [name, bench] of selection.run) {
  missed.push(...(await bench()).map((m) => `${name}: ${m}`));
  console.log(`(${name} done; ${loadLine()})`);
}
console.log(`\n${machineLine()}`);
await observability.stop();
if (missed.length > 0) {
  console.log(`\nMISSED:\n- ${missed.join('\n- ')}`);
  process.exitCode = 1;
}
