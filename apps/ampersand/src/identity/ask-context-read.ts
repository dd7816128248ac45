/**
 * Everything `ask_question` usually needs, in one statement: the grant check (a condition,
 * api-token.ts `in-read`), the caller's row, whether the token's client is a first-party runtime,
 * the caller's connections (first 1,000 by tag, as `connectedPeople`), the andees the references
 * name as &tags (the strangers a reference may mean), and the signals the caller may see of the
 * people the answer will most likely be about — the caller and those &tagged andees, or for an
 * audience question the connections — under exactly the rule of visibility.ts. ask-question.ts
 * uses those signals only when the people it resolved are among them as read here; otherwise it
 * reads them again. Nothing but the guard row comes back when the condition fails.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { AmpersandDatabase } from '../store/schema.ts';
import { parseTag } from '../andees/tags.ts';
import type { Person } from './connections.ts';
import type { Viewer, VisibleSignal } from './visibility.ts';

const CONNECTIONS_LIMIT = 1000;
/** As visibleSignals' default. */
export const SIGNALS_LIMIT = 2000;

export interface AskContext {
  caller: Person;
  viewer: Viewer;
  connections: Person[];
  /** The andees other than the caller whose tag one of the references parses to, and whether each is connected to the caller. */
  tagged: Array<Person & { connected: boolean }>;
  /** The visible signals of the prefetched owners (`about`: the caller and `tagged`; `audience`: `connections`), newest first, at most SIGNALS_LIMIT. */
  signals: VisibleSignal[];
}

interface ContextRow {
  allowed: boolean;
  kind: 'caller' | 'connection' | 'tagged' | 'signal' | null;
  position: number | string | null;
  andee_id: string;
  /** A person's display name; a signal's text. */
  name: string;
  /** A person's tag; a signal's HDS code. */
  label: string | null;
  /** A person's photo; a signal's visibility. */
  detail: string | null;
  /** The caller's first-party flag; a tagged andee's connectedness. */
  flag: boolean | null;
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
  mode: 'about' | 'audience',
  condition: RawBuilder<boolean>,
): Promise<AskContext | undefined> {
  const tags = referencedTags(references);
  // Without a client id there is no first-party runtime (FirstPartyClients.isFirstParty).
  const firstParty = clientId ? sql<boolean>`exists (select 1 from first_party_clients where client_id = ${clientId})` : sql<boolean>`false`;
  const tagged = tags.length
    ? sql`select a.andee_id, a.display_name, a.tag, a.photo_url,
          exists (select 1 from connections k where k.andee_id = ${andeeId} and k.other_id = a.andee_id) as connected
        from andees a, guard
        where guard.allowed and a.tag in (${sql.join(tags)}) and a.andee_id <> ${andeeId}`
    : sql`select null::text as andee_id, null::text as display_name, null::text as tag, null::text as photo_url, false as connected where false`;
  const owners =
    mode === 'audience'
      ? sql`select andee_id, true as connected from conn`
      : sql`select ${andeeId}::text as andee_id, false as connected union all select andee_id, connected from tagged`;
  const { rows } = await sql<ContextRow>`
    with guard as (select ${condition} as allowed),
    fp as (select ${firstParty} as first_party),
    conn as (
      select a.andee_id, a.display_name, a.tag, a.photo_url, row_number() over (order by a.tag) as position
      from connections k join andees a on a.andee_id = k.other_id, guard
      where guard.allowed and k.andee_id = ${andeeId}
      order by a.tag
      limit ${CONNECTIONS_LIMIT}),
    tagged as (${tagged}),
    owners as (${owners}),
    sig as (
      -- visibility.ts, visibleLevels: a third-party client sees public only, the owner's too;
      -- through a first-party runtime the owner sees everything, an active connection connected
      -- and public, anyone else public only.
      select f.andee_id, f.value, f.hds_code, f.visibility, row_number() over (order by f.created_at desc, f.fact_id) as position
      from identity_facts f join owners o on o.andee_id = f.andee_id, fp, guard
      where guard.allowed and f.status = 'approved'
        and (case when not fp.first_party then f.visibility = 'public'
                  when o.andee_id = ${andeeId} then f.visibility in ('private', 'connected', 'public')
                  when o.connected then f.visibility in ('connected', 'public')
                  else f.visibility = 'public' end)
      order by f.created_at desc, f.fact_id
      limit ${SIGNALS_LIMIT})
    select guard.allowed, r.kind, r.position, r.andee_id, r.name, r.label, r.detail, r.flag
    from guard
    left join lateral (
      select 'caller' as kind, 0::bigint as position, a.andee_id, a.display_name as name, a.tag as label, a.photo_url as detail, fp.first_party as flag
        from andees a, fp
        where guard.allowed and a.andee_id = ${andeeId}
      union all
      select 'connection', position, andee_id, display_name, tag, photo_url, null from conn
      union all
      select 'tagged', null, andee_id, display_name, tag, photo_url, connected from tagged
      union all
      select 'signal', position, andee_id, value, hds_code, visibility, null from sig
    ) r on true`.execute(db);
  const me = rows.find((r) => r.kind === 'caller');
  if (!rows[0]?.allowed || !me) return undefined;
  const byPosition = (a: ContextRow, b: ContextRow) => Number(a.position) - Number(b.position);
  return {
    caller: toPerson(me),
    viewer: { andeeId: me.andee_id, firstParty: me.flag === true },
    connections: rows
      .filter((r) => r.kind === 'connection')
      .sort(byPosition)
      .map(toPerson),
    tagged: rows.filter((r) => r.kind === 'tagged').map((r) => ({ ...toPerson(r), connected: r.flag === true })),
    signals: rows
      .filter((r) => r.kind === 'signal')
      .sort(byPosition)
      .map((r) => ({ andeeId: r.andee_id, text: r.name, hdsCode: r.label, visibility: r.detail as VisibleSignal['visibility'] })),
  };
}

function toPerson(r: ContextRow): Person {
  return { andeeId: r.andee_id, name: r.name, tag: r.label!, photoUrl: r.detail };
}
