/**
 * Loops as durable objects: birth with reuse before create (the exact title and skill id of an
 * existing Loop of the caller's return it, never a second one — the database's unique key
 * settles concurrent births), the shelf, membership (sharing grants access; item visibility never
 * does; a share to someone who is not the owner's connection only invites them,
 * loop-invitations.ts), and archiving (off the active shelf, history kept). Every read resolves
 * the one Loop id.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { AmpersandDatabase } from '../store/schema.ts';
import { newestFirst, readCursor } from '../store/newest-first.ts';
import { ampersandErrors } from '../errors.ts';
import type { LoopTables } from '../store/loop-tables.ts';
import { areConnected } from '../identity/connections.ts';
import { Notifications } from '../identity/notifications.ts';
import { requireGrounding } from './loop-grounding.ts';
import { insertItem, type ItemInput } from './loop-items.ts';
import { LoopInvitations } from './loop-invitations.ts';

/** Loops on one page of loop_read's shelf (both lists together). */
export const SHELF_PAGE = 200;

export type LoopRow = LoopTables['loops'];

export interface LoopSummary {
  loopId: string;
  title: string;
  renderer: string;
  skillId: string;
  skill: { version: number; digest: string } | null;
  owner: { tag: string; name: string };
  role: 'owner' | 'member';
  archived: boolean;
  createdAt: string;
  updatedAt: string;
}

