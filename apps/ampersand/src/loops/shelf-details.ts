/**
 * What a shelf card shows beside a Loop's title, for every Loop on the shelf in three statements
 * (not three per Loop): its newest artifact the viewer may see, its members, and how its last
 * run went. Item visibility holds here as on the Loop page: an owner-only item is the owner's.
 */
import type { Kysely } from 'kysely';
import type { AmpersandDatabase } from '../store/schema.ts';
import type { RunState } from '../store/loop-tables.ts';

export interface ShelfDetails {
  lastArtifact: { title: string; updatedAt: Date } | undefined;
  members: Array<{ tag: string; name: string; role: 'owner' | 'member' }>;
  lastRun: { state: RunState; startedAt: Date } | undefined;
}

export async function shelfDetails(
  db: Kysely<AmpersandDatabase>,
  loops: ReadonlyArray<{ loopId: string; role: 'owner' | 'member' }>,
): Promise<Map<string, ShelfDetails>> {
  const details = new Map<string, ShelfDetails>(loops.map((l) => [l.loopId, { lastArtifact: undefined, members: [], lastRun: undefined }]));
  if (loops.length === 0) return details;
  const ids = loops.map((l) => l.loopId);
  const owned = loops.filter((l) => l.role === 'owner').map((l) => l.loopId);
  const [items, members, runs] = await Promise.all([
    db
      .selectFrom('loop_items')
      .select(['loop_id', 'title', 'updated_at'])
      .distinctOn('loop_id')
      .where('loop_id', 'in', ids)
      .where((eb) => (owned.length ? eb.or([eb('visibility', '=', 'members'), eb('loop_id', 'in', owned)]) : eb('visibility', '=', 'members')))
      .orderBy('loop_id')
      .orderBy('updated_at', 'desc')
      .execute(),
    db
      .selectFrom('loop_members as m')
      .innerJoin('andees as a', 'a.andee_id', 'm.andee_id')
      .select(['m.loop_id', 'a.tag', 'a.display_name', 'm.role'])
      .where('m.loop_id', 'in', ids)
      .orderBy('m.loop_id')
      .orderBy('m.added_at')
      .execute(),
    db
      .selectFrom('loop_runs')
      .select(['loop_id', 'state', 'started_at'])
      .distinctOn('loop_id')
      .where('loop_id', 'in', ids)
      .orderBy('loop_id')
      .orderBy('started_at', 'desc')
      .execute(),
  ]);
  for (const i of items) details.get(i.loop_id)!.lastArtifact = { title: i.title, updatedAt: new Date(i.updated_at) };
  for (const m of members) details.get(m.loop_id)!.members.push({ tag: `&${m.tag}`, name: m.display_name, role: m.role });
  for (const r of runs) if (r.loop_id) details.get(r.loop_id)!.lastRun = { state: r.state, startedAt: new Date(r.started_at) };
  return details;
}
