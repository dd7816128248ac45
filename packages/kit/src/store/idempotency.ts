/**
 * Exactly-once writes under retries, two ways over one table, `idempotency_records`
 * (account, operation, key) → the request's hash and the stored answer:
 *
 * - `runIdempotent`, for writes that must read and lock before they know their answer: one
 *   transaction that first claims the key; concurrent retries wait on that row, then read the
 *   stored answer instead of writing again.
 * - `insertIdempotent`, for writes whose answer is known before the database is touched (a new
 *   row with a fresh id): one statement that claims the key, stores the answer and inserts the
 *   rows only when the claim succeeded. One round trip instead of a transaction's six, and a
 *   concurrent retry waits on the claim's row inside PostgreSQL, then finds it taken. When the
 *   answer can be rebuilt from those rows, the record may keep just a pointer to them.
 *
 * Both: the same key with other arguments is refused; only successful answers are stored, so a
 * refused write leaves no record and its retry is judged afresh.
 *
 * The kit's platform migrations create the table (platform-migrations.ts): account_id, operation,
 * idempotency_key (primary key together), request_hash, response jsonb, created_at.
 */
import { recordIdempotentReplay } from '../observe/store-metrics.ts';
import { CompiledQuery, sql, type Kysely, type Transaction } from 'kysely';
import { ToolError, platformErrors } from '../errors/index.ts';
import { canonicalHash } from '../json/canonical-json.ts';

export interface IdempotencyScope {
  accountId: string;
  operation: string;
  idempotencyKey: string;
}

export interface IdempotentOutcome<R> {
  result: R;
  replayed: boolean;
}

/** A row that an `insertIdempotent` write adds when, and only when, it claims its key. */
export interface ClaimedInsert {
  table: string;
  /** Column → value; PostgreSQL types each value from its column (a Date goes to timestamptz). */
  values: Record<string, unknown>;
}

function requestHash(operation: string, args: unknown): string {
  return canonicalHash({ operation, args });
}

export async function runIdempotent<R>(
  db: Kysely<any>,
  scope: IdempotencyScope,
  args: unknown,
  now: Date,
  work: (trx: Transaction<any>) => Promise<R>,
): Promise<IdempotentOutcome<R>> {
  const hash = requestHash(scope.operation, args);
  return db.transaction().execute(async (trx) => {
    const claimed = await sql<{ claimed: number }>`
      insert into idempotency_records (account_id, operation, idempotency_key, request_hash, response, created_at)
      values (${scope.accountId}, ${scope.operation}, ${scope.idempotencyKey}, ${hash}, 'null'::jsonb, ${now})
      on conflict do nothing
      returning 1 as claimed`.execute(trx);
    if (claimed.rows.length === 1) {
      const result = await work(trx);
      await sql`
        update idempotency_records set response = ${JSON.stringify(result)}::jsonb
        where account_id = ${scope.accountId} and operation = ${scope.operation} and idempotency_key = ${scope.idempotencyKey}`.execute(trx);
      return { result, replayed: false };
    }
    const stored = await readStored<R>(trx, scope, hash);
    if (!stored) throw new Error(`idempotency record ${scope.operation}/${scope.idempotencyKey} vanished while claimed`);
    return stored;
  });
}

/** What `insertIdempotent`'s `prepare` returns. */
export interface PreparedInsert<R> {
  result: R;
  inserts: readonly ClaimedInsert[];
  /**
   * What the record keeps instead of the whole answer, when the answer can be rebuilt from the
   * rows inserted with it (a pointer to them); `restore` rebuilds it for a replay.
   */
  stored?: unknown;
}

/**
 * `prepare` computes the answer and the rows without touching the database. When it refuses
 * (throws), a stored answer for the same key and arguments still wins: a retry of a write that
 * succeeded before the world changed gets what it was told the first time.
 */
