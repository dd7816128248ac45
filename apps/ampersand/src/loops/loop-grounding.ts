/**
 * An item's grounding must point at something real that its writer can see (spec "Ground in what
 * is known"): an id that resolves to nothing is a made-up citation, and a coordinate is raw
 * evidence, not a reference. What resolves, for the writer:
 * - an identity fact: their own (approved or still pending review), another andee's approved
 *   public fact, or an approved `connected` fact of one of their connections;
 * - their own photo label, place observation, or a place one of their observations selected;
 * - `connection_request:<id>` of a request they sent or received;
 * - `contact_match:<tag>` and `mutual_connections:<tag>` naming an andee who exists.
 * One statement answers every id; anything left over is refused with its ids, and nothing is written.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { AmpersandDatabase } from '../store/schema.ts';
import { ampersandErrors } from '../errors.ts';

type Db = Kysely<AmpersandDatabase> | Transaction<AmpersandDatabase>;

/** Two decimal numbers of the precision a map point has, however they are joined ("geo:39.0997:-94.5786"). */
const COORDINATE_ID = /-?\d{1,3}\.\d{3,}[^0-9.]+-?\d{1,3}\.\d{3,}/;
const REQUEST = 'connection_request:';
/** How the statement marks an andee found by tag, apart from any grounding id (none has a space). */
const TAG = 'tag ';
const TAGGED = /^(contact_match|mutual_connections):&?([a-z0-9_]+)$/i;

export async function requireGrounding(db: Db, writerId: string, grounding: readonly string[] | undefined): Promise<void> {
  const ids = [...new Set(grounding ?? [])];
  if (ids.length === 0) return;
  const coordinates = ids.filter((id) => COORDINATE_ID.test(id));
  if (coordinates.length)
    throw ampersandErrors.fail('item_not_admitted', 'Grounding is a reference to evidence, never a coordinate; cite the place or observation id instead.', {
      reason: 'coordinates',
      grounding: coordinates,
    });
  const found = new Set(await resolved(db, writerId, ids));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length)
    throw ampersandErrors.fail(
      'grounding_not_found',
      `${missing.length === 1 ? 'This grounding id does' : 'These grounding ids do'} not name a fact or evidence you can see: ${missing.join(', ')}. Cite only ids you read.`,
      { grounding: missing },
    );
}

/** The ids among `ids` that resolve for the writer, as they were written. */
async function resolved(db: Db, writerId: string, ids: readonly string[]): Promise<string[]> {
  const requests = ids.filter((id) => id.startsWith(REQUEST)).map((id) => id.slice(REQUEST.length));
  const tagged = ids.flatMap((id) => {
    const match = TAGGED.exec(id);
    return match ? [{ id, tag: (match[2] ?? '').toLowerCase() }] : [];
  });
  const plain = ids.filter((id) => !id.startsWith(REQUEST) && !TAGGED.test(id));
  const none = ['']; // `in ()` is not SQL; an empty string is no id.
  const rows = await db
    .selectFrom('identity_facts as f')
    .select('f.fact_id as id')
    .where('f.fact_id', 'in', plain.length ? plain : none)
    .where((eb) =>
      eb.or([
        eb.and([eb('f.andee_id', '=', writerId), eb('f.status', 'in', ['approved', 'pending'])]),
        eb.and([eb('f.status', '=', 'approved'), eb('f.visibility', '=', 'public')]),
        eb.and([
          eb('f.status', '=', 'approved'),
          eb('f.visibility', '=', 'connected'),
          eb.exists(eb.selectFrom('connections as c').select('c.other_id').where('c.andee_id', '=', writerId).whereRef('c.other_id', '=', 'f.andee_id')),
        ]),
      ]),
    )
    .unionAll(
      db
        .selectFrom('photo_labels')
        .select('label_id as id')
        .where('andee_id', '=', writerId)
        .where('label_id', 'in', plain.length ? plain : none),
    )
    .unionAll(
      db
        .selectFrom('place_observations')
        .select('observation_key as id')
        .where('andee_id', '=', writerId)
        .where('observation_key', 'in', plain.length ? plain : none),
    )
    .unionAll(
      db
        .selectFrom('place_observations')
        .select('selected_place_id as id')
        .where('andee_id', '=', writerId)
        .where('selected_place_id', 'in', plain.length ? plain : none),
    )
    .unionAll(
      db
        .selectFrom('connection_requests')
        .select(sql<string>`${sql.lit(REQUEST)} || request_id`.as('id'))
        .where((eb) => eb.or([eb('from_id', '=', writerId), eb('to_id', '=', writerId)]))
        .where('request_id', 'in', requests.length ? requests : none),
    )
    .unionAll(
      db
        .selectFrom('andees')
        .select(sql<string>`${sql.lit(TAG)} || tag`.as('id'))
        .where('tag', 'in', tagged.length ? tagged.map((t) => t.tag) : none),
    )
    .execute();
  const found = new Set(rows.map((r) => r.id));
  return [...found, ...tagged.filter((t) => found.has(`${TAG}${t.tag}`)).map((t) => t.id)];
}
