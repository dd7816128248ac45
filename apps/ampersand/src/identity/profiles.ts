/**
 * `andee_read` (a visibility-filtered profile, by global &tag or by a name among the caller's
 * connections) and `find_andees` (someone outside the caller's connections, by name and public
 * facts only). Both return only approved signals the caller may see (visibility.ts).
 */
import type { ExpressionBuilder, Kysely } from 'kysely';
import { sql } from 'kysely';
import type { AmpersandDatabase } from '../store/schema.ts';
import type { AndeeRepository } from '../andees/andee-repository.ts';
import { ampersandErrors } from '../errors.ts';
import { FIND_LIMIT, type AndeeReadOutput, type FindAndeesOutput, type Profile } from '../contracts/identity-contracts.ts';
import { areConnected, connectedPeople, type Person } from './connections.ts';
import { contentWords } from '../text/content-words.ts';
import { FACT_WORDS_BACKFILL, storeMissingWords } from '../store/fact-words-backfill.ts';
import { visibleSignals, type Viewer } from './visibility.ts';
import { searchNamesakes } from './namesake-search.ts';

const PROFILE_SIGNALS = 50;

export async function profileOf(db: Kysely<AmpersandDatabase>, viewer: Viewer, person: Person, connected: boolean): Promise<Profile> {
  const signals = await visibleSignals(db, viewer, [{ andeeId: person.andeeId, connected }], PROFILE_SIGNALS);
  return {
    name: person.name,
    tag: `&${person.tag}`,
    photoUrl: person.photoUrl,
    connected,
    signals: signals.map((s) => ({ text: s.text, hdsCode: s.hdsCode, visibility: s.visibility })),
  };
}

function matchesName(displayName: string, name: string): boolean {
  const full = displayName.toLowerCase().replace(/\s+/g, ' ').trim();
  const wanted = name.toLowerCase().replace(/\s+/g, ' ').trim();
  return full === wanted || full.split(' ').includes(wanted);
}

export async function andeeRead(
  db: Kysely<AmpersandDatabase>,
  andees: AndeeRepository,
  viewer: Viewer,
  input: { tag?: string | undefined; name?: string | undefined },
): Promise<AndeeReadOutput> {
  if ((input.tag === undefined) === (input.name === undefined)) {
    throw ampersandErrors.fail('invalid_arguments', 'Pass exactly one of tag (a global &tag lookup) or name (a name among your connections).', {
      fields: [{ field: 'tag', problem: 'exactly one of tag or name' }],
    });
  }
  if (input.tag !== undefined) {
    const andee = await andees.byTag(input.tag);
    if (!andee)
      throw ampersandErrors.fail('andee_not_found', `No andee has the tag ${input.tag.trim().startsWith('&') ? input.tag.trim() : `&${input.tag.trim()}`}.`);
    const person = { andeeId: andee.andeeId, name: andee.displayName, tag: andee.tag, photoUrl: andee.photoUrl };
    return { profile: await profileOf(db, viewer, person, await areConnected(db, viewer.andeeId, andee.andeeId)), candidates: [] };
  }
  const matches = (await connectedPeople(db, viewer.andeeId)).filter((p) => matchesName(p.name, input.name!));
  if (matches.length === 1) return { profile: await profileOf(db, viewer, matches[0]!, true), candidates: [] };
  return { profile: null, candidates: matches.map((m) => ({ name: m.name, tag: `&${m.tag}`, photoUrl: m.photoUrl })) };
}

/**
 * A constraint matches a stranger who has one public, approved signal holding every one of its
 * content words (a constraint of stop words only matches anyone). Checked in SQL against the
 * words stored with each fact (migration 0056), per namesake through identity_facts_public_words_by_andee (migration 0068).
 */
function constraintWordSets(constraints: readonly string[]): string[][] {
  return constraints.map((c) => [...contentWords(c)]).filter((w) => w.length > 0);
}

export async function findAndees(
  db: Kysely<AmpersandDatabase>,
  viewer: Viewer,
  input: { name: string; constraints?: string[] | undefined },
): Promise<FindAndeesOutput> {
  const name = input.name.toLowerCase().replace(/\s+/g, ' ').trim();
  const constraints = constraintWordSets(input.constraints ?? []);
  if (constraints.length > 0) await fillMissingWords(db, name);
  // Bounded work whatever the number of namesakes (issue 42): namesake-search.ts.
  const rows = await searchNamesakes(db, { name, constraints, viewerId: viewer.andeeId, limit: FIND_LIMIT + 1 });
  const shown = rows.slice(0, FIND_LIMIT);
  // Strangers only: their public signals are all that is shown.
  const matches = await Promise.all(shown.map((p) => profileOf(db, { andeeId: viewer.andeeId, firstParty: false }, p, false)));
  return { result: rows.length === 0 ? 'no_match' : rows.length === 1 ? 'match' : 'disambiguation', matches, truncated: rows.length > FIND_LIMIT };
}

/** Andees whose normalized name is `name`, or (one word asked) holds it: through 0052's name indexes. */
function namesake(eb: ExpressionBuilder<AmpersandDatabase, 'andees'>, name: string) {
  return name.includes(' ')
    ? eb(sql`andee_name_key(display_name)`, '=', name)
    : eb.or([eb(sql`andee_name_key(display_name)`, '=', name), eb(sql`andee_name_words(display_name)`, '@>', sql`array[${name}]::text[]`)]);
}

/** Databases whose 0056 backfill was seen complete: it never becomes incomplete again, so they are not asked twice. */
const wordsComplete = new WeakSet<Kysely<AmpersandDatabase>>();

/**
 * While migration 0056's backfill is still running, the namesakes' public facts it has not reached
 * (content_words null) get their words now, the way the backfill gives them, so the constraint
 * check sees every fact: a few facts per call, through the name indexes and identity_facts_by_andee.
 * Whether it is still running is asked on its own, one row by key, and remembered once it is done,
 * so afterwards find_andees runs no extra statement at all.
 */
async function fillMissingWords(db: Kysely<AmpersandDatabase>, name: string): Promise<void> {
  if (wordsComplete.has(db)) return;
  // A row only while the backfill runs: once it is done this reads back nothing.
  const pending = await sql`select 1 from kit_backfills where name = ${FACT_WORDS_BACKFILL} and done_at is null`.execute(db);
  if (pending.rows.length === 0) {
    wordsComplete.add(db);
    return;
  }
  const missing = await db
    .selectFrom('andees')
    .innerJoin('identity_facts', 'identity_facts.andee_id', 'andees.andee_id')
    .select(['identity_facts.fact_id', 'identity_facts.value'])
    .where((eb) => namesake(eb, name))
    .where('identity_facts.status', '=', 'approved')
    .where('identity_facts.visibility', '=', 'public')
    .where('identity_facts.content_words', 'is', null)
    .execute();
  await storeMissingWords(db, missing);
}
