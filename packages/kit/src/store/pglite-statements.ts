/**
 * Named (prepared) statements on the embedded database.
 *
 * PGlite's `query` sends every statement unnamed, in six protocol exchanges (parse, describe,
 * bind, describe, execute, sync), so PostgreSQL parses, analyses and plans the same text on every
 * call. On a WASM build that is most of a read's cost (measured: the & connections read with its
 * grant check, 3.9 ms of CPU unnamed against 0.47 ms named). Here a repeated data statement (the
 * naming rules of prepared-statements.ts: seen twice, with parameters, at most `maxStatements`
 * texts, so the cache is bounded) is parsed once under its name, its parameter types and result
 * columns kept; every later call is one exchange: bind, execute, sync, whose answer is read
 * straight from the response bytes (pglite-responses.ts) rather than through PGlite's parser.
 *
 * Schema changes: PostgreSQL re-plans a prepared statement whose tables changed, but refuses one
 * whose result columns changed ("cached plan must not change result type", 0A000), and a
 * statement can also stop fitting (42xxx) or vanish (26000, after DEALLOCATE). So every DDL
 * statement run here drops the whole cache (re-prepared on next use), and a named call that fails
 * that way drops its statement and, outside a transaction, runs again unnamed: it failed before
 * doing anything, so running it again is safe. Inside a transaction the failure stands, as any
 * error there does (the transaction is already aborted) — only DDL this process did not run
 * through here (inside a function, say) followed by the statement in the same transaction gets
 * there.
 */
import { messages as backend, MemoryFS, parse, protocol, type PGlite, type Results } from '@electric-sql/pglite';
import { namedCallMessage } from './named-call-message.ts';
import { readAnswer, resultColumns, type ResultColumns } from './pglite-responses.ts';
import { statementNaming, type StatementNaming } from './prepared-statements.ts';
import { concatBytes } from './concat-bytes.ts';
import type { ExclusiveTurn } from './exclusive-turn.ts';
import { statementBatch, type RunExchanges, type StatementBatch } from './statement-batch.ts';

interface PreparedStatement {
  name: string;
  parameterTypes: number[];
  /** The rowDescription message of the result columns, or undefined when the statement returns none. */
  rowDescription: unknown;
  columns: ResultColumns | undefined;
}

type BackendMessage = Parameters<typeof parse.parseResults>[0][number];

/** A DDL statement: after one, prepared result columns may be stale. */
const SCHEMA_CHANGE = /^\s*(create|alter|drop|do|comment|grant|revoke|import|security|reindex|cluster|vacuum|discard|deallocate)\b/i;
/** Failures of a named statement that mean its prepared form no longer fits the schema. */
const STALE_STATEMENT = /^(0A000|26000|42)/;
/** Room for most responses; a larger one grows the buffer for that exchange only. */
const RECEIVE_BUFFER_BYTES = 64 * 1024;
const serialize = protocol.serialize;

export interface PGliteStatements {
  /** Runs one statement; the caller holds the turn. */
  query<R>(text: string, parameters: readonly unknown[]): Promise<Results<R>>;
  /**
   * Runs one statement for a caller that does not hold `turn`: a prepared one joins the batch
   * (statement-batch.ts), any other runs alone in a turn of its own.
   */
  queryOutsideTurn<R>(text: string, parameters: readonly unknown[], turn: ExclusiveTurn): Promise<Results<R>>;
  /** Whether queryOutsideTurn would batch this statement (it is prepared already). */
  batches(text: string, parameters: readonly unknown[]): boolean;
  /** How many statements are prepared now (tests, and to see the bound hold). */
  readonly preparedCount: number;
}

const ofClient = new WeakMap<PGlite, PGliteStatements>();

/**
 * The one statement cache of a PGlite session, shared by everything that runs statements on it
 * (the dialect and the owner channel's guests), so DDL from either drops what both prepared.
 */
export function statementsOf(client: PGlite): PGliteStatements {
  let statements = ofClient.get(client);
  if (!statements) {
    statements = pgliteStatements(client);
    ofClient.set(client, statements);
  }
  return statements;
}

