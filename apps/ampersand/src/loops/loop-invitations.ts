/**
 * Invitations to a Loop: the owner's share to someone who is not one of their connections. Being
 * added to someone's Loop is the invitee's choice, so a share to a stranger only invites them; the
 * invitation waits on their shelf (and in their notifications) until they accept — only then are
 * they a member, able to read it — or decline, which tells no one. Unsharing withdraws it.
 */
import type { Kysely, Transaction } from 'kysely';
import { ampersandErrors } from '../errors.ts';
import { invitationLink, type Notifications } from '../identity/notifications.ts';
import { newestFirst } from '../store/newest-first.ts';
import type { AmpersandDatabase } from '../store/schema.ts';

type Db = Kysely<AmpersandDatabase> | Transaction<AmpersandDatabase>;

/** An invitation waiting for the invitee, as their shelf shows it. */
export interface WaitingInvitation {
  loopId: string;
  title: string;
  owner: { tag: string; name: string };
  invitedAt: Date;
}

/** Someone invited to a Loop who has not answered yet, as its owner sees them. */
export interface Invitee {
  tag: string;
  name: string;
  since: string;
}

export class LoopInvitations {
  constructor(
    private readonly db: Kysely<AmpersandDatabase>,
    private readonly notifications: Notifications,
  ) {}

  /** Invites `inviteeId` to the owner's Loop and notifies them; false when they were already invited. */
  async invite(
    trx: Transaction<AmpersandDatabase>,
    loop: { loopId: string; title: string; owner: { tag: string; name: string } },
    ownerId: string,
    inviteeId: string,
    now: Date,
  ): Promise<boolean> {
    const inserted = await trx
      .insertInto('loop_invitations')
      .values({ loop_id: loop.loopId, andee_id: inviteeId, invited_by: ownerId, created_at: now })
      .onConflict((oc) => oc.columns(['loop_id', 'andee_id']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) !== 1) return false;
    await this.notifications.notify(
      trx,
      inviteeId,
      'loop_invitation',
      `${loop.owner.name} (${loop.owner.tag}) invited you to their Loop “${loop.title}”. Accept to see it; until then you are not a member.`,
      invitationLink(loop.loopId),
      now,
    );
    return true;
  }

  /** Withdraws a waiting invitation (the owner unshared); true when there was one. Its notification has nothing left to ask. */
  async withdraw(db: Db, loopId: string, inviteeId: string, now: Date): Promise<boolean> {
    const deleted = await db.deleteFrom('loop_invitations').where('loop_id', '=', loopId).where('andee_id', '=', inviteeId).executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) return false;
    await this.notifications.acted(db, inviteeId, 'loop_invitation', invitationLink(loopId), now);
    return true;
  }

  /** The invitations waiting for the andee, newest first, a page at a time (store/newest-first.ts). */
  async waitingPage(
    andeeId: string,
    options: { limit: number; after?: string | undefined },
  ): Promise<{ invitations: WaitingInvitation[]; next: string | undefined }> {
    const query = this.db
      .selectFrom('loop_invitations as i')
      .innerJoin('loops as l', 'l.loop_id', 'i.loop_id')
      .innerJoin('andees as o', 'o.andee_id', 'l.owner_id')
      .select(['i.loop_id', 'i.created_at', 'l.title', 'o.tag', 'o.display_name'])
      .where('i.andee_id', '=', andeeId);
    const page = await newestFirst(query, { at: 'i.created_at', id: 'i.loop_id' }, options);
    return {
      invitations: page.rows.map((r) => ({ loopId: r.loop_id, title: r.title, owner: { tag: `&${r.tag}`, name: r.display_name }, invitedAt: r.created_at })),
      next: page.next,
    };
  }

  /** Who was invited to the Loop and has not answered, the earliest first. */
  async invitees(loopId: string): Promise<Invitee[]> {
    const rows = await this.db
      .selectFrom('loop_invitations as i')
      .innerJoin('andees as a', 'a.andee_id', 'i.andee_id')
      .select(['a.tag', 'a.display_name', 'i.created_at'])
      .where('i.loop_id', '=', loopId)
      .orderBy('i.created_at')
      .orderBy('a.tag')
      .execute();
    return rows.map((r) => ({ tag: `&${r.tag}`, name: r.display_name, since: new Date(r.created_at).toISOString() }));
  }

  /** The invitee accepts: the invitation becomes their membership, and the owner is told. */
  async accept(andeeId: string, loopId: string, now: Date): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const taken = await this.take(trx, andeeId, loopId, now);
      await trx
        .insertInto('loop_members')
        .values({ loop_id: loopId, andee_id: andeeId, role: 'member', added_at: now })
        .onConflict((oc) => oc.columns(['loop_id', 'andee_id']).doNothing())
        .execute();
      await trx.updateTable('loops').set({ updated_at: now }).where('loop_id', '=', loopId).execute();
      const loop = await trx.selectFrom('loops').select('title').where('loop_id', '=', loopId).executeTakeFirstOrThrow();
      const invitee = await trx.selectFrom('andees').select(['tag', 'display_name']).where('andee_id', '=', andeeId).executeTakeFirstOrThrow();
      await this.notifications.notify(
        trx,
        taken.invited_by,
        'loop_invitation_accepted',
        `${invitee.display_name} (&${invitee.tag}) accepted your invitation to “${loop.title}” and is now a member.`,
        `/loops/${encodeURIComponent(loopId)}`,
        now,
      );
    });
  }

  /** The invitee declines: the invitation is gone, and no one is told (as a declined connection request). */
  async decline(andeeId: string, loopId: string, now: Date): Promise<void> {
    await this.db.transaction().execute((trx) => this.take(trx, andeeId, loopId, now));
  }

  private async take(trx: Transaction<AmpersandDatabase>, andeeId: string, loopId: string, now: Date) {
    const taken = await trx
      .deleteFrom('loop_invitations')
      .where('loop_id', '=', loopId)
      .where('andee_id', '=', andeeId)
      .returning('invited_by')
      .executeTakeFirst();
    // As loop_not_found everywhere else: a Loop one was not invited to is not visible to them.
    if (!taken) throw ampersandErrors.fail('loop_not_found', `No invitation to Loop ${loopId} is waiting for you.`, { loopId });
    await this.notifications.acted(trx, andeeId, 'loop_invitation', invitationLink(loopId), now);
    return taken;
  }
}
