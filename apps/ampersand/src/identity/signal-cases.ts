/**
 * The signal use case behind identity_write: a fact the caller's agent writes about them. It is
 * pending in their review queue, unless it matches what the andee said in the current chat turn
 * (then it is approved at once); the exact fact already held writes nothing. Written once under
 * retries (store/write-once.ts).
 */
import type { Kysely } from 'kysely';
import type { Caller } from '../andees/caller.ts';
import type { OperationInput, OperationOutput } from '../contracts/operations.ts';
import type { AmpersandDatabase } from '../store/schema.ts';
import { writeOnce } from '../store/write-once.ts';
import type { IdentitySignals } from './identity-signals.ts';

export interface SignalCaseDeps {
  db: Kysely<AmpersandDatabase>;
  signals: IdentitySignals;
}

export function signalCases(deps: SignalCaseDeps) {
  return {
    /** `turn`: the chat turn the value was matched to (turn-message-matcher.ts), when it was. */
    async write(
      caller: Caller,
      { idempotencyKey, ...args }: OperationInput<'identity_write'>,
      now: Date,
      turn: { turnId: string } | undefined,
    ): Promise<OperationOutput<'identity_write'>> {
      return writeOnce(deps.db, { accountId: caller.andeeId, operation: 'identity_write', idempotencyKey }, args, now, async (trx) => {
        const outcome = await deps.signals.write(
          caller.andeeId,
          {
            value: args.value,
            status: turn ? 'approved' : 'pending',
            provenance: turn ? { source: 'turn', clientId: caller.clientId, turnId: turn.turnId } : { source: 'mcp', clientId: caller.clientId },
          },
          now,
          trx,
        );
        if (!outcome.written) {
          return {
            written: false,
            status: outcome.duplicateOf.status,
            signalId: outcome.duplicateOf.signalId,
            hdsCode: outcome.duplicateOf.hdsCode,
            message: `Nothing was written: this exact fact is already ${outcome.duplicateOf.status === 'approved' ? 'part of the identity' : 'waiting in the review queue'}.`,
          };
        }
        const signal = outcome.signal;
        return {
          written: true,
          status: turn ? 'approved' : 'pending',
          signalId: signal.signalId,
          hdsCode: signal.hdsCode,
          message: turn
            ? `Saved and approved: it matches what the andee said in this chat turn (filed under ${signal.hdsCode}).`
            : `Saved as pending (filed under ${signal.hdsCode}): it becomes part of the identity once the andee approves it in their review queue.`,
        };
      });
    },
  };
}
