/**
 * A Loop's canonical conversation, owned by the server: messages numbered per Loop (each
 * message's `seq` is the conversation's version after it), so any client or engine can rebuild
 * its view from here. An append locks the Loop row, so concurrent appends never share a number.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { AmpersandDatabase } from '../store/schema.ts';
import type { LoopTables, TerminalState } from './loop-tables.ts';

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

export interface NewMessage {
  role: MessageView['role'];
  body: string;
  authorId?: string;
  runId?: string;
  terminalState?: TerminalState;
  correlationId?: string;
}

export async function appendMessage(trx: Transaction<AmpersandDatabase>, loopId: string, message: NewMessage, at: Date): Promise<MessageView> {
  await trx.selectFrom('loops').select('loop_id').where('loop_id', '=', loopId).forUpdate().executeTakeFirstOrThrow();
  const last = await trx.selectFrom('conversation_messages').select((eb) => eb.fn.max('seq').as('seq')).where('loop_id', '=', loopId).executeTakeFirst();
  const row = {
    message_id: `msg_${randomUUID()}`,
    loop_id: loopId,
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

export async function listMessages(db: Kysely<AmpersandDatabase>, loopId: string, limit = 200): Promise<MessageView[]> {
  const rows = await db.selectFrom('conversation_messages').selectAll().where('loop_id', '=', loopId).orderBy('seq', 'desc').limit(limit).execute();
  return rows.reverse().map(messageView);
}

function messageView(row: LoopTables['conversation_messages']): MessageView {
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
