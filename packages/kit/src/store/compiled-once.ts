/**
 * A hot read whose SQL Kysely builds and compiles once per database, not on every call.
 *
 * Kysely builds a query as a tree of frozen nodes and walks it to text on every execution; for a
 * statement with joins and JSON subqueries that is a sixth of the & API's CPU per `loop_read`
 * (measured 2026-12-02 in a steady-state profile). The text and the parameter order never change
 * between calls, only the values: here the query is built once with a marker standing for each
 * value, compiled, and each call puts its own values where the markers were.
 *
 * The builder must hand each value to Kysely as it is (a parameter), never inspect or transform it
 * (hash it, format it, branch on it): a value that does not come back as a parameter, or whose
 * marker shows up in the text, is refused at the first call, so such a builder fails its tests
 * rather than running the wrong statement. Queries whose shape depends on a value are two
 * statements (two `compiledOnce`), one per shape.
 */
import { CompiledQuery, type Kysely } from 'kysely';

/** What Kysely compiles against a database: a query builder, or a `sql` template. */
interface CompilableOn<R> {
  compile(db: Kysely<any>): CompiledQuery<R>;
}

/** Stands for one value while the query is built; unique, so its position in the parameters names the value. */
class Marker {
  constructor(readonly key: string) {}
  toString(): string {
    // Reached only when a builder turns the value into text instead of passing it on.
    return `\u0000compiled-once:${this.key}\u0000`;
  }
}

type Slot = { key: string } | { constant: unknown };

interface Compiled {
  sql: string;
  slots: Slot[];
}

export interface CompiledOnceRead<P, R> {
  (db: Kysely<any>, values: P): Promise<R[]>;
  /**
   * The statement a call with `values` runs, unexecuted. Plugins see only the first build (its
   * values are markers), not the calls, so a test that examines the statement (its plan, say)
   * takes it from here rather than from a recording plugin.
   */
  statement(db: Kysely<any>, values: P): CompiledQuery<R>;
}

export function compiledOnce<P extends object, R>(build: (db: Kysely<any>, values: P) => CompilableOn<R>): CompiledOnceRead<P, R> {
  // Per database: the text can differ with a database's dialect or plugins.
  const compiledFor = new WeakMap<Kysely<any>, Compiled>();
  const statement = (db: Kysely<any>, values: P): CompiledQuery<R> => {
    let compiled = compiledFor.get(db);
    if (!compiled) {
      compiled = compileWithMarkers(db, build);
      compiledFor.set(db, compiled);
    }
    const parameters = compiled.slots.map((slot) => ('key' in slot ? (values as Record<string, unknown>)[slot.key] : slot.constant));
    return CompiledQuery.raw(compiled.sql, parameters) as CompiledQuery<R>;
  };
  const read = async (db: Kysely<any>, values: P) => (await db.executeQuery<R>(statement(db, values))).rows;
  return Object.assign(read, { statement });
}

function compileWithMarkers<P extends object, R>(db: Kysely<any>, build: (db: Kysely<any>, values: P) => CompilableOn<R>): Compiled {
  const read = new Set<string>();
  const markers = new Proxy({} as P, {
    get(_target, key) {
      if (typeof key !== 'string') return undefined;
      read.add(key);
      return new Marker(key);
    },
  });
  const { sql, parameters } = build(db, markers).compile(db);
  if (sql.includes('\u0000compiled-once:')) throw new TypeError('compiledOnce: a value was written into the SQL text instead of passed as a parameter.');
  const slots = parameters.map((value): Slot => (value instanceof Marker ? { key: value.key } : { constant: value }));
  const passed = new Set(slots.flatMap((slot) => ('key' in slot ? [slot.key] : [])));
  const lost = [...read].filter((key) => !passed.has(key));
  if (lost.length > 0)
    throw new TypeError(`compiledOnce: ${lost.join(', ')} did not reach the statement as a parameter (transformed or branched on while building).`);
  return { sql, slots };
}
