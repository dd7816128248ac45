/**
 * The andees `find_andees` shows: namesakes of the caller's name that are strangers and meet
 * every constraint, the first FIND_LIMIT + 1 in tag order. Its work does not grow with the number
 * of namesakes (issue 42): with a real name distribution there are ten times as many Marias at ten
 * times the people, and reading them all to check a constraint was 3–22× slower at 10,000 people.
 *
 * - The namesakes are walked in tag order through migration 0068's (name word, tag) indexes, a
 *   bounded batch at a time, and each is checked against the constraints by key through
 *   `identity_facts_public_words_by_andee` (the words of its public facts, from the index), so a
 *   walk stops once it has found enough: a common name with a common constraint reads a few rows.
 * - When the first batch did not finish, each constraint is tried from its own side, through the
 *   public words index, reading at most HOLDER_CAP facts: a rare constraint (or one nobody meets)
 *   has fewer holders than that, and they are the whole answer past the walk.
 * - Otherwise every constraint is common and the walk goes on in growing batches; it reads about
 *   FIND_LIMIT ÷ (the share of namesakes meeting them) namesakes, whatever the population. Only
 *   constraints common among everyone and rare among these namesakes leave it reading many of
 *   them (at worst all, as before): no index on names and facts together says which those are.
 *
 * Every set a statement reads is limited, so no plan reads more namesakes than its batch.
 */
import type { Kysely, RawBuilder } from 'kysely';
import { sql } from 'kysely';
import type { AmpersandDatabase } from '../store/schema.ts';
import type { Person } from './connections.ts';

/** Namesakes read by the first walk: enough for a common name and a common constraint. */
const FIRST_WALK = 16;
/** Each later walk reads this many times the one before. */
const WALK_GROWTH = 4;
/** Facts read from a constraint's side before it counts as common. */
const HOLDER_CAP = 100;

interface AndeeRow {
  andee_id: string;
  tag: string;
  display_name: string;
  photo_url: string | null;
}

export interface NamesakeSearch {
  /** Normalized as `andee_name_key` normalizes: lower case, single spaces, trimmed. */
  name: string;
  /** Each constraint's content words; every constraint must be held by one public, approved fact. */
  constraints: readonly string[][];
  viewerId: string;
  /** How many to return: one more than is shown tells a truncated answer. */
  limit: number;
}

export async function searchNamesakes(db: Kysely<AmpersandDatabase>, search: NamesakeSearch): Promise<Person[]> {
  const found: AndeeRow[] = [];
  let after: string | undefined;
  let batch = FIRST_WALK;
  for (let walk = 0; ; walk++) {
    const step = await walkNamesakes(db, search, after, batch, search.limit - found.length);
    found.push(...step.matches);
    if (found.length >= search.limit || step.walked < batch) return found.map(person);
    after = step.lastWalked;
    if (walk === 0) {
      // Past the first batch: a constraint held by few public facts is the shorter way to the rest.
      for (const words of search.constraints) {
        const side = await fromConstraintSide(db, search, words, after, search.limit - found.length);
        if (side.complete) return [...found, ...side.matches].map(person);
      }
    }
    batch *= WALK_GROWTH;
  }
}

function person(row: AndeeRow): Person {
  return { andeeId: row.andee_id, name: row.display_name, tag: row.tag, photoUrl: row.photo_url };
}

const NAME_WORDS = sql`andee_name_words(display_name)`;
const nameWord = (position: number) => sql`(${NAME_WORDS})[${sql.lit(position)}]`;
const ANDEE_COLUMNS = sql`andee_id, tag, display_name, photo_url`;

/**
 * The first `limit` andees named `name` after `after`, in tag order. A full name is the whole
 * normalized name; one word is that word anywhere in the name: first, second or third (each part
 * excluding the earlier positions, so no andee comes twice), or a later word of a longer name. Each
 * part is its own ordered, limited read of a (name word, tag) index of migration 0068: as one
 * union the planner cannot see that each part's index is in tag order, and sorted every namesake
 * instead. The later words of the few longer names are read whole through a partial index, apart
 * (`offset 0`), so that no order asked of them can send the planner down the whole tag index.
 */
function namesakesInTagOrder(name: string, after: string | undefined, limit: number): RawBuilder<unknown> {
  const part = (where: RawBuilder<unknown>) =>
    sql`(select ${ANDEE_COLUMNS} from andees where ${where} and ${afterTag(sql.ref('tag'), after)} order by tag limit ${limit})`;
  if (name.includes(' ')) return part(sql`andee_name_key(display_name) = ${name}`);
  const word = sql`array[${name}]::text[]`;
  return sql`
    ${part(sql`${nameWord(1)} = ${name}`)}
    union all
    ${part(sql`${nameWord(2)} = ${name} and ${nameWord(1)} <> ${name}`)}
    union all
    ${part(sql`${nameWord(3)} = ${name} and ${nameWord(1)} <> ${name} and ${nameWord(2)} <> ${name}`)}
    union all
    (select ${ANDEE_COLUMNS} from andees
     where cardinality(${NAME_WORDS}) > 3 and ${NAME_WORDS} @> ${word} and not (${NAME_WORDS})[1:3] @> ${word} and ${afterTag(sql.ref('tag'), after)}
     offset 0)`;
}