export async function insertIdempotent<R>(
  db: Kysely<any>,
  scope: IdempotencyScope,
  args: unknown,
  now: Date,
  prepare: () => PreparedInsert<R>,
  restore?: (stored: unknown) => Promise<R>,
): Promise<IdempotentOutcome<R>> {
  const hash = requestHash(scope.operation, args);
  const replay = async () => {
    const stored = await readStored<unknown>(db, scope, hash);
    if (!stored || !restore) return stored as IdempotentOutcome<R> | undefined;
    return { result: await restore(stored.result), replayed: true };
  };
  let prepared: PreparedInsert<R>;
  try {
    prepared = prepare();
  } catch (error) {
    if (!(error instanceof ToolError)) throw error;
    const stored = await replay();
    if (stored) return stored;
    throw error;
  }
  if (prepared.stored !== undefined && !restore) throw new TypeError('insertIdempotent: a write that stores a pointer needs restore');
  const kept = prepared.stored !== undefined ? prepared.stored : prepared.result;
  const claimed = await db.executeQuery<{ claimed: number }>(claimStatement(scope, hash, kept, now, prepared.inserts));
  if (claimed.rows[0]?.claimed === 1) return { result: prepared.result, replayed: false };
  // The key was taken, by an earlier call or a concurrent one that has committed by now (the
  // claim waited for it): answer as it was answered.
  const stored = await replay();
  if (!stored) throw new Error(`idempotency record ${scope.operation}/${scope.idempotencyKey} was taken but cannot be read`);
  return stored;
}

/**
 * `with claim as (insert the record … on conflict do nothing returning 1), claimed_insert_0 as
 * (insert into … select … from claim), … select count(*) from claim`: the rows exist exactly when
 * the record does. Written as text rather than through Kysely's builder, which costs more than
 * the rest of the statement's preparation on this hot path.
 */
function claimStatement(scope: IdempotencyScope, hash: string, kept: unknown, now: Date, inserts: readonly ClaimedInsert[]): CompiledQuery {
  // Times are sent as ISO text, which PostgreSQL reads into timestamptz columns exactly and the
  // driver writes faster than a Date.
  const parameters: unknown[] = [scope.accountId, scope.operation, scope.idempotencyKey, hash, JSON.stringify(kept), now.toISOString()];
  let text = `with claim as (
  insert into idempotency_records (account_id, operation, idempotency_key, request_hash, response, created_at)
  values ($1, $2, $3, $4, $5::jsonb, $6) on conflict do nothing returning 1 as claimed)`;
  // A long text bound for columns of the same name (a draft's content in its row and its first
  // revision, say) is sent once: encoding and parsing it twice is measurable work.
  const shared: Array<{ column: string; value: string; index: number }> = [];
  const placeholder = (column: string, value: unknown) => {
    if (value instanceof Date) return `$${parameters.push(value.toISOString())}`;
    if (typeof value !== 'string' || value.length < SHARED_TEXT_MIN_LENGTH) return `$${parameters.push(value)}`;
    let entry = shared.find((e) => e.column === column && e.value === value);
    if (!entry) {
      entry = { column, value, index: parameters.push(value) };
      shared.push(entry);
    }
    return `$${entry.index}`;
  };
  inserts.forEach((insert, index) => {
    const columns = Object.keys(insert.values);
    const placeholders = columns.map((column) => placeholder(column, insert.values[column]));
    text += `,\nclaimed_insert_${index} as (insert into ${quoted(insert.table)} (${columns.map(quoted).join(', ')}) select ${placeholders.join(', ')} from claim)`;
  });
  return CompiledQuery.raw(`${text}\nselect count(*)::int as claimed from claim`, parameters);
}

const SHARED_TEXT_MIN_LENGTH = 1024;

function quoted(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}

/** The stored answer for this key, undefined when there is none; a different request → conflict. */
async function readStored<R>(db: Kysely<any>, scope: IdempotencyScope, hash: string): Promise<IdempotentOutcome<R> | undefined> {
  const stored = await sql<{ request_hash: string; response: unknown }>`
    select request_hash, response from idempotency_records
    where account_id = ${scope.accountId} and operation = ${scope.operation} and idempotency_key = ${scope.idempotencyKey}`.execute(db);
  const row = stored.rows[0];
  if (!row) return undefined;
  if (row.request_hash !== hash) {
    throw platformErrors.fail(
      'idempotency_conflict',
      `The idempotencyKey was already used for a different ${scope.operation}; use a new key for a new action.`,
      { idempotencyKey: scope.idempotencyKey },
    );
  }
  const response = typeof row.response === 'string' ? JSON.parse(row.response) : row.response;
  recordIdempotentReplay();
  return { result: response as R, replayed: true };
}

/**
 * Whether this key already holds a record: a call under it is then answered from storage (its
 * stored answer, or `idempotency_conflict` for other arguments) and writes nothing. For a limit
 * that should not count such calls.
 */
export async function hasIdempotencyRecord(db: Kysely<any>, scope: IdempotencyScope): Promise<boolean> {
  const found = await sql<{ found: number }>`
    select 1 as found from idempotency_records
    where account_id = ${scope.accountId} and operation = ${scope.operation} and idempotency_key = ${scope.idempotencyKey}`.execute(db);
  return found.rows.length > 0;
}
