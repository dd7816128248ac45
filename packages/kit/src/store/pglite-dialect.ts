/**
 * A Kysely dialect over PGlite, the embedded PostgreSQL.
 *
 * PGlite is one connection. Kysely assumes a pool, so two concurrent transactions would
 * interleave their statements on that one connection; this driver hands the connection out
 * exclusively (a pool of one) so a transaction never sees another caller's statements, except
 * that single prepared statements outside a transaction run together (PGliteConnection). The
 * turn is shared with the owner channel, where guest processes take theirs.
 * Repeated statements run prepared (pglite-statements.ts). Each statement is timed into the
 * metrics here rather than through Kysely's `log` hook (observe/database-timing.ts says why).
 */
import type { PGlite, Results } from '@electric-sql/pglite';
import { statementOperation } from '../observe/database-timing.ts';
import { metricsEnabled } from '../observe/metric-registry.ts';
import { recordDatabaseCall } from '../observe/store-metrics.ts';
import type { ExclusiveTurn } from './exclusive-turn.ts';
import { statementsOf, type PGliteStatements } from './pglite-statements.ts';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

/**
 * One acquisition of the connection. It takes the turn only when it needs it: for a transaction
 * (`begin`) or a statement that is not prepared yet, and then keeps it until released, so a
 * transaction or a pinned connection's later statements never see another caller's. A prepared
 * statement on a connection without the turn runs in the batch (statement-batch.ts), which takes
 * the turn for itself: that is every repeated read and write outside a transaction.
 */
class PGliteConnection implements DatabaseConnection {
  private endTurn: (() => void) | undefined;

  constructor(
    private readonly statements: PGliteStatements,
    private readonly turn: ExclusiveTurn,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (!metricsEnabled) return answerOf(await this.run<R>(query.sql, query.parameters));
    const started = performance.now();
    try {
      return answerOf(await this.run<R>(query.sql, query.parameters));
    } finally {
      recordDatabaseCall('postgresql', statementOperation(query), (performance.now() - started) / 1000);
    }
  }

  private async run<R>(text: string, parameters: readonly unknown[]) {
    if (!this.endTurn && this.statements.batches(text, parameters)) return this.statements.queryOutsideTurn<R>(text, parameters, this.turn);
    this.endTurn ??= await this.turn.take();
    return this.statements.query<R>(text, parameters);
  }

  release(): void {
    const end = this.endTurn;
    this.endTurn = undefined;
    end?.();
  }

  // biome-ignore lint/correctness/useYield: Kysely's driver interface wants an async generator; this one refuses before its first row.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new TypeError('Streaming queries are not supported on the embedded database.');
  }
}

function answerOf<R>(result: Results<R>): QueryResult<R> {
  const affected = result.affectedRows;
  return {
    rows: result.rows,
    ...(affected !== undefined ? { numAffectedRows: BigInt(affected) } : {}),
  };
}

class PGliteDriver implements Driver {
  private readonly statements: PGliteStatements;
  /**
   * Released connections, handed out again. Kysely keeps every connection object a driver ever
   * returned (to wrap it once for its `log` hook, which times each statement into the metrics),
   * so a new object per acquisition grew that set by one per statement for the life of the
   * process: memory, and a collector walking ever more of it. Reused, the objects number the
   * most acquisitions ever held at once.
   */
  private readonly released: PGliteConnection[] = [];

  constructor(
    private readonly client: PGlite,
    private readonly turn: ExclusiveTurn,
  ) {
    this.statements = statementsOf(client);
  }

  async init(): Promise<void> {
    await this.client.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return this.released.pop() ?? new PGliteConnection(this.statements, this.turn);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const released = connection as PGliteConnection;
    released.release();
    this.released.push(released);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async destroy(): Promise<void> {
    await this.client.close();
  }
}

export class PGliteDialect implements Dialect {
  constructor(
    private readonly client: PGlite,
    private readonly turn: ExclusiveTurn,
  ) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.client, this.turn);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}
