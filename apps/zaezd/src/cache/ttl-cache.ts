/**
 * A small in-process cache with a time to live and a size bound. Concurrent requests for the
 * same key share one computation; only successes are kept, so a failure is retried by the next
 * caller rather than remembered. Being per process, it never holds state a request depends on:
 * a miss costs time, never correctness.
 */

interface Entry<V> {
  value: V;
  expiresAt: number;
}

export class TtlCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly pending = new Map<string, Promise<V>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V): void {
    if (this.ttlMs <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: this.now() + this.ttlMs });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  /** The cached value, the in-flight one, or a fresh computation; `hit` says it cost no new work. */
  async getOrCompute(key: string, compute: () => Promise<V>): Promise<{ value: V; hit: boolean }> {
    const cached = this.get(key);
    if (cached !== undefined) return { value: cached, hit: true };
    const inFlight = this.pending.get(key);
    if (inFlight) return { value: await inFlight, hit: true };
    const running = compute();
    this.pending.set(key, running);
    try {
      const value = await running;
      this.set(key, value);
      return { value, hit: false };
    } finally {
      this.pending.delete(key);
    }
  }
}
