/**
 * A Loop's items (its artifacts): content as surface blocks plus a plain fallback, reference-only
 * grounding (the ids of signals or evidence it rests on, never the evidence), provenance (the run
 * and the exact skill release that wrote it) and visibility. An update keeps the previous version
 * in the item's history. What is not a durable artifact is refused before anything is written.
 * Writing what the Loop already holds is idempotent (spec "Deepening": deduplicate against the
 * existing artifacts): the same item again returns the one stored, an update that changes nothing
 * makes no new version — under the Loop's row lock, so concurrent identical writes store one.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { AmpersandDatabase } from '../store/schema.ts';
import { admissionRefusal } from './item-admission.ts';
import { canonicalJson } from '@agent-products/kit/json';
import { ampersandErrors } from '../errors.ts';
import type { LoopTables } from '../store/loop-tables.ts';
import type { SurfaceBlock } from '../contracts/surface-contract.ts';
import { HISTORY_SHOWN } from '../contracts/loop-contracts.ts';

export interface ItemInput {
  itemId?: string | undefined;
  kind: string;
  title: string;
  blocks: SurfaceBlock[];
  fallbackText: string;
  grounding?: string[] | undefined;
  /** Only & itself sets it (an item from the andee's own identity, seen by the owner only); a new item is `members` otherwise. */
  visibility?: 'members' | 'owner' | undefined;
}

export interface Provenance {
  runId: string;
  skillId: string;
  version: number;
  digest: string;
}

export interface ItemView {
  itemId: string;
  kind: string;
  title: string;
  blocks: SurfaceBlock[];
  fallbackText: string;
  grounding: string[];
  provenance: Provenance | null;
  author: 'agent' | 'andee';
  visibility: 'members' | 'owner';
  version: number;
  createdAt: string;
  updatedAt: string;
}

type Db = Kysely<AmpersandDatabase> | Transaction<AmpersandDatabase>;

/** `changed` is false when the Loop already held exactly this content: nothing was written. */
export interface Written {
  item: ItemView;
  created: boolean;
  changed: boolean;
}

function admit(item: ItemInput): void {
  const refusal = admissionRefusal(item.title, item.blocks, item.fallbackText);
  if (refusal) throw ampersandErrors.fail('item_not_admitted', refusal.message, { reason: refusal.reason });
}

/**
 * Stores a new item, or returns the one already holding exactly this content (`created: false`);
 * inside the caller's transaction when given one, else in its own. A writer who is not the Loop's
 * owner is matched only against items members see, so a write never answers with an owner-only item.
 */
export async function insertItem(
  db: Db,
  loopId: string,
  author: 'agent' | 'andee',
  item: ItemInput,
  provenance: Provenance | null,
  now: Date,
  writerIsOwner = true,
): Promise<Written> {
  admit(item);
  return inTransaction(db, async (trx) => {
    await lockLoop(trx, loopId);
    const same = await trx
      .selectFrom('loop_items')
      .selectAll()
      .where('loop_id', '=', loopId)
      .where('author', '=', author)
      .where('kind', '=', item.kind)
      .where('title', '=', item.title)
      .where('fallback_text', '=', item.fallbackText)
      .where('content', '=', jsonb({ blocks: item.blocks }))
      .where('grounding', '=', jsonb(item.grounding ?? []))
      .where('visibility', 'in', writerIsOwner ? ['members', 'owner'] : ['members'])
      .orderBy('created_at')
      .limit(1)
      .executeTakeFirst();
    if (same) return { item: itemView(same), created: false, changed: false };
    const row: LoopTables['loop_items'] = {
      item_id: `item_${randomUUID()}`,
      loop_id: loopId,
      kind: item.kind,
      title: item.title,
      content: JSON.stringify({ blocks: item.blocks }),
      fallback_text: item.fallbackText,
      grounding: JSON.stringify(item.grounding ?? []),
      provenance: provenance ? JSON.stringify(provenance) : null,
      author,
      visibility: item.visibility ?? 'members',
      version: 1,
      created_at: now,
      updated_at: now,
    };
    await trx.insertInto('loop_items').values(row).execute();
    return { item: itemView(row), created: true, changed: true };
  });
}

