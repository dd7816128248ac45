/**
 * What `loop_read` answers for one Loop — the caller's view of it, its composed surface, its
 * items (owner-only ones for the owner alone) each with its latest earlier versions, and its
 * latest conversation — read in one statement, because `loop_read` runs on every agent step and
 * each statement costs the embedded database a parse and a plan. By id (any Loop the caller is a member of) or by the exact title
 * and skill id of one they own. Each shape of the statement is built by Kysely once (kit
 * `compiledOnce`): building it was a sixth of the API's CPU per call.
 */
import type { Kysely } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { compiledOnce } from '@agent-products/kit/store';
import { grantedQuery, grantedRows } from '../auth/granted-read.ts';
import { hashedGrantId, liveGrantConditionByHash } from '../auth/grants.ts';
import type { AmpersandDatabase } from '../store/schema.ts';
import { messageView, type MessageView } from './conversation.ts';
import { compositionBlocks } from './loop-composition.ts';
import { HISTORY_SHOWN } from '../contracts/loop-contracts.ts';
import { itemVersionOf, itemView, type HistoryRow, type ItemView, type ItemVersion } from './loop-items.ts';
import { loopSummaryOf, type LoopSummary } from './loop-records.ts';
import type { LoopTables } from '../store/loop-tables.ts';
import type { SurfaceBlock } from '../contracts/surface-contract.ts';

/** An item as loop_read shows it: with its latest earlier versions, newest first. */
export type ItemWithHistory = ItemView & { history: ItemVersion[] };

export interface LoopView {
  summary: LoopSummary;
  composition: SurfaceBlock[];
  items: ItemWithHistory[];
  conversation: MessageView[];
}

type LoopKey = { loopId: string } | { title: string; skillId: string };

export async function readLoopView(db: Kysely<AmpersandDatabase>, andeeId: string, key: LoopKey, messages: number): Promise<LoopView | undefined> {
  const rows = 'loopId' in key ? await viewById(db, { andeeId, messages, ...key }) : await viewByTitle(db, { andeeId, messages, ...key });
  return rows[0] ? toLoopView(rows[0]) : undefined;
}

/** readLoopView carrying the check that the grant is live (api-token.ts `in-read`): undefined when it is not, else the view (or its absence). */
export async function readLoopViewIf(
  db: Kysely<AmpersandDatabase>,
  andeeId: string,
  key: LoopKey,
  messages: number,
  grant: { grantId: string; now: Date },
): Promise<{ view: LoopView | undefined } | undefined> {
  const values = { andeeId, messages, grantIdHash: hashedGrantId(grant.grantId), now: grant.now };
  const rows = grantedRows('loopId' in key ? await grantedViewById(db, { ...values, ...key }) : await grantedViewByTitle(db, { ...values, ...key }));
  return rows && { view: rows[0] ? toLoopView(rows[0]) : undefined };
}

interface ViewValues {
  andeeId: string;
  messages: number;
}
interface GrantValues {
  grantIdHash: string;
  now: Date;
}
type ById = { loopId: string };
type ByTitle = { title: string; skillId: string };

const viewById = compiledOnce((db, v: ViewValues & ById) => loopViewQuery(db, v.andeeId, { loopId: v.loopId }, v.messages));
const viewByTitle = compiledOnce((db, v: ViewValues & ByTitle) => loopViewQuery(db, v.andeeId, { title: v.title, skillId: v.skillId }, v.messages));
const grantedViewById = compiledOnce((db, v: ViewValues & GrantValues & ById) =>
  grantedQuery(liveGrantConditionByHash(v.grantIdHash, v.andeeId, v.now), loopViewQuery(db, v.andeeId, { loopId: v.loopId }, v.messages)),
);
const grantedViewByTitle = compiledOnce((db, v: ViewValues & GrantValues & ByTitle) =>
  grantedQuery(liveGrantConditionByHash(v.grantIdHash, v.andeeId, v.now), loopViewQuery(db, v.andeeId, { title: v.title, skillId: v.skillId }, v.messages)),
);

function loopViewQuery(db: Kysely<AmpersandDatabase>, andeeId: string, key: LoopKey, messages: number) {
  const query = db
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
      'l.composition',
      'l.archived_at',
      'l.created_at',
      'l.updated_at',
      'm.role',
      'o.tag',
      'o.display_name',
      's.digest',
    ])
    .select((eb) => [
      jsonArrayFrom(
        eb
          .selectFrom('loop_items as i')
          .selectAll('i')
          .select((ib) =>
            jsonArrayFrom(
              ib
                .selectFrom('loop_item_history as h')
                .select(['h.version', 'h.title', 'h.fallback_text', 'h.provenance', 'h.recorded_at'])
                .whereRef('h.item_id', '=', 'i.item_id')
                .orderBy('h.version', 'desc')
                .limit(HISTORY_SHOWN),
            ).as('history'),
          )
          .whereRef('i.loop_id', '=', 'l.loop_id')
          .where((w) => w.or([w('i.visibility', '=', 'members'), w('m.role', '=', 'owner')]))
          .orderBy('i.created_at')
          .orderBy('i.item_id'),
      ).as('items'),
      jsonArrayFrom(
        eb.selectFrom('conversation_messages as c').selectAll('c').whereRef('c.loop_id', '=', 'l.loop_id').orderBy('c.seq', 'desc').limit(messages),
      ).as('conversation'),
    ]);
  return 'loopId' in key
    ? query.where('l.loop_id', '=', key.loopId)
    : query.where('l.owner_id', '=', andeeId).where('l.title', '=', key.title).where('l.skill_id', '=', key.skillId);
}

function toLoopView(row: NonNullable<Awaited<ReturnType<ReturnType<typeof loopViewQuery>['executeTakeFirst']>>>): LoopView {
  return {
    summary: loopSummaryOf(row),
    composition: compositionBlocks(row.composition),
    // Rows come back as JSON: timestamps as strings, which the views read as dates.
    items: (row.items as unknown as Array<LoopTables['loop_items'] & { history: Array<Omit<HistoryRow, 'item_id'>> }>).map((item) => ({
      ...itemView(item),
      history: item.history.map(itemVersionOf),
    })),
    conversation: (row.conversation as unknown as Array<LoopTables['conversation_messages']>).map(messageView).reverse(),
  };
}
