/**
 * Everything `ask_question` needs before it can resolve participants, in one statement: the grant
 * check (a condition, api-token.ts `in-read`), the caller's row, whether the token's client is a
 * first-party runtime, the caller's connections (first 1,000 by tag, as `connectedPeople`) and
 * the andees the references name as &tags (the strangers a reference may mean). Nothing but the
 * guard row comes back when the condition fails.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { AmpersandDatabase } from '../store/schema.ts';
import { parseTag } from '../andees/tags.ts';
import type { Person } from './connections.ts';
import type { Viewer } from './visibility.ts';

const CONNECTIONS_LIMIT = 1000;

export interface AskContext {
  caller: Person;
  viewer: Viewer;
  connections: Person[];
  /** The andees whose tag one of the references parses to, connected or not. */
  tagged: Person[];
}

interface ContextRow {
  allowed: boolean;
  kind: 'caller' | 'connection' | 'tagged' | null;
  position: number | string | null;
  andee_id: string;
  display_name: string;
  tag: string;
  photo_url: string | null;
  first_party: boolean | null;
}

/** The tags the references could name: each one that parses as a tag, bare words included (a bare word falls back to a tag). */
export function referencedTags(references: readonly string[]): string[] {
  const tags = new Set<string>();
  for (const reference of references) {
    const parsed = parseTag(reference.trim());
    if (parsed.ok) tags.add(parsed.tag);
  }
  return [...tags];
}

export async function askContextIf(
  db: Kysely<AmpersandDatabase>,
  andeeId: string,
  clientId: string | undefined,
  references: readonly string[],
  condition: RawBuilder<boolean>,
): Promise<AskContext | undefined> {
  const tags = referencedTags(references);
  // Without a client id there is no first-party runtime (FirstPartyClients.isFirstParty).
  const firstParty = clientId ? sql<boolean>`exists (select 1 from first_party_clients where client_id = ${clientId})` : sql<boolean>`false`;
  const tagged = tags.length
    ? sql`union all
      (select 'tagged', null, a.andee_id, a.display_name, a.tag, a.photo_url, null
        from andees a
        where guard.allowed and a.tag in (${sql.join(tags)}))`
    : sql``;
  const { rows } = await sql<ContextRow>`
    select guard.allowed, r.kind, r.position, r.andee_id, r.display_name, r.tag, r.photo_url, r.first_party
    from (select ${condition} as allowed) guard
    left join lateral (
      (select 'caller' as kind, 0::bigint as position, a.andee_id, a.display_name, a.tag, a.photo_url, ${firstParty} as first_party
        from andees a
        where guard.allowed and a.andee_id = ${andeeId})
      union all
      (select 'connection', row_number() over (order by a.tag), a.andee_id, a.display_name, a.tag, a.photo_url, null
        from connections k join andees a on a.andee_id = k.other_id
        where guard.allowed and k.andee_id = ${andeeId}
        order by a.tag
        limit ${CONNECTIONS_LIMIT})
      ${tagged}
    ) r on true`.execute(db);
  const me = rows.find((r) => r.kind === 'caller');
  if (!rows[0]?.allowed || !me) return undefined;
  return {
    caller: toPerson(me),
    viewer: { andeeId: me.andee_id, firstParty: me.first_party === true },
    connections: rows
      .filter((r) => r.kind === 'connection')
      .sort((a, b) => Number(a.position) - Number(b.position))
      .map(toPerson),
    tagged: rows.filter((r) => r.kind === 'tagged').map(toPerson),
  };
}

function toPerson(r: ContextRow): Person {
  return { andeeId: r.andee_id, name: r.display_name, tag: r.tag, photoUrl: r.photo_url };
}
