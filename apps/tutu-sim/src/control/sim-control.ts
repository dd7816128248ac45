/**
 * The stand-in's knobs: latency added to every tool call, faults injected into chosen tools, and
 * a count of the calls received (the benchmark reports upstream calls per request from it).
 * Set at start from the environment and changed at run time through `/control` or directly
 * by tests that run the stand-in in-process.
 */
import * as z from 'zod';

export const FAULT_KINDS = ['timeout', 'error', 'malformed', 'empty', 'http_error', 'busy'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export const FaultRule = z.strictObject({
  /** A tool name, or `*` for every tool. */
  tool: z.string().min(1),
  fault: z.enum(FAULT_KINDS),
  /** How many calls the fault hits before it clears; absent means every call. */
  times: z.number().int().positive().optional(),
});
export type FaultRule = z.infer<typeof FaultRule>;

export const ControlUpdate = z.strictObject({
  latency_ms: z.number().int().min(0).max(60_000).optional(),
  faults: z.array(FaultRule).optional(),
});
export type ControlUpdate = z.infer<typeof ControlUpdate>;

export interface ControlSettings {
  latencyMs: number;
  faults: FaultRule[];
  /** How long a `timeout` fault holds a call before answering anyway. */
  hangMs: number;
}

/** Faults answered at the HTTP layer, before the MCP server sees the request. */
const HTTP_FAULTS: ReadonlySet<FaultKind> = new Set(['http_error', 'busy']);

export class SimControl {
  private settings: ControlSettings;
  private readonly calls = new Map<string, number>();

  constructor(private readonly initial: ControlSettings) {
    this.settings = structuredClone(initial);
  }

  get latencyMs(): number {
    return this.settings.latencyMs;
  }

  get hangMs(): number {
    return this.settings.hangMs;
  }

  update(change: ControlUpdate): void {
    if (change.latency_ms !== undefined) this.settings.latencyMs = change.latency_ms;
    if (change.faults !== undefined) this.settings.faults = structuredClone(change.faults);
  }

  /** Back to the start-up settings, with the call counts cleared. */
  reset(): void {
    this.settings = structuredClone(this.initial);
    this.calls.clear();
  }

  recordCall(tool: string): void {
    this.calls.set(tool, (this.calls.get(tool) ?? 0) + 1);
  }

  /** The fault to inject into this call at this layer, if any; a counted rule is used up. */
  takeFault(tool: string, layer: 'http' | 'tool'): FaultKind | undefined {
    const index = this.settings.faults.findIndex((rule) => (rule.tool === tool || rule.tool === '*') && HTTP_FAULTS.has(rule.fault) === (layer === 'http'));
    if (index < 0) return undefined;
    const rule = this.settings.faults[index]!;
    if (rule.times !== undefined) {
      if (rule.times <= 1) this.settings.faults.splice(index, 1);
      else rule.times -= 1;
    }
    return rule.fault;
  }

  snapshot() {
    const calls = Object.fromEntries([...this.calls.entries()].sort(([a], [b]) => a.localeCompare(b)));
    return {
      latency_ms: this.settings.latencyMs,
      faults: this.settings.faults,
      calls,
      total_calls: [...this.calls.values()].reduce((sum, n) => sum + n, 0),
    };
  }
}

/**
 * Faults from the environment: `tool=fault` pairs separated by commas, with an optional `*N` for
 * a fault that clears after N calls, e.g. `search_avia=error,search_hotels=timeout*2,*=malformed`.
 */
export function parseFaultList(text: string | undefined): FaultRule[] {
  if (!text || text.trim() === '') return [];
  return text.split(',').map((item) => {
    const match = /^\s*([\w*]+)\s*=\s*(\w+)\s*(?:\*\s*(\d+))?\s*$/.exec(item);
    const parsed = match ? FaultRule.safeParse({ tool: match[1], fault: match[2], ...(match[3] ? { times: Number(match[3]) } : {}) }) : undefined;
    if (!parsed?.success) throw new TypeError(`TUTU_SIM_FAULTS: cannot read "${item.trim()}" (expected tool=${FAULT_KINDS.join('|')}[*N])`);
    return parsed.data;
  });
}
