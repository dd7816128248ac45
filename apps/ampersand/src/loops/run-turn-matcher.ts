/**
 * The run token's part in `identity_write` (the seam identity/turn-message-matcher.ts defines): a
 * write is approved at once only when the request carries a valid run token for the andee's
 * running turn and the value is, exactly, a sentence of the server-owned message the andee sent
 * to start that turn. Anything else — no token, an ended run, a paraphrase — stays pending.
 */
import type { Kysely } from 'kysely';
import { ToolError } from '@agent-products/kit/errors';
import type { TurnMessageMatcher } from '../identity/turn-message-matcher.ts';
import type { AmpersandDatabase } from '../store/schema.ts';
import type { RunTokens } from './run-token.ts';
import type { RunView } from './runs.ts';

export function runTurnMatcher(db: Kysely<AmpersandDatabase>, runTokens: RunTokens, now: () => Date): TurnMessageMatcher {
  return {
    async match({ andeeId, value, headers }) {
      const token = headers.get('x-run-token');
      if (!token) return undefined;
      let run: RunView;
      try {
        run = await runTokens.verify(token, andeeId, now());
      } catch (error) {
        if (error instanceof ToolError) return undefined;
        throw error;
      }
      const messageId = run.envelope.trigger.messageId;
      if (!messageId) return undefined;
      const message = await db.selectFrom('conversation_messages').select(['body', 'role', 'author_id']).where('message_id', '=', messageId).executeTakeFirst();
      if (message?.role !== 'andee' || message.author_id !== andeeId) return undefined;
      return sentencesOf(message.body).includes(value.trim()) ? { turnId: run.runId } : undefined;
    },
  };
}

/** The message and each of its sentences: a value must be one of them exactly, never a fragment. */
function sentencesOf(body: string): string[] {
  const whole = body.trim();
  const sentences = whole
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
  return [whole, ...sentences];
}
