/**
 * The tracers of this process that export spans (one per traced HTTP app), so that a process
 * asked to stop sends what is still queued before it exits: spans wait up to the exporter's
 * schedule delay (5 s) in memory, and a drained process exits sooner than that, which would lose
 * the spans of its last requests, the ones an operator looks for after a restart. The flush is
 * bounded: a receiver that is away must not hold up the exit past the grace period a container
 * runtime gives.
 */
import type { Tracer } from './tracer.ts';

const exporting = new Set<Tracer>();

export function registerExportingTracer(tracer: Tracer): Tracer {
  exporting.add(tracer);
  return tracer;
}

/** Sends every exporting tracer's queued spans; resolves when they are sent or `boundMs` has passed. */
export async function flushExportingTracers(boundMs: number): Promise<void> {
  if (exporting.size === 0) return;
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, boundMs);
  });
  try {
    await Promise.race([Promise.all([...exporting].map((tracer) => tracer.flush().catch(() => undefined))), bound]);
  } finally {
    clearTimeout(timer);
  }
}
