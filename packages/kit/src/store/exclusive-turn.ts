/**
 * Turns on one resource, handed out one holder at a time in arrival order. The embedded database
 * is a single PostgreSQL session: the product's own queries and a guest process's, reaching it through
 * the owner channel, take turns here so no transaction ever sees another holder's statements.
 */
export class ExclusiveTurn {
  private tail: Promise<void> = Promise.resolve();

  /** Waits for the turn; the returned function ends it (a second call does nothing). */
  async take(): Promise<() => void> {
    const previous = this.tail;
    let end!: () => void;
    this.tail = new Promise<void>((resolve) => (end = resolve));
    await previous;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      end();
    };
  }

  /** Runs `work` holding the turn, and ends it however the work ends. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    const end = await this.take();
    try {
      return await work();
    } finally {
      end();
    }
  }
}
