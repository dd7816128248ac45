/**
 * W3C trace context (`traceparent`, version 00): reading a caller's, writing ours, new ids.
 * A header that does not parse is ignored, as the recommendation asks: the request then starts a
 * trace of its own rather than failing.
 */
import { randomBytes } from 'node:crypto';

export interface TraceContext {
  /** 32 lower-case hex digits, not all zero. */
  traceId: string;
  /** The span this one's work belongs under: 16 lower-case hex digits, not all zero. */
  spanId: string;
  /** Whether the trace is sampled (flag 01): a span of an unsampled trace is not recorded. */
  sampled: boolean;
}

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
const ZERO_TRACE = '0'.repeat(32);
const ZERO_SPAN = '0'.repeat(16);

export function parseTraceparent(header: string | null | undefined): TraceContext | undefined {
  if (!header) return undefined;
  const match = TRACEPARENT.exec(header.trim());
  if (!match) return undefined;
  const [, version, traceId, spanId, flags, rest] = match;
  // Version ff is invalid; version 00 has nothing after the flags; later versions may.
  if (version === 'ff' || (version === '00' && rest !== undefined)) return undefined;
  if (traceId === ZERO_TRACE || spanId === ZERO_SPAN) return undefined;
  return { traceId: traceId!, spanId: spanId!, sampled: (Number.parseInt(flags!, 16) & 1) === 1 };
}

export function formatTraceparent(context: TraceContext): string {
  return `00-${context.traceId}-${context.spanId}-${context.sampled ? '01' : '00'}`;
}

export function newTraceId(): string {
  return randomBytes(16).toString('hex');
}

export function newSpanId(): string {
  return randomBytes(8).toString('hex');
}
