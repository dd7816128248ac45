/**
 * `npm run bench observability` (only when named): what metrics and tracing cost the search and
 * the & tool call, measured in ONE run. Issue 40 asks that the ratios stay within 5 % of the same
 * run with both turned off. Running each mode as its own `npm run bench` could not show that here:
 * the reference's own throughput moved by a third between runs minutes apart (bench/README.md,
 * "Observability cost"), so two runs' ratios differed by more than the cost being looked for.
 *
 * So each path's servers are started once per mode (BENCH_OBSERVABILITY_MODES, default
 * `off,on,sampled`; lib/observability-switch.ts says what each records), beside one reference,
 * and the rounds visit the reference and every mode in turn (lib/load.ts alternateRounds). A
 * mode's cost is its throughput against `off` in the same rounds. Metrics (`on`, the products'
 * default) and one trace in ten (`sampled`, deploy/README.md's setting) are held to 5 %; every
 * request traced (`traced`) is shown when asked for, with no target: it is known to cost far more.
 */
import { toolCallCase } from './ampersand-tool-call.ts';
import { searchTarget } from './chengdu-search.ts';
import { ampersandTarget } from './lib/ampersand-target.ts';
import { ROUNDS, SECONDS, WARMUP_SECONDS, alternateRounds, cpuLine, line, referenceTarget, stealNote, type LoadTarget } from './lib/load.ts';
import { inMode, isObservabilityMode, startOtlpSink, type ObservabilityMode } from './lib/observability-switch.ts';

/** The most a held mode may take from the throughput of the same rounds with observability off. */
const MOST_COST = 0.05;
const HELD: readonly ObservabilityMode[] = ['on', 'sampled'];

interface Path {
  label: string;
  connections: number;
  start: () => Promise<LoadTarget>;
}

const PATHS: Path[] = [
  { label: 'search_chengdu_scenes, every search afresh', connections: 50, start: () => searchTarget('none') },
  {
    label: '& connections_read through MCP → API, embedded',
    connections: toolCallCase.connections,
    start: ampersandTarget({ ...toolCallCase, database: 'embedded' }),
  },
  {
    label: '& connections_read through MCP → API, PostgreSQL',
    connections: toolCallCase.connections,
    start: ampersandTarget({ ...toolCallCase, database: 'postgres' }),
  },
];

/** A mode's throughput against off's in the same rounds, as a change in per cent. */
function againstOffText(againstOff: number): string {
  const change = 100 * (againstOff - 1);
  return `${Math.abs(change).toFixed(1)} % ${change < 0 ? 'less' : 'more'} than off`;
}

function modesAsked(): ObservabilityMode[] {
  const modes = (process.env.BENCH_OBSERVABILITY_MODES ?? 'off,on,sampled').split(',').map((m) => m.trim());
  const unknown = modes.filter((m) => !isObservabilityMode(m));
  if (unknown.length > 0 || !modes.includes('off'))
    throw new TypeError(`BENCH_OBSERVABILITY_MODES must list off and any of on, sampled, traced: ${JSON.stringify(modes)}`);
  return modes as ObservabilityMode[];
}

/** Returns the costs over 5 % (empty when every held mode is within it). */
export async function benchObservabilityCost(): Promise<string[]> {
  const modes = modesAsked();
  const sink = await startOtlpSink();
  const missed: string[] = [];
  try {
    for (const path of PATHS) {
      const { medians, stolenPercent } = await alternateRounds([
        ['reference', () => referenceTarget(path.connections)],
        ...modes.map((mode) => [mode, () => inMode(mode, sink.url, path.start)] as const),
      ]);
      const reference = medians.reference!;
      const off = medians.off!;
      console.log(
        `\n${path.label}: observability modes in one run (${path.connections} connections, ${WARMUP_SECONDS}s warm-up each, then ${ROUNDS} rounds visiting the reference and each mode for ${SECONDS}s; medians; node ${process.version})`,
      );
      console.log(line('reference: SDK per-request echo', reference));
      for (const mode of modes) {
        const measured = medians[mode]!;
        const ratio = measured.requestsPerSecond / reference.requestsPerSecond;
        const againstOff = measured.requestsPerSecond / off.requestsPerSecond;
        const held = HELD.includes(mode);
        console.log(line(`${mode}`, measured));
        const target = held ? ` (target: at most ${100 * MOST_COST} % less)` : ' (no target)';
        console.log(`  ${ratio.toFixed(2)}× reference; ${mode === 'off' ? 'the baseline' : `${againstOffText(againstOff)}${target}`}`);
        for (const cpu of cpuLine(mode, measured)) console.log(`  ${cpu}`);
        if (held && againstOff < 1 - MOST_COST)
          missed.push(`${path.label}: ${mode} costs ${(100 * (1 - againstOff)).toFixed(1)} % of the throughput with observability off`);
        if (measured.errors + measured.non2xx > 0) missed.push(`${path.label}: ${mode} had errors`);
      }
      if (stolenPercent !== undefined) console.log(stealNote(stolenPercent));
    }
  } finally {
    await sink.stop();
  }
  return missed;
}
