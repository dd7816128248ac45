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
import { sql, type Kysely } from 'kysely';
import { compiledOnce, isoFromJsonTimestamp } from '@agent-products/kit/store';
import { hashedGrantId, liveGrantConditionByHash } from '../auth/grants.ts';
import type { AmpersandDatabase } from '../store/schema.ts';
import type { ActiveConnection } from './connections.ts';
import { peopleYouMayKnowRows, toSuggestions, type Suggestion, type SuggestionRow } from './contacts.ts';

/** An active connection as the statement returns it: a JSON array (name, tag, photo, when), cheaper to build than an object. */
type ActiveRow = [displayName: string, tag: string, photoUrl: string | null, connectedAt: string];

interface ReadRow {
  allowed: boolean;
  /** Newest first; null when not allowed. */
  active: ActiveRow[] | null;
  suggestions: SuggestionRow[] | null;
}

interface ReadValues {
  andeeId: string;
  limit: number;
  grantIdHash: string;
  now: Date;
}

/** Built and compiled by Kysely once per database (kit `compiledOnce`): every value is a parameter. */
const grantedRead = compiledOnce(
  (_db, v: ReadValues) => sql<ReadRow>`
    with guard as materialized (select ${liveGrantConditionByHash(v.grantIdHash, v.andeeId, v.now)} as allowed)
    select guard.allowed,
      case when guard.allowed then (
        select coalesce(json_agg(json_build_array(t.display_name, t.tag, t.photo_url, t.connected_at) order by t.connected_at desc, t.tag), '[]')
        from (select a.display_name, a.tag, a.photo_url, k.connected_at
          from connections k join andees a on a.andee_id = k.other_id
          where k.andee_id = ${v.andeeId}
          order by k.connected_at desc, a.tag
          limit ${v.limit}) t
      ) end as active,
      case when guard.allowed then (
        select coalesce(json_agg(json_build_object('display_name', s.display_name, 'tag', s.tag, 'photo_url', s.photo_url, 'mine', s.mine, 'theirs', s.theirs)), '[]')
        from (${peopleYouMayKnowRows(v.andeeId, v.limit)}) s
      ) end as suggestions
    from guard`,
);

/** The caller's connections and people-you-may-know while `grant` is live for them; undefined when it is not. */
export async function connectionsReadIf(
  db: Kysely<AmpersandDatabase>,
  andeeId: string,
  limit: number,
  grant: { grantId: string; now: Date },
): Promise<{ active: ActiveConnection[]; peopleYouMayKnow: Suggestion[] } | undefined> {
  const [row] = await grantedRead(db, readValues(andeeId, limit, grant));
  if (!row?.allowed) return undefined;
  const active = (row.active ?? []).map(([name, tag, photoUrl, connectedAt]) => ({
    name,
    tag: `&${tag}`,
    photoUrl,
    connectedAt: isoFromJsonTimestamp(connectedAt),
  }));
  return { active, peopleYouMayKnow: toSuggestions(row.suggestions ?? [], limit) };
}

/** The statement connectionsReadIf runs, unexecuted (for tests that examine its plan). */
export function connectionsReadStatement(db: Kysely<AmpersandDatabase>, andeeId: string, limit: number, grant: { grantId: string; now: Date }) {
  return grantedRead.statement(db, readValues(andeeId, limit, grant));
}

function readValues(andeeId: string, limit: number, grant: { grantId: string; now: Date }): ReadValues {
  return { andeeId, limit, grantIdHash: hashedGrantId(grant.grantId), now: grant.now };
}
