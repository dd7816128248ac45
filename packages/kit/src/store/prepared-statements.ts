/**
 * Named (prepared) statements for the queries a server runs again and again.
 *
 * Kysely sends every query as an unnamed statement, so PostgreSQL parses, analyses and plans the
 * same text on every call. Naming them took about 40% off the database's CPU per planning write
 * (1.0 → 0.57 ms, under bench/chengdu-propose.ts). A pool built with `preparingClient` gives a statement a name
 * (a hash of its text) once its text has been seen twice, and node-postgres then parses it once
 * per connection and afterwards only binds and executes it.
 *
 * Bounded: only plain data statements with parameters are named, at most `maxStatements`
 * distinct texts per process, so texts that vary (lists of differing length) cannot grow every
 * connection's statement cache without end. A named statement whose result columns a migration
 * changed fails once ("cached plan must not change result type"); its text is then never named
 * again, so the next call works.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';

const DATA_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;
const CACHED_PLAN_CHANGED = '0A000';

export interface StatementNaming {
  /** The name to run `text` under, or undefined to run it unnamed. */
  nameFor(text: string): string | undefined;
  /** Stops naming `text` (its prepared form went stale). */
  forget(text: string): void;
  readonly namedCount: number;
}

export function statementNaming(maxStatements = 500): StatementNaming {
  const seen = new Set<string>();
  const names = new Map<string, string | undefined>();
  let namedCount = 0;
  return {
    nameFor(text) {
      const known = names.get(text);
      if (known !== undefined || names.has(text)) return known;
      if (!seen.has(text)) {
        // Remember a first sighting only while there is room to name it later, and forget the
        // one-off texts in bulk rather than keep every one.
        if (namedCount < maxStatements && DATA_STATEMENT.test(text)) {
          if (seen.size >= maxStatements * 4) seen.clear();
          seen.add(text);
        }
        return undefined;
      }
      seen.delete(text);
      if (namedCount >= maxStatements) return undefined;
      const name = `s_${createHash('sha256').update(text).digest('base64url').slice(0, 22)}`;
      names.set(text, name);
      namedCount++;
      return name;
    },
    forget(text) {
      names.set(text, undefined);
    },
    get namedCount() {
      return namedCount;
    },
  };
}

/** A `pg.Client` class for `new pg.Pool({ Client })` that runs repeated statements by name. */
export function preparingClient(naming: StatementNaming): typeof pg.Client {
  class PreparingClient extends pg.Client {
    override query(...args: unknown[]): any {
      const [text, values, callback] = args;
      if (typeof text === 'string' && Array.isArray(values) && values.length > 0 && callback === undefined) {
        const name = naming.nameFor(text);
        if (name !== undefined) {
          return (super.query as (config: pg.QueryConfig) => Promise<pg.QueryResult>)({ name, text, values }).catch((error: { code?: string }) => {
            if (error?.code === CACHED_PLAN_CHANGED) naming.forget(text);
            throw error;
          });
        }
      }
      return (super.query as (...a: unknown[]) => unknown)(...args);
    }
  }
  return PreparingClient as typeof pg.Client;
}
