/**
 * &'s scale dataset, seeded into the product's own tables: `andees` people, each with about 50
 * approved facts (a third public), 20 active connections, two sent questions, a notification and
 * a Loop of three items. The facts, the Loop and the viewer's own rows are first written through
 * the product's services (so texts, stored words, HDS codes and Loop items are what the product
 * writes); the other people's rows are copies of those, made in the database by batched `insert … select`
 * over `generate_series`, which seeds 10,000 people in about a minute on two cores.
 *
 * Who the benchmark reads as, at every size:
 * - `viewer` (`&p0`, "Viewer Zero"): the token's subject, connected to `&p1`…`&p10` and
 *   `&p(n-10)`…`&p(n-1)`, owner of the Loop `loopId`;
 * - `Ada Lovelace` (`&lovelace`): the one person of that whole name, a stranger to the viewer;
 * - `&cellist`, first name Ada like one person in 50 (the first names cycle through 50), the one
 *   Ada whose public facts mention a cello, also a stranger;
 * - `runtimeSubject` (`&hedy`): 2,100 approved facts, for `identity_read` page 1 and page 40.
 */
import { sql, type Kysely } from 'kysely';
import type { AmpersandDatabase, ApiService } from '@agent-products/ampersand/composition';
import { Loops, writeItem } from '@agent-products/ampersand/composition';

const FIRST_NAMES = [
  'Ada',
  'Alan',
  'Barbara',
  'Claude',
  'Dorothy',
  'Edsger',
  'Frances',
  'Grace',
  'Hedy',
  'Ivan',
  'Joan',
  'Ken',
  'Katherine',
  'Leslie',
  'Margaret',
  'Niklaus',
  'Ole',
  'Peter',
  'Radia',
  'Shafi',
  'Tim',
  'Ursula',
  'Vint',
  'Whitfield',
  'Xiaoyun',
  'Yukihiro',
  'Zhores',
  'Anita',
  'Bjarne',
  'Cynthia',
  'Donald',
  'Evelyn',
  'Fran',
  'Guido',
  'Hal',
  'Irene',
  'John',
  'Karen',
  'Lynn',
  'Mary',
  'Nancy',
  'Olga',
  'Per',
  'Ron',
  'Sophie',
  'Tony',
  'Valerie',
  'Wendy',
  'Yvonne',
  'Zoe',
];
const LAST_NAMES = ['Stone', 'Rivera', 'Okafor', 'Nakamura', 'Kowalski', 'Haddad', 'Lindqvist', 'Moreau', 'Banerjee', 'Costa', 'Novak', 'Farouk'];

const FACT_TOPICS = [
  'I love Italian food, especially handmade pasta',
  'I play jazz piano on weekends',
  'I work as a computer scientist',
  'I grew up near the sea',
  'I collect old maps',
  'I run along the river before work',
  'I keep a small vegetable garden',
  'I read science fiction on trains',
  'I speak Portuguese with my grandmother',
  'I volunteer at the local library',
];
/** Facts per person; a third of them public, the rest connected or private. */
export const FACTS_PER_PERSON = 50;
/** Each person is connected to the ten before and the ten after them (modulo the population). */
const NEIGHBOURS = 10;
const RUNTIME_FACTS = 2_100;

export interface AmpersandScaleSeed {
  viewer: string;
  runtimeSubject: string;
  loopId: string;
}

const T0 = new Date('2026-11-01T08:00:00Z');

