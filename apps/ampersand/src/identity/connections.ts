/** The caller's connection graph: active (mutual) connections; people-you-may-know needs contacts, which & does not hold yet. */
import type { Kysely } from 'kysely';
import type { AmpersandDatabase } from '../store/schema.ts';

export interface ActiveConnection {
  name: string;
  tag: string;
  photoUrl: string | null;
  connectedAt: string;
}

export class Connections {
  constructor(private readonly db: Kysely<AmpersandDatabase>) {}

  async connect(a: string, b: string, now: Date): Promise<void> {
    await this.db
      .insertInto('connections')
      .values([
        { andee_id: a, other_id: b, connected_at: now },
        { andee_id: b, other_id: a, connected_at: now },
      ])
      .onConflict((oc) => oc.columns(['andee_id', 'other_id']).doNothing())
      .execute();
  }

  async active(andeeId: string, limit: number): Promise<ActiveConnection[]> {
    const rows = await this.db
      .selectFrom('connections')
      .innerJoin('andees', 'andees.andee_id', 'connections.other_id')
      .select(['display_name', 'tag', 'photo_url', 'connected_at'])
      .where('connections.andee_id', '=', andeeId)
      .orderBy('connected_at', 'desc')
      .orderBy('tag')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ name: r.display_name, tag: `&${r.tag}`, photoUrl: r.photo_url, connectedAt: r.connected_at.toISOString() }));
  }
}
