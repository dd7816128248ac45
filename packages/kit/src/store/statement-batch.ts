/**
 * Prepared statements waiting for the embedded database, run back to back.
 *
 * PGlite is PostgreSQL compiled to WASM, run on the JS thread. Run as each request reaches its
 * statement, every statement finds the engine's code and data pushed out of the CPU caches by
 * the HTTP, JSON and other processes' work done since the last one. Measured under load
 * (`bench/ampersand-identity-read.ts`, 50 connections, 2 cores): the grant-check statement took
 * 44–49 µs of CPU per exchange against 20 µs in a loop of it alone, and the & API 0.54 ms per
 * call, of which 0.47 ms went to its one statement.
 *
 * So a statement that can run as one exchange (prepared: bind, execute, sync) is queued, and the
 * queue runs after the current turn of the event loop, when the requests read in its poll phase
 * have each reached theirs: in arrival order, one exchange each (so each is its own autocommit
 * transaction and its errors are its own), under one take of the turn, which no transaction or
 * guest process holds meanwhile. Their callers continue afterwards. The same benchmark: 0.27 ms
 * of the API's CPU per call, 1.9× the throughput.
 */
import type { ExclusiveTurn } from './exclusive-turn.ts';

/** Runs the messages' exchanges in order while holding the database: each one's response bytes, or why it failed. */
export type RunExchanges = (messages: readonly Uint8Array[]) => Promise<Array<Uint8Array | Error>>;

export interface StatementBatch {
  /** The response to one exchange (a whole bind, execute, sync), run with the others waiting now. */
  exchange(message: Uint8Array): Promise<Uint8Array>;
}

interface Waiting {
  message: Uint8Array;
  resolve: (response: Uint8Array) => void;
  reject: (error: Error) => void;
}

/**
 * The most statements one batch runs. The event loop waits for the whole batch (about 0.1–0.3 ms
 * a statement), so a flood of callers is served in several batches rather than one long stall.
 */
export const MOST_IN_A_BATCH = 64;

export function statementBatch(turn: ExclusiveTurn, runExchanges: RunExchanges): StatementBatch {
  const waiting: Waiting[] = [];
  let scheduled = false;

  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => void runWaiting());
  }

  async function runWaiting(): Promise<void> {
    const endTurn = await turn.take();
    // Those that arrived while the turn was awaited go too: the queue is taken only now. Later
    // arrivals, and any left past the batch's size, schedule the next run.
    scheduled = false;
    const batch = waiting.splice(0, MOST_IN_A_BATCH);
    if (waiting.length > 0) schedule();
    let outcomes: Array<Uint8Array | Error>;
    try {
      outcomes = await runExchanges(batch.map((w) => w.message));
    } catch (error) {
      outcomes = batch.map(() => (error instanceof Error ? error : new Error(String(error))));
    } finally {
      endTurn();
    }
    batch.forEach((w, i) => {
      const outcome = outcomes[i] ?? new Error('The embedded database gave no answer to this statement.');
      if (outcome instanceof Error) w.reject(outcome);
      else w.resolve(outcome);
    });
  }

  return {
    exchange(message) {
      return new Promise<Uint8Array>((resolve, reject) => {
        waiting.push({ message, resolve, reject });
        schedule();
      });
    },
  };
}
