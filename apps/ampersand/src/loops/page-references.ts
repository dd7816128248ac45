/**
 * What a Loop or chat page refers to, looked up so it can say it in people's words: who wrote
 * each message an andee wrote and which client (runtime) wrote each run's ending (kept apart from
 * MessageView, so what the tools return about a conversation does not change), who started each
 * run, and which of the viewer's own facts an artifact quotes (so each quote links to the fact,
 * never shown by its id).
 */
import type { Kysely } from 'kysely';
import type { AmpersandDatabase } from '../store/schema.ts';

export interface MessageAuthor {
  andeeId: string;
  name: string;
}

export async function messageAuthors(db: Kysely<AmpersandDatabase>, messageIds: readonly string[]): Promise<Map<string, MessageAuthor>> {
  if (messageIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('conversation_messages as m')
    .innerJoin('andees as a', 'a.andee_id', 'm.author_id')
    .select(['m.message_id', 'a.andee_id', 'a.display_name'])
    .where('m.message_id', 'in', [...messageIds])
    .where('m.role', '=', 'andee')
    .execute();
  return new Map(rows.map((r) => [r.message_id, { andeeId: r.andee_id, name: r.display_name }]));
}

export interface ReplyClient {
  clientId: string;
  /** The andee the run was for: the client acted with their grant, so it is their app. */
  andeeId: string;
}

/** The client that wrote each of these messages that a runtime wrote (its run_outcome ended the run), by message id. */
export async function replyClients(db: Kysely<AmpersandDatabase>, messageIds: readonly string[]): Promise<Map<string, ReplyClient>> {
  if (messageIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('conversation_messages as m')
    .innerJoin('loop_runs as r', 'r.run_id', 'm.run_id')
    .select(['m.message_id', 'm.author_id', 'r.andee_id'])
    .where('m.message_id', 'in', [...messageIds])
    .where('m.role', '<>', 'andee')
    .where('m.author_id', 'is not', null)
    .execute();
  return new Map(rows.map((r) => [r.message_id, { clientId: r.author_id!, andeeId: r.andee_id }]));
}

/** The display names of these andees, by id (who started a run, who wrote a message). */
export async function andeeNames(db: Kysely<AmpersandDatabase>, andeeIds: readonly string[]): Promise<Map<string, string>> {
  const ids = [...new Set(andeeIds)];
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('andees').select(['andee_id', 'display_name']).where('andee_id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.andee_id, r.display_name]));
}

/** The viewer's own facts among these ids, by the quoted text a line cites them with (“…”), for linking each quote to the fact. */
export async function ownFactsByQuote(db: Kysely<AmpersandDatabase>, viewerId: string, factIds: readonly string[]): Promise<Map<string, string>> {
  const ids = [...new Set(factIds)];
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('identity_facts').select(['fact_id', 'value']).where('andee_id', '=', viewerId).where('fact_id', 'in', ids).execute();
  return new Map(rows.map((r) => [`“${r.value}”`, r.fact_id]));
}
