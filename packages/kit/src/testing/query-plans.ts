/**
 * Query-plan checks for the statements an operation really runs: `recordStatements` gives a
 * Kysely that notes every statement (SQL and parameters) it executes, and `sequentialScans`
 * asks the database how it would run one with sequential scans priced out of reach.
 *
 * A test database is tiny, so the planner rightly prefers a sequential scan on it everywhere; with
 * `enable_seqscan` off it still reads a table whole (a sequential scan, or an index walked from end
 * to end) only where no index can narrow the statement's rows. That is the cost that grows with
 * the data, found on a table of three rows instead of a million.
 */
import {
  CompiledQuery,
  PostgresQueryCompiler,
  sql,
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

export interface RecordedStatement {
  sql: string;
  parameters: readonly unknown[];
}

class StatementRecorder implements KyselyPlugin {
  readonly statements: RecordedStatement[] = [];
  readonly #compiler = new PostgresQueryCompiler();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const compiled = this.#compiler.compileQuery(args.node);
    this.statements.push({ sql: compiled.sql, parameters: compiled.parameters });
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

/** `db` with every statement it executes recorded in `statements`, in order. */
export function recordStatements<DB>(db: Kysely<DB>): { db: Kysely<DB>; statements: RecordedStatement[] } {
  const recorder = new StatementRecorder();
  return { db: db.withPlugin(recorder), statements: recorder.statements };
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

/**
 * A table read whole: a sequential scan, or an index walked from end to end (an index scan with
 * no index condition, only a filter), which is how a planner denied sequential scans reads a table
 * in an index's order.
 */
function readsWhole(node: PlanNode): boolean {
  const type = node['Node Type'];
  if (type === 'Seq Scan') return true;
  return (type === 'Index Scan' || type === 'Index Only Scan') && node['Index Cond'] === undefined;
}

function scannedTables(node: PlanNode, found: Set<string>): Set<string> {
  const table = node['Relation Name'];
  if (table && readsWhole(node)) found.add(table);
  for (const child of node.Plans ?? []) scannedTables(child, found);
  return found;
}

/**
 * The tables of `watched` that `statement` would read whole, with sequential scans disabled (so
 * any left have no index that narrows them). Runs on one connection and puts the setting back.
 */
export async function sequentialScans<DB>(db: Kysely<DB>, statement: RecordedStatement, watched: readonly string[]): Promise<string[]> {
  return db.connection().execute(async (connection) => {
    await sql`set enable_seqscan = off`.execute(connection);
    try {
      const explained = await connection.executeQuery<{ 'QUERY PLAN': unknown }>(
        CompiledQuery.raw(`explain (format json) ${statement.sql}`, [...statement.parameters]),
      );
      const document = explained.rows[0]!['QUERY PLAN'];
      const plans = (typeof document === 'string' ? JSON.parse(document) : document) as Array<{ Plan: PlanNode }>;
      const scanned = scannedTables(plans[0]!.Plan, new Set());
      return watched.filter((table) => scanned.has(table));
    } finally {
      await sql`reset enable_seqscan`.execute(connection);
    }
  });
}
