/**
 * A Kysely dialect over PGlite, the embedded PostgreSQL.
 *
 * PGlite is one connection. Kysely assumes a pool, so two concurrent transactions would
 * interleave their statements on that one connection; this driver hands the connection out
 * exclusively (a pool of one) so a transaction never sees another caller's statements. The turn
 * is shared with the owner channel, where guest processes take theirs.
 * Repeated statements run prepared (pglite-statements.ts).
 */
import type { PGlite } from '@electric-sql/pglite';
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

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly statements: PGliteStatements) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.statements.query<R>(query.sql, query.parameters);
    const affected = result.affectedRows;
    return {
      rows: result.rows,
      ...(affected !== undefined ? { numAffectedRows: BigInt(affected) } : {}),
    };
  }

  // biome-ignore lint/correctness/useYield: Kysely's driver interface wants an async generator; this one refuses before its first row.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new TypeError('Streaming queries are not supported on the embedded database.');
  }
}

class PGliteDriver implements Driver {
  private readonly connection: PGliteConnection;
  private endTurn: (() => void) | undefined;

  constructor(
    private readonly client: PGlite,
    private readonly turn: ExclusiveTurn,
  ) {
    this.connection = new PGliteConnection(statementsOf(client));
  }

  async init(): Promise<void> {
    await this.client.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    this.endTurn = await this.turn.take();
    return this.connection;
  }

  async releaseConnection(): Promise<void> {
    const end = this.endTurn;
    this.endTurn = undefined;
    end?.();
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