export function pgliteStatements(client: PGlite, naming: StatementNaming = statementNaming()): PGliteStatements {
  const prepared = new Map<string, PreparedStatement>();
  let received = new Uint8Array(RECEIVE_BUFFER_BYTES);
  let receivedLength = 0;
  // The same locks PGlite's own query holds, so an exchange here never interleaves with one there.
  const exclusive = <T>(work: () => Promise<T>) => client._runExclusiveTransaction(() => client._runExclusiveQuery(work));

  async function prepare(name: string, text: string): Promise<PreparedStatement | undefined> {
    // Close first: the name may still hold the stale form dropped from the cache.
    const message = concatBytes([
      serialize.close({ type: 'S', name }),
      serialize.parse({ name, text }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    ]);
    let messages: BackendMessage[];
    try {
      messages = (await exclusive(() => client.execProtocol(message, { syncToFs: false }))).messages as BackendMessage[];
    } catch {
      // A statement that does not prepare (a syntax error, an aborted transaction) runs unnamed,
      // which reports its error the usual way.
      return undefined;
    }
    const parameters = messages.find((m) => m.name === 'parameterDescription') as { dataTypeIDs?: number[] } | undefined;
    const rowDescription = messages.find((m) => m.name === 'rowDescription') as backend.RowDescriptionMessage | undefined;
    const statement = { name, parameterTypes: parameters?.dataTypeIDs ?? [], rowDescription, columns: resultColumns(rowDescription) };
    prepared.set(text, statement);
    return statement;
  }

  async function runNamed<R>(statement: PreparedStatement, parameters: readonly unknown[]): Promise<Results<R>> {
    const message = callMessage(statement, parameters);
    return exclusive(async () => {
      const response = await exchange(message);
      return readAnswer<R>(response, statement.columns, client.parsers) ?? (await readWithPGlite<R>(response, statement));
    });
  }

  /** The exchange that calls a prepared statement: bind, execute, sync. */
  function callMessage(statement: PreparedStatement, parameters: readonly unknown[]): Uint8Array {
    // Parameters are written exactly as PGlite's own query writes them.
    const values = parameters.map((value, i) => {
      if (value === null || value === undefined) return null;
      const write = client.serializers[statement.parameterTypes[i]!];
      return write ? write(value) : String(value);
    });
    // A serializer that answers bytes makes a binary parameter, which only PGlite's serializer writes.
    return values.every((value) => value === null || typeof value === 'string')
      ? namedCallMessage(statement.name, values)
      : concatBytes([serialize.bind({ statement: statement.name, values: values as string[] }), serialize.execute({}), serialize.sync()]);
  }

  /**
   * A batch's exchanges, one after another with nothing in between, under PGlite's own locks as
   * every exchange here is; a file system that syncs (not memory or NODEFS: see `exchange`) is
   * synced once, before any caller hears its answer.
   */
  const runExchanges: RunExchanges = (messages) =>
    exclusive(async () => {
      const outcomes: Array<Uint8Array | Error> = [];
      for (const message of messages) {
        try {
          // A copy: the view is only valid until the next exchange.
          outcomes.push((await exchange(message, false)).slice());
        } catch (error) {
          outcomes.push(error instanceof Error ? error : new Error(String(error)));
        }
      }
      if (fileSystemSyncs()) await client.syncToFs();
      return outcomes;
    });

  let batch: { turn: ExclusiveTurn; batch: StatementBatch } | undefined;
  function batchOn(turn: ExclusiveTurn): StatementBatch {
    if (batch && batch.turn !== turn) throw new TypeError('A PGlite session takes turns on one ExclusiveTurn.');
    batch ??= { turn, batch: statementBatch(turn, runExchanges) };
    return batch.batch;
  }

  async function query<R>(text: string, parameters: readonly unknown[]): Promise<Results<R>> {
    if (SCHEMA_CHANGE.test(text)) prepared.clear();
    const name = parameters.length > 0 ? naming.nameFor(text) : undefined;
    const statement = name === undefined ? undefined : (prepared.get(text) ?? (await prepare(name, text)));
    if (!statement) return client.query<R>(text, [...parameters]);
    try {
      return await runNamed<R>(statement, parameters);
    } catch (error) {
      const code = (error as { code?: unknown })?.code;
      if (typeof code !== 'string' || !STALE_STATEMENT.test(code)) throw attachQuery(error, text, parameters);
      prepared.delete(text);
      if (client.isInTransaction()) throw attachQuery(error, text, parameters);
      return client.query<R>(text, [...parameters]);
    }
  }

  /**
   * Runs one exchange and returns its response bytes, without PGlite's parsing of them (that is
   * the cost readAnswer saves). The view is valid until the next exchange.
   */
  async function exchange(message: Uint8Array, syncToFs = fileSystemSyncs()): Promise<Uint8Array> {
    if (received.length > RECEIVE_BUFFER_BYTES) received = new Uint8Array(RECEIVE_BUFFER_BYTES);
    receivedLength = 0;
    await client.execProtocolRawStream(message, { syncToFs, onRawData: keep });
    return received.subarray(0, receivedLength);
  }

  /**
   * PGlite's syncToFs only calls its file system's, under a mutex. The built-in file systems
   * (memory, and NODEFS, where PostgreSQL's writes go straight to the disk's files) inherit one
   * that does nothing, so when the file system's is that very function the call is skipped; any
   * other file system (IndexedDB, OPFS) is synced after every call (every batch) as before.
   */
  function fileSystemSyncs(): boolean {
    return client.fs?.syncToFs !== MemoryFS.prototype.syncToFs;
  }

  /** PGlite hands out views of the WASM memory, valid only during the call: copy them. */
  function keep(bytes: Uint8Array): void {
    const needed = receivedLength + bytes.length;
    if (needed > received.length) {
      const larger = new Uint8Array(Math.max(needed, received.length * 2));
      larger.set(received.subarray(0, receivedLength));
      received = larger;
    }
    received.set(bytes, receivedLength);
    receivedLength = needed;
  }

  /**
   * A response readAnswer leaves alone, read as PGlite's execProtocol and parseResults read it:
   * the first error is thrown (later messages ignored), notices are logged at debug level, and
   * notifications reach the listeners PGlite keeps for `listen`. Those listeners are private to
   * PGlite and only fed by its own parsing, so each notification is sent again (same channel and
   * payload) through PGlite's execProtocol, which delivers it to them.
   */
  async function readWithPGlite<R>(response: Uint8Array, statement: PreparedStatement, outsideTurn?: ExclusiveTurn): Promise<Results<R>> {
    const messages: BackendMessage[] = [];
    const notifications: backend.NotificationResponseMessage[] = [];
    let error: backend.DatabaseError | undefined;
    new protocol.Parser().parse(response, (message) => {
      if (error) return;
      if (message instanceof backend.DatabaseError) error = message;
      else if (message instanceof backend.NoticeMessage) {
        if (client.debug > 0) console.warn(message);
      } else if (message instanceof backend.NotificationResponseMessage) notifications.push(message);
      messages.push(message as BackendMessage);
    });
    if (notifications.length > 0) {
      const sendAll = () => client.execProtocol(concatBytes(notifications.flatMap(sendAgain)));
      await (outsideTurn ? outsideTurn.run(sendAll) : sendAll());
    }
    if (error) throw error;
    const described = statement.rowDescription ? [statement.rowDescription as BackendMessage, ...messages] : messages;
    return parse.parseResults(described, client.parsers)[0] as Results<R>;
  }

  return {
    query,
    async queryOutsideTurn<R>(text: string, parameters: readonly unknown[], turn: ExclusiveTurn): Promise<Results<R>> {
      const statement = parameters.length > 0 ? prepared.get(text) : undefined;
      if (!statement) return turn.run(() => query<R>(text, parameters));
      const response = await batchOn(turn).exchange(callMessage(statement, parameters));
      // The statement as prepared when it ran: DDL in a turn before the batch's drops the cache,
      // and a caller may prepare the same text (the same name) again before this one ran.
      const ran = prepared.get(text) ?? statement;
      const answer = readAnswer<R>(response, ran.columns, client.parsers);
      if (answer) return answer;
      try {
        return await readWithPGlite<R>(response, ran, turn);
      } catch (error) {
        const code = (error as { code?: unknown })?.code;
        if (typeof code !== 'string' || !STALE_STATEMENT.test(code)) throw attachQuery(error, text, parameters);
        // Stale, as in `query` (it failed before doing anything); no transaction was open, since the batch held the turn.
        if (prepared.get(text) === ran) prepared.delete(text);
        return turn.run(() => query<R>(text, parameters));
      }
    },
    batches(text, parameters) {
      return parameters.length > 0 && prepared.has(text);
    },
    get preparedCount() {
      return prepared.size;
    },
  };
}

/** What PGlite's own query adds to a database error, so callers see the same error either way. */
function attachQuery(error: unknown, query: string, parameters: readonly unknown[]): unknown {
  if (typeof error === 'object' && error !== null) Object.assign(error, { query, params: [...parameters] });
  return error;
}

/** One autocommitted `pg_notify` with the notification's channel and payload. */
function sendAgain(notification: backend.NotificationResponseMessage): Uint8Array[] {
  return [
    serialize.parse({ text: 'select pg_notify($1, $2)' }),
    serialize.bind({ values: [notification.channel, notification.payload] }),
    serialize.execute({}),
    serialize.sync(),
  ];
}
