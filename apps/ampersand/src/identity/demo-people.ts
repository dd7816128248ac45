/**
 * "People to try": on an install with the demo graph, the labelled demo andees a newcomer can
 * connect with or ask about at once. A demo andee is one of the demo graph's tags whose facts the
 * demo seeding wrote (source `demo`, which no person, agent or operator can write), so an andee
 * who merely registers a `demo_` tag is never treated as one. Nobody tends the demo andees, so a
 * connection request to one is accepted on their behalf in the same transaction: the newcomer's
 * first connection is real (both sides, the notification to the newcomer) and immediate.
 */
import { sql, type Kysely } from 'kysely';
import type { AmpersandDatabase } from '../store/schema.ts';
import type { Connections, Person } from './connections.ts';
import { DEMO_INTRODUCTIONS, DEMO_TAGS } from './demo-graph.ts';
import { ampersandErrors } from '../errors.ts';

export interface DemoPerson extends Person {
  /** Their first public fact, as an introduction. */
  introduction: string;
  /** Whether the viewer is already connected with them. */
  connected: boolean;
  /** Whether the viewer has already asked & about them in chat (a message of theirs names the &tag). */
  asked: boolean;
}

/**
 * The demo andees other than the viewer, the ones still worth trying first: those the viewer has
 * neither connected with nor asked about, then those with one of the two left, then the rest, each
 * group in the demo's order. Empty on an install without the demo graph.
 */
export async function demoPeople(db: Kysely<AmpersandDatabase>, viewerId: string): Promise<DemoPerson[]> {
  const rows = await db
    .selectFrom('andees as a')
    .leftJoin('connections as c', (j) => j.onRef('c.other_id', '=', 'a.andee_id').on('c.andee_id', '=', viewerId))
    .select(['a.andee_id', 'a.tag', 'a.display_name', 'a.photo_url', 'c.other_id'])
    .select(({ exists, selectFrom }) =>
      exists(
        selectFrom('conversation_messages as m')
          .select('m.message_id')
          .where('m.chat_andee_id', '=', viewerId)
          .where('m.role', '=', 'andee')
          // The &tag as a whole word: "&demo_ben" names Ben, "&demo_benny" would not.
          .where(sql<boolean>`m.body ~* ('&' || a.tag || '([^a-z0-9_]|$)')`),
      ).as('asked'),
    )
    .where('a.tag', 'in', [...DEMO_TAGS])
    .where('a.andee_id', '<>', viewerId)
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('identity_facts as f').select('f.fact_id').whereRef('f.andee_id', '=', 'a.andee_id').where('f.source', '=', 'demo')),
    )
    .execute();
  const people = rows.map((r) => ({
    andeeId: r.andee_id,
    name: r.display_name,
    tag: r.tag,
    photoUrl: r.photo_url,
    introduction: DEMO_INTRODUCTIONS.get(r.tag) ?? '',
    connected: r.other_id !== null,
    asked: Boolean(r.asked),
  }));
  const tried = (p: DemoPerson) => Number(p.connected) + Number(p.asked);
  const order = (p: DemoPerson) => DEMO_TAGS.indexOf(p.tag);
  return people.sort((x, y) => tried(x) - tried(y) || order(x) - order(y));
}

/** Connects the viewer with a demo andee: their request, accepted by the demo andee at once (or the demo andee's own waiting request accepted). */
export async function connectWithDemo(db: Kysely<AmpersandDatabase>, connections: Connections, me: Person, tag: string, now: Date): Promise<DemoPerson> {
  const demo = (await demoPeople(db, me.andeeId)).find((p) => p.tag === tag.trim().replace(/^&/, ''));
  if (!demo) throw ampersandErrors.fail('andee_not_found', `&${tag.trim().replace(/^&/, '')} is not one of the demo people on this server.`);
  if (demo.connected) return demo;
  await db.transaction().execute(async (trx) => {
    // A request the demo andee already sent the viewer (the demo graph sends some) is simply accepted.
    if (await connections.resolveIncoming(trx, me, demo.andeeId, 'accepted', now)) return;
    const pendingMine = await trx
      .selectFrom('connection_requests')
      .select('request_id')
      .where('from_id', '=', me.andeeId)
      .where('to_id', '=', demo.andeeId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (!pendingMine) await connections.request(trx, me, demo, undefined, now);
    await connections.resolveIncoming(trx, demo, me.andeeId, 'accepted', now);
  });
  return { ...demo, connected: true };
}
