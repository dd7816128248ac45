/**
 * `connections_read` in one statement: the grant check (a condition, api-token.ts `in-read`),
 * the caller's active connections and their people-you-may-know, so the hottest read is one
 * database round trip. Nothing but the guard row comes back when the condition fails.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { AmpersandDatabase } from '../store/schema.ts';
import type { ActiveConnection } from './connections.ts';
import { peopleYouMayKnowRows, toSuggestions, type Suggestion } from './contacts.ts';

interface ReadRow {
  allowed: boolean;
  kind: 'active' | 'suggestion' | null;
  position: number | null;
  display_name: string;
  tag: string;
  photo_url: string | null;
  connected_at: Date;
  mine: boolean;
  theirs: boolean;
}

export async function connectionsReadIf(
  db: Kysely<AmpersandDatabase>,
  andeeId: string,
  limit: number,
  condition: RawBuilder<boolean>,
): Promise<{ active: ActiveConnection[]; peopleYouMayKnow: Suggestion[] } | undefined> {
  const { rows } = await sql<ReadRow>`
    select guard.allowed, r.kind, r.position, r.display_name, r.tag, r.photo_url, r.connected_at, r.mine, r.theirs
    from (select ${condition} as allowed) guard
    left join lateral (
      (select 'active' as kind, row_number() over (order by k.connected_at desc, a.tag) as position, a.display_name, a.tag, a.photo_url, k.connected_at, false as mine, false as theirs
        from connections k join andees a on a.andee_id = k.other_id
        where guard.allowed and k.andee_id = ${andeeId}
        order by k.connected_at desc, a.tag
        limit ${limit})
      union all
      (select 'suggestion', null, s.display_name, s.tag, s.photo_url, null, s.mine, s.theirs
        from (${peopleYouMayKnowRows(andeeId)}) s
        where guard.allowed)
    ) r on true`.execute(db);
  if (!rows[0]?.allowed) return undefined;
  const active = rows
    .filter((r) => r.kind === 'active')
    .sort((a, b) => Number(a.position) - Number(b.position))
    .map((r) => ({ name: r.display_name, tag: `&${r.tag}`, photoUrl: r.photo_url, connectedAt: r.connected_at.toISOString() }));
  return { active, peopleYouMayKnow: toSuggestions(rows.filter((r) => r.kind === 'suggestion'), limit) };
}
