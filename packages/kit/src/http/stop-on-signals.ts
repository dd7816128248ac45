import { flushExportingTracers } from '../observe/exporting-tracers.ts';

/**
 * The most a stopping process waits for its queued spans to reach the trace receiver: well inside
 * the grace period left after the drain (compose 30 s, Kubernetes 45 s, deploy/README.md).
 */
export const SPAN_FLUSH_BOUND_MS = 5000;

/**
 * Graceful stop for a product process: on SIGINT or SIGTERM, run each closer once, in order (the
 * listening server first, drained so its requests in flight finish and no new one starts while
 * the rest shut down), send the spans still queued for export (bounded), then exit 0.
 */
export function stopOnSignals(...closers: Array<() => Promise<unknown> | unknown>): void {
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    for (const close of closers) await close();
    // After the drain, so the spans of the last requests are among them.
    await flushExportingTracers(SPAN_FLUSH_BOUND_MS);
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
