/**
 * &'s scale dataset, seeded into the product's own tables and shaped like real use (issue 42):
 * `people` andees named from a skewed distribution of first names and a thousand surnames
 * (ampersand-scale-vocabulary.ts); each with 50 approved facts and 3 pending ones drawn from a
 * vocabulary of 240 texts (a different selection per person; a third public), 20 active
 * connections, two sent questions, a Loop of three items; and what using & leaves behind
 * (ampersand-scale-activity.ts): phones and uploaded contacts, grants to registered clients,
 * web sessions, sign-in links, connection requests, notifications and agent-chat messages.
 *
 * Texts, stored words and HDS codes are what the product writes: the vocabulary is first written
 * through the product's own service (as facts of one person, `&vocabulary`), and everyone's facts
 * are copies of those entries, made in the database by `insert … select` over `generate_series`,
 * one statement per fact number so that, as in real use, one person's facts are spread over the
 * table among everyone else's (the locality issue 42 item 5 measures). Statistics are gathered
 * (VACUUM ANALYZE) at the end, as autovacuum or the embedded database's upkeep soon would.
 *
 * Who the benchmark reads as, at every size:
 * - `callers`: people spread over the population (spreadCallers), one per call in turn (each
 *   round's calls rotate over them, so no one person's rows stay cached); each is connected to the ten before
 *   and the ten after them (`&p(i±1…10)`) and owns the Loop `loopId-i`;
 * - `Ada Lovelace` (`&lovelace`): the one person of that whole name, a stranger to the callers;
 * - `&cellist` ("Ada Moreau"), the one Ada whose public facts mention a cello (nobody's mention a
 *   theremin), and five more Adas, so that at every size "Ada" has more namesakes than are shown;
 * - six Marias (the most common first name) with a public fact about jazz, so "Maria" + "jazz"
 *   has as many matches as shown at both sizes;
 * - `runtimeSubject` (`&hedy`): 2,100 approved facts, for `identity_read` page 40.
 */
import { sql, type Kysely } from 'kysely';
import type { AmpersandDatabase, ApiService } from '@agent-products/ampersand/composition';
import { Loops, writeItem } from '@agent-products/ampersand/composition';
import { seedAmpersandActivity } from './ampersand-scale-activity.ts';
import { displayNameOf, FACT_VOCABULARY, vocabularyIndexOf } from './ampersand-scale-vocabulary.ts';

/** Approved facts per person; a third of them public, the rest connected or private. */
export const FACTS_PER_PERSON = 50;
/** Facts per person still waiting for review (the review page's list). */
const PENDING_PER_PERSON = 3;
/** Each person is connected to the ten before and the ten after them (modulo the population). */
export const NEIGHBOURS = 10;
const RUNTIME_FACTS = 2_100;

export interface AmpersandScaleSeed {
  /** Row numbers of the people the calls rotate over (tag `p<i>`, id `scale-<i>`). */
  callers: number[];
  runtimeSubject: string;
  loopId: string;
}

/** With BENCH_VERBOSE, how long each step of the seed took (stderr): where seeding time goes. */
function stepTimer(people: number): (name: string) => void {
  let last = performance.now();
  return (name) => {
    const now = performance.now();
    if (process.env.BENCH_VERBOSE) console.error(`seed ${people}: ${name} ${((now - last) / 1000).toFixed(1)} s`);
    last = now;
  };
}

export const T0 = new Date('2026-11-01T08:00:00Z');

/** Every table the seed writes, vacuumed and analyzed at its end (only these: other schemas share the database). */
const SEEDED_TABLES = [
  'andees',
  'identity_facts',
  'connections',
  'peer_questions',
  'notifications',
  'loops',
  'loop_members',
  'loop_items',
  'andee_phones',
  'contact_hashes',
  'oauth_store',
  'web_sessions',
  'sign_in_links',
  'connection_requests',
  'conversation_messages',
];

const i = sql.ref('i');
const k = sql.ref('k');

