/**
 * Which traces are recorded: OpenTelemetry's standard samplers, chosen by `OTEL_TRACES_SAMPLER`
 * and `OTEL_TRACES_SAMPLER_ARG` (tracing-settings.ts). Recording every request costs a busy
 * service a large share of its CPU (bench/README.md, Observability cost); a ratio keeps the cost
 * in proportion while every trace that is recorded stays whole.
 *
 * The ratio decision is read from the trace id itself, so every service a trace crosses decides
 * it the same way without being told; the `parentbased_` samplers follow a caller's decision
 * (its `traceparent` flag) and apply their own only to a trace that starts here.
 */
import type { TraceContext } from './trace-context.ts';

/** Whether the trace `traceId` is recorded, given the caller's context (absent at a trace's root). */
export type Sampler = (traceId: string, parent: TraceContext | undefined) => boolean;

export const SAMPLER_NAMES = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const;
export type SamplerName = (typeof SAMPLER_NAMES)[number];

/** OpenTelemetry's default: follow the caller, record every trace that starts here. */
export const DEFAULT_SAMPLER: SamplerName = 'parentbased_always_on';

// The trace id's last 14 hex digits (56 bits), as OpenTelemetry's ratio samplers read it: random
// in every trace id W3C trace context calls random, so a ratio of them is a ratio of traces.
const RATIO_DIGITS = 14;
const RATIO_SPACE = 2 ** (RATIO_DIGITS * 4);

/** `ratio` in [0, 1]: the share of root traces recorded by the ratio samplers (ignored by the others). */
export function sampler(name: SamplerName, ratio: number): Sampler {
  const threshold = Math.floor(ratio * RATIO_SPACE);
  const byRatio = (traceId: string) => ratio >= 1 || Number.parseInt(traceId.slice(-RATIO_DIGITS), 16) < threshold;
  switch (name) {
    case 'always_on':
      return () => true;
    case 'always_off':
      return () => false;
    case 'traceidratio':
      return (traceId) => byRatio(traceId);
    case 'parentbased_always_on':
      return (_, parent) => parent?.sampled ?? true;
    case 'parentbased_always_off':
      return (_, parent) => parent?.sampled ?? false;
    case 'parentbased_traceidratio':
      return (traceId, parent) => parent?.sampled ?? byRatio(traceId);
  }
}
