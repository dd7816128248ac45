/**
 * Graceful stop for a product process: on SIGINT or SIGTERM, run each closer once, in order (the
 * listening server first, drained so its requests in flight finish and no new one starts while
 * the rest shut down), then exit 0.
 */
export function stopOnSignals(...closers: Array<() => Promise<unknown> | unknown>): void {
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    for (const close of closers) await close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