/** Writes a new item, or with `itemId` a new version of one (its previous version kept in history); inside the caller's transaction when given one. */
export async function writeItem(
  db: Db,
  loopId: string,
  author: 'agent' | 'andee',
  item: ItemInput,
  provenance: Provenance | null,
  now: Date,
  writerIsOwner = true,
): Promise<Written> {
  if (!item.itemId) return insertItem(db, loopId, author, item, provenance, now, writerIsOwner);
  admit(item);
  const itemId = item.itemId;
  return inTransaction(db, async (trx) => {
    const current = await trx.selectFrom('loop_items').selectAll().where('item_id', '=', itemId).where('loop_id', '=', loopId).forUpdate().executeTakeFirst();
    if (!current) throw ampersandErrors.fail('item_not_found', `No item ${itemId} in this Loop.`, { itemId });
    if (unchanged(itemView(current), item)) return { item: itemView(current), created: false, changed: false };
    await trx
      .insertInto('loop_item_history')
      .values({
        item_id: itemId,
        version: current.version,
        title: current.title,
        content: json(current.content),
        fallback_text: current.fallback_text,
        provenance: current.provenance === null ? null : json(current.provenance),
        recorded_at: now,
      })
      .execute();
    const updated = await trx
      .updateTable('loop_items')
      .set({
        kind: item.kind,
        title: item.title,
        content: JSON.stringify({ blocks: item.blocks }),
        fallback_text: item.fallbackText,
        grounding: JSON.stringify(item.grounding ?? []),
        provenance: provenance ? JSON.stringify(provenance) : null,
        version: current.version + 1,
        updated_at: now,
      })
      .where('item_id', '=', itemId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { item: itemView(updated), created: false, changed: true };
  });
}

function inTransaction<T>(db: Db, work: (trx: Transaction<AmpersandDatabase>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<AmpersandDatabase>) : db.transaction().execute(work);
}

/** Writers of one Loop take turns, so two identical writes cannot both find nothing and both insert. */
async function lockLoop(trx: Transaction<AmpersandDatabase>, loopId: string): Promise<void> {
  await trx.selectFrom('loops').select('loop_id').where('loop_id', '=', loopId).forUpdate().execute();
}

/** Whether an update would store what the item already says (its visibility is set apart, by its owner). */
function unchanged(current: ItemView, next: ItemInput): boolean {
  return (
    current.kind === next.kind &&
    current.title === next.title &&
    current.fallbackText === next.fallbackText &&
    canonicalJson(current.blocks) === canonicalJson(next.blocks) &&
    canonicalJson(current.grounding) === canonicalJson(next.grounding ?? [])
  );
}

export async function setItemVisibility(
  db: Kysely<AmpersandDatabase>,
  loopId: string,
  itemId: string,
  visibility: 'members' | 'owner',
  now: Date,
): Promise<ItemView> {
  const current = await db.selectFrom('loop_items').selectAll().where('item_id', '=', itemId).where('loop_id', '=', loopId).executeTakeFirst();
  if (!current) throw ampersandErrors.fail('item_not_found', `No item ${itemId} in this Loop.`, { itemId });
  if (current.author !== 'agent')
    throw ampersandErrors.fail('not_agent_authored', 'This item was written by an andee; only agent-authored items change visibility here.', { itemId });
  const updated = await db
    .updateTable('loop_items')
    .set({ visibility, updated_at: now })
    .where('item_id', '=', itemId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return itemView(updated);
}

/** Items the viewer may see: members see `members` items; the owner sees every item. */
export async function listItems(db: Db, loopId: string, viewerIsOwner: boolean): Promise<ItemView[]> {
  let query = db.selectFrom('loop_items').selectAll().where('loop_id', '=', loopId);
  if (!viewerIsOwner) query = query.where('visibility', '=', 'members');
  return (await query.orderBy('created_at').orderBy('item_id').execute()).map(itemView);
}

/** An earlier version of an item, as its history shows it. */
export interface ItemVersion {
  version: number;
  title: string;
  fallbackText: string;
  provenance: Provenance | null;
  recordedAt: string;
}

export interface HistoryRow {
  item_id: string;
  version: number;
  title: string;
  fallback_text: string;
  provenance: unknown;
  recorded_at: Date | string;
}

/** Every earlier version of one item, oldest first. */
export async function itemHistory(db: Db, itemId: string): Promise<ItemVersion[]> {
  const rows = await db.selectFrom('loop_item_history').selectAll().where('item_id', '=', itemId).orderBy('version').execute();
  return rows.map(itemVersionOf);
}

/** The latest HISTORY_SHOWN earlier versions of each item, newest first, in one statement. */
export async function itemHistories(db: Db, itemIds: readonly string[]): Promise<Map<string, ItemVersion[]>> {
  const histories = new Map<string, ItemVersion[]>(itemIds.map((id) => [id, []]));
  if (itemIds.length === 0) return histories;
  const { rows } = await sql<HistoryRow>`
    select item_id, version, title, fallback_text, provenance, recorded_at from (
      select h.*, row_number() over (partition by item_id order by version desc) as place
      from loop_item_history h where item_id in (${sql.join(itemIds)})
    ) latest where place <= ${HISTORY_SHOWN} order by item_id, version desc`.execute(db);
  for (const row of rows) histories.get(row.item_id)?.push(itemVersionOf(row));
  return histories;
}

export function itemVersionOf(row: HistoryRow | Omit<HistoryRow, 'item_id'>): ItemVersion {
  return {
    version: row.version,
    title: row.title,
    fallbackText: row.fallback_text,
    provenance: row.provenance === null ? null : parse<Provenance>(row.provenance),
    recordedAt: new Date(row.recorded_at).toISOString(),
  };
}

function jsonb(value: unknown) {
  return sql<unknown>`${JSON.stringify(value)}::jsonb`;
}

function json(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function parse<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

export function itemView(row: LoopTables['loop_items']): ItemView {
  return {
    itemId: row.item_id,
    kind: row.kind,
    title: row.title,
    blocks: parse<{ blocks: SurfaceBlock[] }>(row.content).blocks,
    fallbackText: row.fallback_text,
    grounding: parse<string[]>(row.grounding),
    provenance: row.provenance === null ? null : parse<Provenance>(row.provenance),
    author: row.author,
    visibility: row.visibility,
    version: row.version,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}
