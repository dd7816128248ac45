/**
 * `andee_read` (a visibility-filtered profile, by global &tag or by a name among the caller's
 * connections) and `find_andees` (someone outside the caller's connections, by name and public
 * facts only). Both return only approved signals the caller may see (visibility.ts).
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { AmpersandDatabase } from '../store/schema.ts';
import type { AndeeRepository } from '../andees/andee-repository.ts';
import { ampersandErrors } from '../errors.ts';
import { FIND_LIMIT, type AndeeReadOutput, type FindAndeesOutput, type Profile } from '../contracts/identity-contracts.ts';
import { areConnected, connectedPeople, type Person } from './connections.ts';
import { contentWords } from './terms.ts';
import { visibleSignals, type Viewer } from './visibility.ts';

const PROFILE_SIGNALS = 50;
const NAME_CANDIDATES = 200;

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

/** A constraint matches a public signal that contains every one of its content words. */
function constraintMatches(constraint: string, publicTexts: readonly string[]): boolean {
  const wanted = contentWords(constraint);
  if (wanted.size === 0) return true;
  return publicTexts.some((text) => {
    const have = contentWords(text);
    return [...wanted].every((w) => have.has(w));
  });
}

export async function findAndees(
  db: Kysely<AmpersandDatabase>,
  viewer: Viewer,
  input: { name: string; constraints?: string[] | undefined },
): Promise<FindAndeesOutput> {
  const name = input.name.toLowerCase().replace(/\s+/g, ' ').trim();
  // Candidates by name in SQL, through the name indexes (migration 0052): the whole normalized
  // name, or one word of it when one word was asked for; the exact check follows here.
  const rows = await db
    .selectFrom('andees')
    .select(['andee_id', 'display_name', 'tag', 'photo_url'])
    .where((eb) =>
      name.includes(' ')
        ? eb(sql`andee_name_key(display_name)`, '=', name)
        : eb.or([eb(sql`andee_name_key(display_name)`, '=', name), eb(sql`andee_name_words(display_name)`, '@>', sql`array[${name}]::text[]`)]),
    )
    .where('andee_id', '!=', viewer.andeeId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('connections')
            .select('other_id')
            .where('connections.andee_id', '=', viewer.andeeId)
            .whereRef('connections.other_id', '=', 'andees.andee_id'),
        ),
      ),
    )
    .orderBy('tag')
    .limit(NAME_CANDIDATES)
    .execute();
  const people = rows
    .filter((r) => matchesName(r.display_name, name))
    .map((r) => ({ andeeId: r.andee_id, name: r.display_name, tag: r.tag, photoUrl: r.photo_url }));
  // Strangers only: their public signals are all that may match, and all that is shown.
  const signals = await visibleSignals(
    db,
    { andeeId: viewer.andeeId, firstParty: false },
    people.map((p) => ({ andeeId: p.andeeId, connected: false })),
    20_000,
  );
  const constraints = input.constraints ?? [];
  const matching = people.filter((p) => {
    const texts = signals.filter((s) => s.andeeId === p.andeeId).map((s) => s.text);
    return constraints.every((c) => constraintMatches(c, texts));
  });
  const shown = matching.slice(0, FIND_LIMIT);
  const matches = await Promise.all(shown.map((p) => profileOf(db, { andeeId: viewer.andeeId, firstParty: false }, p, false)));
  return { result: matching.length === 0 ? 'no_match' : matching.length === 1 ? 'match' : 'disambiguation', matches, truncated: matching.length > FIND_LIMIT };
}