/** The name check on an andee found by key from a constraint's holders. */
function named(andee: string, name: string): RawBuilder<unknown> {
  const displayName = sql.ref(`${andee}.display_name`);
  return name.includes(' ') ? sql`andee_name_key(${displayName}) = ${name}` : sql`${name} = any(andee_name_words(${displayName}))`;
}

/**
 * One public, approved fact of `andee` holding all of `words`, found by key: the andee's entries in
 * migration 0068's index of public facts' words (whose predicate, facts with words, this states).
 * A lateral subquery with a limit is run per andee, so it cannot become a hash of every fact
 * holding the words.
 */
function constraintsHeld(andee: RawBuilder<unknown>, constraints: readonly string[][]): RawBuilder<unknown> {
  if (constraints.length === 0) return sql``;
  return sql.join(
    constraints.map(
      (words, n) => sql`cross join lateral (
        select 1 as held from identity_facts f
        where f.andee_id = ${andee} and f.status = 'approved' and f.visibility = 'public' and cardinality(f.content_words) > 0
          and f.content_words @> array[${sql.join(words)}]::text[]
        limit 1) as ${sql.id(`constraint_${n}`)}`,
    ),
    sql` `,
  );
}

/** A stranger: neither the caller nor one of the caller's connections. */
function stranger(andee: RawBuilder<unknown>, viewerId: string): RawBuilder<unknown> {
  return sql`${andee} <> ${viewerId}
    and not exists (select 1 from connections c where c.andee_id = ${viewerId} and c.other_id = ${andee})`;
}

const afterTag = (column: RawBuilder<unknown>, after: string | undefined) => (after === undefined ? sql`true` : sql`${column} > ${after}`);

/**
 * The next `batch` namesakes after `after` in tag order, and the first `want` of them that are
 * strangers meeting the constraints. The batch is a subquery with a limit: however the statement
 * is planned, it reads no more namesakes than that, and fewer when `want` are found early (left
 * in line, not materialized, so the planner sees it comes in tag order and checks namesakes one
 * by one until it has `want`, instead of checking them all and sorting). How far the walk went is
 * asked only when fewer than `want` were found (an init plan under CASE runs only if its branch is
 * taken): then the batch is read a second time (no more than it holds).
 */
async function walkNamesakes(db: Kysely<AmpersandDatabase>, search: NamesakeSearch, after: string | undefined, batch: number, want: number) {
  const { rows } = await sql<AndeeRow & { walked: number | null; last_walked: string | null }>`
    with walked as not materialized (
      select ${ANDEE_COLUMNS} from (${namesakesInTagOrder(search.name, after, batch)}) as namesakes
      order by tag limit ${batch}
    ), matched as materialized (
      select w.andee_id, w.tag, w.display_name, w.photo_url from walked w
      ${constraintsHeld(sql.ref('w.andee_id'), search.constraints)}
      where ${stranger(sql.ref('w.andee_id'), search.viewerId)}
      order by w.tag limit ${want}
    ), progress as (
      select
        case when (select count(*) from matched) < ${want} then (select count(*)::int from walked) end as walked,
        case when (select count(*) from matched) < ${want} then (select max(tag) from walked) end as last_walked
    )
    select m.andee_id, m.tag, m.display_name, m.photo_url, progress.walked, progress.last_walked
    from progress left join matched m on true
    order by m.tag`.execute(db);
  const progress = rows[0]!;
  // Null: `want` were found, so whether the batch held more does not matter.
  return { walked: progress.walked ?? batch, lastWalked: progress.last_walked ?? undefined, matches: rows.filter((r) => r.andee_id !== null) };
}

/**
 * From one constraint's side: at most HOLDER_CAP + 1 public facts holding its words, and among
 * their holders the namesakes after `after` that are strangers meeting every constraint. Complete
 * only when the constraint has no more holders than that. Each holder is read by key (a lateral
 * read with a limit, so the planner cannot choose to walk andees in tag order and filter them by
 * the holders, the plan that read every andee per call before). The facts are planned as if all were
 * wanted (through the public words index, 0056) and read only as far as the cap (a set fills as
 * it is read): planned with the cap, a word the planner thinks common was read by walking a whole
 * index or the table until enough turned up.
 */
async function fromConstraintSide(db: Kysely<AmpersandDatabase>, search: NamesakeSearch, words: readonly string[], after: string | undefined, want: number) {
  const { rows } = await sql<AndeeRow & { holders: number }>`
    with holding as materialized (
      select f.andee_id from identity_facts f
      where f.status = 'approved' and f.visibility = 'public' and f.content_words @> array[${sql.join([...words])}]::text[]
    ), holders as materialized (
      select andee_id from holding limit ${HOLDER_CAP + 1}
    )
    select counted.holders, m.andee_id, m.tag, m.display_name, m.photo_url
    from (select count(*)::int as holders from holders) as counted
    left join lateral (
      select a.andee_id, a.tag, a.display_name, a.photo_url
      from (select distinct andee_id from holders) as h
      cross join lateral (select ${ANDEE_COLUMNS} from andees where andees.andee_id = h.andee_id limit 1) as a
      ${constraintsHeld(sql.ref('a.andee_id'), search.constraints)}
      where ${named('a', search.name)} and ${afterTag(sql.ref('a.tag'), after)} and ${stranger(sql.ref('a.andee_id'), search.viewerId)}
      order by a.tag limit ${want}
    ) as m on true
    order by m.tag`.execute(db);
  const first = rows[0]!;
  return { complete: first.holders <= HOLDER_CAP, matches: rows.filter((r) => r.andee_id !== null) };
}