/** The columns a Loop's summary is made of, as the reads that join its member, owner and skill select them. */
export interface LoopSummaryRow {
  loop_id: string;
  title: string;
  renderer: string;
  skill_id: string;
  skill_version: number | null;
  digest: string | null;
  tag: string;
  display_name: string;
  role: 'owner' | 'member';
  archived_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export function loopSummaryOf(row: LoopSummaryRow): LoopSummary {
  return {
    loopId: row.loop_id,
    title: row.title,
    renderer: row.renderer,
    skillId: row.skill_id,
    skill: row.skill_version !== null && row.digest ? { version: row.skill_version, digest: row.digest } : null,
    owner: { tag: `&${row.tag}`, name: row.display_name },
    role: row.role,
    archived: row.archived_at !== null,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export interface CreateLoopInput {
  title: string;
  renderer: string;
  skillId: string;
  seedItems?: ItemInput[];
}

/** Loops the andee is a member of, each with its owner and pinned skill release, as summaries read them. */
function summaryRows(db: Kysely<AmpersandDatabase> | Transaction<AmpersandDatabase>, andeeId: string) {
  return db
    .selectFrom('loops as l')
    .innerJoin('loop_members as m', (j) => j.onRef('m.loop_id', '=', 'l.loop_id').on('m.andee_id', '=', andeeId))
    .innerJoin('andees as o', 'o.andee_id', 'l.owner_id')
    .leftJoin('skill_releases as s', (j) => j.onRef('s.skill_id', '=', 'l.skill_id').onRef('s.version', '=', 'l.skill_version'))
    .select([
      'l.loop_id',
      'l.title',
      'l.renderer',
      'l.skill_id',
      'l.skill_version',
      'l.archived_at',
      'l.created_at',
      'l.updated_at',
      'm.role',
      'o.tag',
      'o.display_name',
      's.digest',
    ]);
}

/**
 * What a share did: `member` — the andee is a member (added now when `changed`); `invited` — they
 * are not the owner's connection, so they were invited (now when `changed`) and become a member
 * only if they accept.
 */
export interface ShareOutcome {
  status: 'member' | 'invited';
  changed: boolean;
}

export class Loops {
  readonly invitations: LoopInvitations;

  constructor(private readonly db: Kysely<AmpersandDatabase>) {
    this.invitations = new LoopInvitations(db, new Notifications(db));
  }

  async create(ownerId: string, input: CreateLoopInput, now: Date): Promise<{ loop: LoopSummary; reused: boolean }> {
    for (const item of input.seedItems ?? []) await requireGrounding(this.db, ownerId, item.grounding);
    const created = await this.db.transaction().execute(async (trx) => {
      const loopId = `loop_${randomUUID()}`;
      const inserted = await trx
        .insertInto('loops')
        .values({
          loop_id: loopId,
          owner_id: ownerId,
          title: input.title,
          renderer: input.renderer,
          skill_id: input.skillId,
          skill_version: null,
          composition: null,
          archived_at: null,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.columns(['owner_id', 'title', 'skill_id']).doNothing())
        .returning('loop_id')
        .executeTakeFirst();
      if (!inserted) return undefined;
      await trx.insertInto('loop_members').values({ loop_id: loopId, andee_id: ownerId, role: 'owner', added_at: now }).execute();
      for (const item of input.seedItems ?? []) await insertItem(trx, loopId, 'agent', item, null, now);
      return loopId;
    });
    if (created) return { loop: await this.summary(ownerId, created), reused: false };
    const existing = await this.db
      .selectFrom('loops')
      .select('loop_id')
      .where('owner_id', '=', ownerId)
      .where('title', '=', input.title)
      .where('skill_id', '=', input.skillId)
      .executeTakeFirstOrThrow();
    return { loop: await this.summary(ownerId, existing.loop_id), reused: true };
  }

  /** The Loop as the caller sees it; `loop_not_found` when it does not exist or they are not a member. */
  async summary(andeeId: string, loopId: string, db: Kysely<AmpersandDatabase> | Transaction<AmpersandDatabase> = this.db): Promise<LoopSummary> {
    const row = await summaryRows(db, andeeId).where('l.loop_id', '=', loopId).executeTakeFirst();
    if (!row) throw ampersandErrors.fail('loop_not_found', `No Loop ${loopId} is visible to you.`, { loopId });
    return loopSummaryOf(row);
  }

  /**
   * One page of the caller's active or archived Loops, most recently changed first (the web
   * shelf's lists, store/newest-first.ts): every Loop is reachable, page by page, however many.
   */
  async shelfPage(
    andeeId: string,
    which: 'active' | 'archived',
    options: { limit: number; after?: string | undefined },
  ): Promise<{ loops: LoopSummary[]; next: string | undefined }> {
    const query = summaryRows(this.db, andeeId).where('l.archived_at', which === 'active' ? 'is' : 'is not', null);
    const page = await newestFirst(query, { at: 'l.updated_at', id: 'l.loop_id' }, options);
    return { loops: page.rows.map(loopSummaryOf), next: page.next };
  }

  /**
   * loop_read's shelf: a page of the caller's Loops, active and archived together, most recently
   * changed first (store/newest-first.ts), split into the two lists; `nextCursor` continues it.
   */
  async shelf(andeeId: string, after?: string): Promise<{ active: LoopSummary[]; archived: LoopSummary[]; nextCursor: string | null }> {
    // An agent paging on a cursor that read as the first page would never reach the end.
    if (after !== undefined && !readCursor(after))
      throw ampersandErrors.fail('invalid_arguments', 'The shelfCursor is not one this server issued.', {
        fields: [{ field: 'shelfCursor', problem: 'is not a cursor from shelf.nextCursor' }],
      });
    const page = await newestFirst(summaryRows(this.db, andeeId), { at: 'l.updated_at', id: 'l.loop_id' }, { limit: SHELF_PAGE, after });
    const loops = page.rows.map(loopSummaryOf);
    return { active: loops.filter((l) => !l.archived), archived: loops.filter((l) => l.archived), nextCursor: page.next ?? null };
  }

  async members(andeeId: string, loopId: string): Promise<Array<{ tag: string; name: string; role: 'owner' | 'member'; since: string }>> {
    await this.summary(andeeId, loopId);
    const rows = await this.db
      .selectFrom('loop_members as m')
      .innerJoin('andees as a', 'a.andee_id', 'm.andee_id')
      .select(['a.tag', 'a.display_name', 'm.role', 'm.added_at'])
      .where('m.loop_id', '=', loopId)
      .orderBy('m.added_at')
      .execute();
    return rows.map((r) => ({ tag: `&${r.tag}`, name: r.display_name, role: r.role, since: new Date(r.added_at).toISOString() }));
  }

  async share(ownerId: string, loopId: string, tag: string, now: Date): Promise<ShareOutcome> {
    const { loop, other } = await this.ownedAndTarget(ownerId, loopId, tag);
    return this.db.transaction().execute(async (trx): Promise<ShareOutcome> => {
      const member = await trx.selectFrom('loop_members').select('role').where('loop_id', '=', loopId).where('andee_id', '=', other).executeTakeFirst();
      if (member) return { status: 'member', changed: false };
      if (!(await areConnected(trx, ownerId, other))) return { status: 'invited', changed: await this.invitations.invite(trx, loop, ownerId, other, now) };
      const result = await trx
        .insertInto('loop_members')
        .values({ loop_id: loopId, andee_id: other, role: 'member', added_at: now })
        .onConflict((oc) => oc.columns(['loop_id', 'andee_id']).doNothing())
        .executeTakeFirst();
      // Invited before they were connected: the membership answers that invitation too.
      await this.invitations.withdraw(trx, loopId, other, now);
      await this.touch(loopId, now, trx);
      return { status: 'member', changed: Number(result.numInsertedOrUpdatedRows ?? 0n) === 1 };
    });
  }

  /** Removes a member, or withdraws an invitation still waiting for them; `removed` when either was there. */
  async unshare(ownerId: string, loopId: string, tag: string, now: Date): Promise<{ removed: boolean }> {
    const { other } = await this.ownedAndTarget(ownerId, loopId, tag);
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .deleteFrom('loop_members')
        .where('loop_id', '=', loopId)
        .where('andee_id', '=', other)
        .where('role', '=', 'member')
        .executeTakeFirst();
      const withdrawn = await this.invitations.withdraw(trx, loopId, other, now);
      await this.touch(loopId, now, trx);
      return { removed: Number(result.numDeletedRows) === 1 || withdrawn };
    });
  }

  async archive(ownerId: string, loopId: string, archived: boolean, now: Date): Promise<LoopSummary> {
    await this.requireOwner(ownerId, loopId);
    await this.db
      .updateTable('loops')
      .set({ archived_at: archived ? now : null, updated_at: now })
      .where('loop_id', '=', loopId)
      .execute();
    return this.summary(ownerId, loopId);
  }

  async requireOwner(andeeId: string, loopId: string): Promise<LoopSummary> {
    const loop = await this.summary(andeeId, loopId);
    if (loop.role !== 'owner') throw ampersandErrors.fail('not_loop_owner', 'Only the Loop owner may do this.', { loopId });
    return loop;
  }

  async touch(loopId: string, now: Date, db: Kysely<AmpersandDatabase> | Transaction<AmpersandDatabase> = this.db): Promise<void> {
    await db.updateTable('loops').set({ updated_at: now }).where('loop_id', '=', loopId).execute();
  }

  private async ownedAndTarget(ownerId: string, loopId: string, tag: string): Promise<{ loop: LoopSummary; other: string }> {
    const loop = await this.requireOwner(ownerId, loopId);
    const bare = tag.replace(/^&/, '').toLowerCase();
    const other = await this.db.selectFrom('andees').select('andee_id').where('tag', '=', bare).executeTakeFirst();
    if (!other) throw ampersandErrors.fail('member_not_found', `No andee has the tag &${bare}.`, { tag });
    if (other.andee_id === ownerId)
      throw ampersandErrors.fail('invalid_arguments', 'The owner is always a member of their own Loop.', {
        fields: [{ field: 'tag', problem: 'is the owner' }],
      });
    return { loop, other: other.andee_id };
  }
}
