/** The caller's connection graph: active (mutual) connections; people-you-may-know needs contacts, which & does not hold yet. */
import { sql, type Kysely, type RawBuilder } from 'kysely';
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

  /**
   * `active`, in the same statement as `condition` (the caller's grant check): undefined when
   * the condition is false, so the whole API call is one round trip. The condition is evaluated
   * once, in a one-row relation the connections are joined to.
   */
  async activeIf(andeeId: string, limit: number, condition: RawBuilder<boolean>): Promise<ActiveConnection[] | undefined> {
    const { rows } = await sql<{ allowed: boolean; display_name: string | null; tag: string | null; photo_url: string | null; connected_at: Date | null }>`
      select guard.allowed, c.display_name, c.tag, c.photo_url, c.connected_at
      from (select ${condition} as allowed) guard
      left join lateral (
        select a.display_name, a.tag, a.photo_url, k.connected_at
        from connections k join andees a on a.andee_id = k.other_id
        where guard.allowed and k.andee_id = ${andeeId}
        order by k.connected_at desc, a.tag
        limit ${limit}
      ) c on true`.execute(this.db);
    if (!rows[0]?.allowed) return undefined;
    return rows
      .filter((r) => r.tag !== null)
      .map((r) => ({ name: r.display_name!, tag: `&${r.tag}`, photoUrl: r.photo_url, connectedAt: r.connected_at!.toISOString() }));
  }
}
