/**
 * The online-migration rule's reading of executed statements (migration-rules.ts): each forbidden
 * kind is named on a table that already existed (a column added with an inline REFERENCES among
 * them), and nothing is named for a new table, a concurrent index, a catalog-only change, a
 * foreign key added NOT VALID, or a function body or a string that merely mentions the words.
 */
import { describe, expect, it } from 'vitest';
import { statementFindings } from './migration-rules.ts';

const existing = new Set(['facts', 'people']);

describe('statementFindings', () => {
  it('names each forbidden statement on an existing table', () => {
    expect(statementFindings(`update facts set words = '{}'`, existing)).toEqual(['update facts']);
    expect(statementFindings('DELETE FROM "facts" where true', existing)).toEqual(['delete from facts']);
    expect(statementFindings('create unique index facts_by_key on facts (key)', existing)).toEqual(['create index facts_by_key on facts']);
    expect(statementFindings('create index if not exists "facts_by_time" on "public"."facts" ("created_at")', existing)).toEqual([
      'create index facts_by_time on facts',
    ]);
    expect(statementFindings('alter table facts alter column value type varchar(200)', existing)).toEqual(['alter column value type on facts']);
    expect(statementFindings('alter table facts add column id uuid not null default gen_random_uuid()', existing)).toEqual([
      'add column id volatile default on facts',
    ]);
    expect(statementFindings('alter table facts add column n bigserial', existing)).toEqual(['add column n volatile default on facts']);
    expect(statementFindings(`alter table facts add constraint facts_status check (status in ('a', 'b'))`, existing)).toEqual([
      'validated constraint on facts',
    ]);
    expect(statementFindings('alter table facts alter column value set not null, add column x text', existing)).toEqual(['validated constraint on facts']);
  });

  it('names a column added with an inline REFERENCES on an existing table, however it is written', () => {
    expect(statementFindings('alter table facts add column person_id uuid references people(id)', existing)).toEqual([
      'add column person_id references people on facts',
    ]);
    // As Kysely's schema builder writes it: quoted, schema-qualified, with an action.
    expect(
      statementFindings('alter table "public"."facts" add column "person_id" text not null references "public"."people" ("id") on delete cascade', existing),
    ).toEqual(['add column person_id references people on facts']);
    expect(statementFindings('alter table facts add column if not exists owner text constraint facts_owner references people', existing)).toEqual([
      'add column owner references people on facts',
    ]);
    expect(statementFindings('alter table facts add column x text, add column person_id uuid references people (id)', existing)).toEqual([
      'add column person_id references people on facts',
    ]);
  });

  it('names nothing the rule allows', () => {
    expect(statementFindings('create index concurrently facts_by_key on facts (key)', existing)).toEqual([]);
    expect(statementFindings('create index notes_by_time on notes (created_at)', existing)).toEqual([]);
    expect(statementFindings('update notes set x = 1', existing)).toEqual([]);
    expect(statementFindings('alter table facts add column words text[]', existing)).toEqual([]);
    expect(statementFindings(`alter table facts add column source text not null default 'legacy', add column at timestamptz default now()`, existing)).toEqual(
      [],
    );
    expect(statementFindings('alter table facts add constraint facts_status check (status in (1, 2)) not valid', existing)).toEqual([]);
    // The online way to a foreign key: the column alone, then the constraint NOT VALID (validated later).
    expect(
      statementFindings(
        'alter table facts add column person_id uuid, add constraint facts_person foreign key (person_id) references people (id) not valid',
        existing,
      ),
    ).toEqual([]);
    expect(statementFindings('alter table facts validate constraint facts_person', existing)).toEqual([]);
    expect(statementFindings('alter table notes add column person_id uuid references people (id)', existing)).toEqual([]);
    expect(statementFindings(`alter table facts add column origin text default 'references people'`, existing)).toEqual([]);
    expect(statementFindings('alter table facts alter column words drop not null, alter column words drop default', existing)).toEqual([]);
    expect(
      statementFindings('create function recount() returns trigger language plpgsql as $$ begin update facts set n = 1; return null; end $$', existing),
    ).toEqual([]);
  });
});
