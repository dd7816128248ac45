/**
 * `connections_read` in one statement: the grant check (a condition, api-token.ts `in-read`),
 * the caller's active connections and their people-you-may-know, so the hottest read is one
 * database round trip. Nothing but `allowed = false` comes back when the condition fails.
 *
 * The answer is one row with each list as JSON: the grant check runs once (a materialized
 * guard rather than a condition the planner copies into every branch), and the plan is a
 * handful of nodes instead of a union of two lateral branches with a window to keep the order.
 * On the embedded database most of a read's cost is the executor's work per plan node, so this
 * took the statement from about 200 to 160 µs of CPU.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { AmpersandDatabase } from '../store/schema.ts';
import type { ActiveConnection } from './connections.ts';
import { peopleYouMayKnowRows, toSuggestions, type Suggestion, type SuggestionRow } from './contacts.ts';

interface ActiveRow {
  display_name: string;
  tag: string;
  photo_url: string | null;
  /** JSON carries the timestamp as text. */
  connected_at: string;
}

interface ReadRow {
  allowed: boolean;
  /** Newest first; null when not allowed. */
  active: ActiveRow[] | null;
  suggestions: SuggestionRow[] | null;
}

export async function connectionsReadIf(
  db: Kysely<AmpersandDatabase>,
  andeeId: string,
  limit: number,
  condition: RawBuilder<boolean>,
): Promise<{ active: ActiveConnection[]; peopleYouMayKnow: Suggestion[] } | undefined> {
  const { rows } = await sql<ReadRow>`
    with guard as materialized (select ${condition} as allowed)
    select guard.allowed,
      case when guard.allowed then (
        select coalesce(json_agg(json_build_object('display_name', t.display_name, 'tag', t.tag, 'photo_url', t.photo_url, 'connected_at', t.connected_at) order by t.connected_at desc, t.tag), '[]')
        from (select a.display_name, a.tag, a.photo_url, k.connected_at
          from connections k join andees a on a.andee_id = k.other_id
          where k.andee_id = ${andeeId}
          order by k.connected_at desc, a.tag
          limit ${limit}) t
      ) end as active,
      case when guard.allowed then (
        select coalesce(json_agg(json_build_object('display_name', s.display_name, 'tag', s.tag, 'photo_url', s.photo_url, 'mine', s.mine, 'theirs', s.theirs)), '[]')
        from (${peopleYouMayKnowRows(andeeId)}) s
      ) end as suggestions
    from guard`.execute(db);
  const row = rows[0];
  if (!row?.allowed) return undefined;
  const active = (row.active ?? []).map((r) => ({
    name: r.display_name,
    tag: `&${r.tag}`,
    photoUrl: r.photo_url,
    connectedAt: new Date(r.connected_at).toISOString(),
  }));
  return { active, peopleYouMayKnow: toSuggestions(row.suggestions ?? [], limit) };
}
