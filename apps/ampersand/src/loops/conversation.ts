/**
 * The canonical conversations, owned by the server: one per Loop, and one per andee for plain
 * agent chat (no Loop). Messages are numbered per conversation (each message's `seq` is the
 * conversation's version after it), so any client or engine can rebuild its view from here. An
 * append locks the conversation's owner row (the Loop, or the andee in agent chat), so concurrent
 * appends never share a number.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, SelectQueryBuilder, Transaction } from 'kysely';
import type { AmpersandDatabase } from '../store/schema.ts';
import type { LoopTables, TerminalState } from '../store/loop-tables.ts';

export interface MessageView {
  messageId: string;
  seq: number;
  role: 'andee' | 'agent' | 'system';
  body: string;
  runId: string | null;
  terminalState: TerminalState | null;
  correlationId: string | null;
  createdAt: string;
}

/** Which conversation: a Loop's, or the andee's plain agent chat. */
export type ConversationRef = { loopId: string } | { chatOf: string };

export interface NewMessage {
  role: MessageView['role'];
  body: string;
  authorId?: string;
  runId?: string;
  terminalState?: TerminalState;
  correlationId?: string;
}

export async function appendMessage(trx: Transaction<AmpersandDatabase>, where: ConversationRef, message: NewMessage, at: Date): Promise<MessageView> {
  const loopId = 'loopId' in where ? where.loopId : null;
  const chatAndeeId = 'chatOf' in where ? where.chatOf : null;
  if (loopId !== null) await trx.selectFrom('loops').select('loop_id').where('loop_id', '=', loopId).forUpdate().executeTakeFirstOrThrow();
  else await trx.selectFrom('andees').select('andee_id').where('andee_id', '=', chatAndeeId!).forUpdate().executeTakeFirstOrThrow();
  const last = await inConversation(
    trx.selectFrom('conversation_messages').select((eb) => eb.fn.max('seq').as('seq')),
    where,
  ).executeTakeFirst();
  const row = {
    message_id: `msg_${randomUUID()}`,
    loop_id: loopId,
    chat_andee_id: chatAndeeId,
    seq: Number(last?.seq ?? 0) + 1,
    role: message.role,
    author_id: message.authorId ?? null,
    body: message.body,
    run_id: message.runId ?? null,
    terminal_state: message.terminalState ?? null,
    correlation_id: message.correlationId ?? null,
    created_at: at,
  };
  await trx.insertInto('conversation_messages').values(row).execute();
  return messageView(row);
}

export async function listMessages(db: Kysely<AmpersandDatabase>, where: string | ConversationRef, limit = 200): Promise<MessageView[]> {
  const ref = typeof where === 'string' ? { loopId: where } : where;
  const rows = await inConversation(db.selectFrom('conversation_messages').selectAll(), ref).orderBy('seq', 'desc').limit(limit).execute();
  return rows.reverse().map(messageView);
}

/** A page of a conversation as the person's pages show it. */
export interface ConversationPage {
  /** Oldest first, the newest of them last. */
  messages: MessageView[];
  /** The `seq` to ask for the page before this one with, or undefined when this page starts the conversation. */
  earlier: number | undefined;
  /** This page ends with the conversation's newest message (it was asked for without `before`). */
  newest: boolean;
}

/** `limit` messages before `before` (the newest `limit` without it), through the conversation's (loop or chat, seq) index. */
export async function conversationPage(
  db: Kysely<AmpersandDatabase>,
  where: string | ConversationRef,
  page: { limit: number; before?: number | undefined },
): Promise<ConversationPage> {
  const ref = typeof where === 'string' ? { loopId: where } : where;
  let query = inConversation(db.selectFrom('conversation_messages').selectAll(), ref);
  if (page.before !== undefined) query = query.where('seq', '<', page.before);
  const rows = await query
    .orderBy('seq', 'desc')
    .limit(page.limit + 1)
    .execute();
  const shown = rows.slice(0, page.limit).reverse();
  return { messages: shown.map(messageView), earlier: rows.length > page.limit ? shown[0]!.seq : undefined, newest: page.before === undefined };
}

function inConversation<Q extends SelectQueryBuilder<AmpersandDatabase, 'conversation_messages', any>>(query: Q, where: ConversationRef): Q {
  return ('loopId' in where ? query.where('loop_id', '=', where.loopId) : query.where('chat_andee_id', '=', where.chatOf)) as Q;
}

export function messageView(row: LoopTables['conversation_messages']): MessageView {
  return {
    messageId: row.message_id,
    seq: row.seq,
    role: row.role,
    body: row.body,
    runId: row.run_id,
    terminalState: row.terminal_state,
    correlationId: row.correlation_id,
    createdAt: new Date(row.created_at).toISOString(),
  };
}
