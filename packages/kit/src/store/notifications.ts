/**
 * PostgreSQL `LISTEN`, as wake-ups: a product that keeps its truth in a table and `NOTIFY`s when
 * it changes (in the same transaction, so the notice is delivered only on commit) listens here
 * and re-reads the table when woken. A notice is delivered at most once and only while
 * listening, so `onWake` is also called once each time listening (re)starts: whatever was sent
 * meanwhile is unknown, and the listener re-reads. On the embedded database PGlite delivers the
 * notices of its own statements in process (those of a guest reaching it through the owner
 * channel included); on PostgreSQL one dedicated connection listens and reconnects after a loss.
 */
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { ExclusiveTurn } from './exclusive-turn.ts';

export interface Listening {
  close(): Promise<void>;
}

/** Called with the notice's payload, or with undefined when listening (re)started. */
export type WakeUp = (payload: string | undefined) => void;

const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
const RECONNECT_MS = 1000;

function checkedChannel(channel: string): string {
  if (!CHANNEL_NAME.test(channel)) throw new TypeError(`Invalid channel name: ${channel}`);
  return channel;
}

/**
 * On the embedded database `LISTEN` runs in the statements' turn (exclusive-turn.ts): run
 * between the statements of another caller's open transaction, it would join that transaction
 * and be undone by its rollback.
 */
export async function listenEmbedded(client: PGlite, turn: ExclusiveTurn, channel: string, onWake: WakeUp): Promise<Listening> {
  checkedChannel(channel);
  const unlisten = await turn.run(() => client.listen(channel, (payload) => onWake(payload)));
  onWake(undefined);
  return { close: () => turn.run(() => unlisten()) };
}

export async function listenPostgres(url: string, channel: string, onWake: WakeUp): Promise<Listening> {
  checkedChannel(channel);
  let current: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const scheduleReconnect = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, RECONNECT_MS);
    retry.unref();
  };

  async function connect(): Promise<void> {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000, keepAlive: true });
    // A lost connection ends the client; reconnecting is the 'end' handler's job.
    client.on('error', () => {});
    client.on('notification', (notice) => {
      if (notice.channel === channel) onWake(notice.payload);
    });
    client.on('end', () => {
      if (current === client) current = undefined;
      scheduleReconnect();
    });
    try {
      await client.connect();
      await client.query(`listen ${channel}`);
    } catch {
      await client.end().catch(() => {});
      scheduleReconnect();
      return;
    }
    if (closed) {
      await client.end().catch(() => {});
      return;
    }
    current = client;
    onWake(undefined);
  }

  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      await current?.end().catch(() => {});
      current = undefined;
    },
  };
}