export async function seedAmpersandScale(
  db: Kysely<AmpersandDatabase>,
  service: ApiService,
  people: number,
  callerCount: number,
  resource: string,
): Promise<AmpersandScaleSeed> {
  if (people < 2 * NEIGHBOURS + 2) throw new RangeError(`the scale dataset needs at least ${2 * NEIGHBOURS + 2} people`);
  const step = stepTimer(people);
  await sql`
    insert into andees (andee_id, tag, display_name, photo_url, created_at)
    select 'scale-' || i, 'p' || i, ${displayNameOf(i)}, null, ${T0}::timestamptz + i * interval '1 second'
    from generate_series(0, ${people - 1}) as i`.execute(db);

  step('people');
  const created = async (tag: string, displayName: string) => {
    const outcome = await service.andees.create({ tag, displayName });
    if (!outcome.ok) throw new Error(`scale andee ${tag} not created`);
    return outcome.andee.andeeId;
  };
  const publicFact = (andeeId: string, text: string) => service.signals.add(andeeId, text, { visibility: 'public', status: 'approved', now: T0 });
  await publicFact(await created('lovelace', 'Ada Lovelace'), 'I write notes on analytical engines.');
  await publicFact(await created('cellist', 'Ada Moreau'), 'I play the cello in a string quartet.');
  // More Adas than find_andees shows, at every size, so "Ada" alone always answers the same way.
  for (const [n, surname] of ['Byron', 'King', 'Yonath', 'Palmer', 'Dietz'].entries())
    await publicFact(await created(`ada_${n}`, `Ada ${surname}`), 'I like long walks by the sea.');
  for (const [n, surname] of ['Okafor', 'Rivera', 'Nakamura', 'Kowalski', 'Haddad', 'Lindqvist'].entries())
    await publicFact(await created(`jazz_maria_${n}`, `Maria ${surname}`), 'I play jazz piano in a trio.');
  const hedy = await created('hedy', 'Hedy Lamarr');

  step('fixtures');
  // The vocabulary through the product's write path, then everyone's facts as copies of it.
  const vocabulary = await created('vocabulary', 'Vocabulary Keeper');
  for (const [n, text] of FACT_VOCABULARY.entries()) {
    await service.signals.add(vocabulary, text, { visibility: 'private', status: 'approved', now: new Date(T0.getTime() + n * 1000) });
  }
  step('vocabulary');
  for (let fact = 0; fact < FACTS_PER_PERSON + PENDING_PER_PERSON; fact++) {
    const status = fact < FACTS_PER_PERSON ? 'approved' : 'pending';
    await sql`
      with v as (select row_number() over (order by created_at, fact_id) - 1 as n, * from identity_facts where andee_id = ${vocabulary})
      insert into identity_facts (fact_id, andee_id, value, value_key, content_words, hds_code, visibility, status, source, client_id, turn_id, question_id, created_at, updated_at, reviewed_at)
      select 'f-' || i || '-' || k, 'scale-' || i, v.value, v.value_key, v.content_words, v.hds_code,
        (array['public', 'connected', 'private'])[1 + k % 3], ${status}, v.source, null, null, null,
        ${T0}::timestamptz + k * interval '6 hours' + i * interval '10 ms', ${T0}::timestamptz + k * interval '6 hours' + i * interval '10 ms',
        ${status === 'approved' ? sql`${T0}::timestamptz + k * interval '6 hours'` : sql`null`}
      from (
        select i, k, ${vocabularyIndexOf(i, k)} as n from (select ${fact}::int as k) as fact_number cross join generate_series(0, ${people - 1}) as i
      ) as p join v using (n)`.execute(db);
  }
  step('facts');
  // The hosted runtime's subject: enough facts for a page 40 of identity_read (50 a page).
  await sql`
    insert into identity_facts (fact_id, andee_id, value, value_key, content_words, hds_code, visibility, status, source, client_id, turn_id, question_id, created_at, updated_at, reviewed_at)
    select f.fact_id || '-hedy-' || i, ${hedy}, f.value || ' (hedy ' || (100 + i) || ')', f.value_key || ' (hedy ' || (100 + i) || ')',
      f.content_words || array['hedy', (100 + i)::text], f.hds_code, 'private', 'approved', f.source,
      null, null, null, f.created_at + i * interval '1 second', f.updated_at + i * interval '1 second', f.reviewed_at
    from identity_facts f cross join generate_series(1, ${Math.ceil(RUNTIME_FACTS / FACT_VOCABULARY.length)}) as i
    where f.andee_id = ${vocabulary}`.execute(db);

  step('runtime subject facts');
  // Connections, stored once per side: i with each of the NEIGHBOURS people after it.
  await sql`
    insert into connections (andee_id, other_id, connected_at)
    select 'scale-' || a, 'scale-' || ((a + d) % ${people}), ${T0}::timestamptz + a * interval '1 second' from generate_series(0, ${people - 1}) a, generate_series(1, ${NEIGHBOURS}) d
    union all
    select 'scale-' || ((a + d) % ${people}), 'scale-' || a, ${T0}::timestamptz + a * interval '1 second' from generate_series(0, ${people - 1}) a, generate_series(1, ${NEIGHBOURS}) d`.execute(
    db,
  );

  step('connections');
  // Two questions sent by each person to their next two connections.
  await sql`
    insert into peer_questions (question_id, asker_id, recipient_id, question, status, signals_created, created_at, expires_at, resolved_at)
    select 'q-' || a || '-' || d, 'scale-' || a, 'scale-' || ((a + d) % ${people}), 'What are you reading at the moment?',
      case when d = 1 then 'answered' else 'pending' end, case when d = 1 then 1 else 0 end,
      ${T0}::timestamptz + a * interval '1 second', ${T0}::timestamptz + interval '100 days', case when d = 1 then ${T0}::timestamptz + interval '1 day' end
    from generate_series(0, ${people - 1}) a, generate_series(1, 2) d`.execute(db);

  step('questions');
  // One Loop through the product, then one copy of it for each person.
  const { loop } = await new Loops(db).create(
    vocabulary,
    { title: 'Family movie night', renderer: 'recommendations', skillId: 'skill_family_movie_night' },
    T0,
  );
  for (const name of ['Paddington 2', 'My Neighbour Totoro', 'The Iron Giant']) {
    await writeItem(
      db,
      loop.loopId,
      'agent',
      {
        kind: 'recommendation_set',
        title: `Pick: ${name}`,
        blocks: [{ type: 'recommendation', name, reason: 'Everyone in the family liked it.' }],
        fallbackText: `${name} — everyone in the family liked it.`,
      },
      null,
      T0,
    );
  }
  await sql`
    insert into loops (loop_id, owner_id, title, renderer, skill_id, skill_version, composition, archived_at, created_at, updated_at)
    select l.loop_id || '-' || i, 'scale-' || i, l.title, l.renderer, l.skill_id, l.skill_version, l.composition, null, l.created_at, l.updated_at
    from loops l cross join generate_series(0, ${people - 1}) i where l.loop_id = ${loop.loopId}`.execute(db);
  await sql`
    insert into loop_members (loop_id, andee_id, role, added_at)
    select ${loop.loopId} || '-' || i, 'scale-' || i, 'owner', ${T0}::timestamptz from generate_series(0, ${people - 1}) i`.execute(db);
  await sql`
    insert into loop_items (item_id, loop_id, kind, title, content, fallback_text, grounding, provenance, author, visibility, version, created_at, updated_at)
    select t.item_id || '-' || i, t.loop_id || '-' || i, t.kind, t.title, t.content, t.fallback_text, t.grounding, t.provenance, t.author, t.visibility, t.version,
      t.created_at, t.updated_at
    from loop_items t cross join generate_series(0, ${people - 1}) i where t.loop_id = ${loop.loopId}`.execute(db);

  step('loops');
  await seedAmpersandActivity(db, people, resource);

  step('activity');
  // Statistics, as the owner's upkeep (embedded) or autovacuum (PostgreSQL) would soon gather.
  for (const table of SEEDED_TABLES) await sql`vacuum (analyze) ${sql.table(table)}`.execute(db);
  step('vacuum analyze');
  return { callers: spreadCallers(people, Math.min(callerCount, people - 1)), runtimeSubject: hedy, loopId: loop.loopId };
}

/**
 * The remainders the seed hands out activity by (ampersand-scale-activity.ts): every other person
 * an address book, a web session and a chat; every third a second grant and a used sign-in link;
 * a quarter's requests pending; seven in ten a phone. Their least common multiple.
 */
const ACTIVITY_PERIOD = 120;

/**
 * `count` callers spread over the population at a stride that shares no factor with
 * ACTIVITY_PERIOD, so that the callers meet every kind of person in the same shares as consecutive
 * people do. An even spacing could not: at 100,000 people and 200 callers it was 500, so every
 * caller had a chat, an address book and a pending request while the 100-person side's callers
 * (consecutive people) had them half or a quarter of the time, and pages that show those rows
 * read as slower at scale for a difference in the data, not in its size (`/chat` 1.61× embedded).
 */
export function spreadCallers(people: number, count: number): number[] {
  let stride = Math.max(1, Math.floor((people - 1) / count));
  while (greatestCommonDivisor(stride, ACTIVITY_PERIOD) !== 1) stride--;
  return Array.from({ length: count }, (_, n) => 1 + ((n * stride) % (people - 1)));
}

function greatestCommonDivisor(a: number, b: number): number {
  return b === 0 ? a : greatestCommonDivisor(b, a % b);
}