export async function seedAmpersandScale(db: Kysely<AmpersandDatabase>, service: ApiService, people: number): Promise<AmpersandScaleSeed> {
  if (people < 2 * NEIGHBOURS + 2) throw new RangeError(`the scale dataset needs at least ${2 * NEIGHBOURS + 2} people`);
  // The people, in one statement: ids p0…p(n-1), names cycling through the first and last names.
  await sql`
    insert into andees (andee_id, tag, display_name, photo_url, created_at)
    select 'scale-' || i, 'p' || i,
      (${sql.lit(`{${FIRST_NAMES.join(',')}}`)}::text[])[1 + i % ${FIRST_NAMES.length}] || ' ' ||
      (${sql.lit(`{${LAST_NAMES.join(',')}}`)}::text[])[1 + (i / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}],
      null, ${T0}::timestamptz + i * interval '1 second'
    from generate_series(0, ${people - 1}) as i`.execute(db);
  await sql`update andees set display_name = 'Viewer Zero' where andee_id = 'scale-0'`.execute(db);
  for (const [tag, displayName] of [
    ['lovelace', 'Ada Lovelace'],
    ['cellist', 'Ada Moreau'],
    ['hedy', 'Hedy Lamarr'],
  ] as const) {
    const created = await service.andees.create({ tag, displayName });
    if (!created.ok) throw new Error(`scale andee ${tag} not created`);
  }
  const idOf = async (tag: string) => (await db.selectFrom('andees').select('andee_id').where('tag', '=', tag).executeTakeFirstOrThrow()).andee_id;
  const cellist = await idOf('cellist');
  const hedy = await idOf('hedy');

  // The viewer's facts through the product's own write path; everyone else's are copies of them.
  for (let k = 0; k < FACTS_PER_PERSON; k++) {
    const topic = FACT_TOPICS[k % FACT_TOPICS.length]!;
    await service.signals.add('scale-0', `${topic} (${k}).`, {
      visibility: (['public', 'connected', 'private'] as const)[k % 3]!,
      status: 'approved',
      now: new Date(T0.getTime() + k * 1000),
    });
  }
  await service.signals.add(cellist, 'I play the cello in a string quartet.', { visibility: 'public', status: 'approved', now: T0 });
  await service.signals.add(await idOf('lovelace'), 'I write notes on analytical engines.', { visibility: 'public', status: 'approved', now: T0 });
  await sql`
    insert into identity_facts (fact_id, andee_id, value, value_key, content_words, hds_code, visibility, status, source, client_id, turn_id, question_id, created_at, updated_at, reviewed_at)
    select f.fact_id || '-' || i, 'scale-' || i, f.value, f.value_key, f.content_words, f.hds_code, f.visibility, f.status, f.source,
      null, null, null, f.created_at + i * interval '1 minute', f.updated_at + i * interval '1 minute', f.reviewed_at
    from identity_facts f cross join generate_series(1, ${people - 1}) as i
    where f.andee_id = 'scale-0'`.execute(db);
  // The hosted runtime's subject: enough facts for a page 40 of identity_read (50 a page).
  await sql`
    insert into identity_facts (fact_id, andee_id, value, value_key, content_words, hds_code, visibility, status, source, client_id, turn_id, question_id, created_at, updated_at, reviewed_at)
    select f.fact_id || '-hedy-' || i, ${hedy}, f.value || ' (hedy ' || (100 + i) || ')', f.value_key || ' (hedy ' || (100 + i) || ')',
      f.content_words || array['hedy', (100 + i)::text], f.hds_code, 'private', 'approved', f.source,
      null, null, null, f.created_at + i * interval '1 second', f.updated_at + i * interval '1 second', f.reviewed_at
    from identity_facts f cross join generate_series(1, ${Math.ceil(RUNTIME_FACTS / FACTS_PER_PERSON)}) as i
    where f.andee_id = 'scale-0'`.execute(db);

  // Connections, stored once per side: i with each of the NEIGHBOURS people after it, so each
  // person has 2 × NEIGHBOURS.
  await sql`
    insert into connections (andee_id, other_id, connected_at)
    select 'scale-' || a, 'scale-' || ((a + d) % ${people}), ${T0}::timestamptz from generate_series(0, ${people - 1}) a, generate_series(1, ${NEIGHBOURS}) d
    union all
    select 'scale-' || ((a + d) % ${people}), 'scale-' || a, ${T0}::timestamptz from generate_series(0, ${people - 1}) a, generate_series(1, ${NEIGHBOURS}) d`.execute(
    db,
  );

  // Two questions sent by each person to their next two connections, and a notification for each.
  await sql`
    insert into peer_questions (question_id, asker_id, recipient_id, question, status, signals_created, created_at, expires_at, resolved_at)
    select 'q-' || a || '-' || d, 'scale-' || a, 'scale-' || ((a + d) % ${people}), 'What are you reading at the moment?',
      case when d = 1 then 'answered' else 'pending' end, case when d = 1 then 1 else 0 end,
      ${T0}::timestamptz + a * interval '1 second', ${T0}::timestamptz + interval '100 days', case when d = 1 then ${T0}::timestamptz + interval '1 day' end
    from generate_series(0, ${people - 1}) a, generate_series(1, 2) d`.execute(db);
  await sql`
    insert into notifications (notification_id, andee_id, kind, text, link, created_at, read_at)
    select 'n-' || a, 'scale-' || a, 'question', 'Someone asked you a question.', '/questions', ${T0}::timestamptz + a * interval '1 second', null
    from generate_series(0, ${people - 1}) a`.execute(db);

  // The viewer's Loop through the product, then one copy of it for each other person.
  const { loop } = await new Loops(db).create('scale-0', { title: 'Family movie night', renderer: 'recommendations', skillId: 'skill_family_movie_night' }, T0);
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
    from loops l cross join generate_series(1, ${people - 1}) i where l.loop_id = ${loop.loopId}`.execute(db);
  await sql`
    insert into loop_members (loop_id, andee_id, role, added_at)
    select ${loop.loopId} || '-' || i, 'scale-' || i, 'owner', ${T0}::timestamptz from generate_series(1, ${people - 1}) i`.execute(db);
  await sql`
    insert into loop_items (item_id, loop_id, kind, title, content, fallback_text, grounding, provenance, author, visibility, version, created_at, updated_at)
    select t.item_id || '-' || i, t.loop_id || '-' || i, t.kind, t.title, t.content, t.fallback_text, t.grounding, t.provenance, t.author, t.visibility, t.version,
      t.created_at, t.updated_at
    from loop_items t cross join generate_series(1, ${people - 1}) i where t.loop_id = ${loop.loopId}`.execute(db);

  // Statistics, as the owner's upkeep (embedded) or autovacuum (PostgreSQL) would soon gather.
  for (const table of ['andees', 'identity_facts', 'connections', 'peer_questions', 'notifications', 'loops', 'loop_members', 'loop_items']) {
    await sql`vacuum (analyze) ${sql.table(table)}`.execute(db);
  }
  return { viewer: 'scale-0', runtimeSubject: hedy, loopId: loop.loopId };
}
