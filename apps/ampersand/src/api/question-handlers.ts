/**
 * The domain functions behind the peer-question operations (contracts/question-operations.ts):
 * ask, the questions sent and waiting, answer, reject and withdraw. Writes run once under retries.
 */
import type { questionOperations } from '../contracts/question-operations.ts';
import type { QuestionDecisionOutput } from '../contracts/question-contracts.ts';
import type { OperationInput } from '../contracts/operations.ts';
import { ampersandErrors } from '../errors.ts';
import { areConnected } from '../identity/connections.ts';
import type { PeerQuestions } from '../identity/peer-questions.ts';
import type { ApiTokenDeps } from './api-token.ts';
import { checkedCursor, LIST_PAGE_SIZE } from './list-cursor.ts';
import type { OperationBindings, OperationCall } from './operation-routes.ts';
import { andeeByTag, personOf, writeOnce, type AreaDeps } from './route-kit.ts';

export interface QuestionHandlerDeps extends AreaDeps, ApiTokenDeps {
  questions: PeerQuestions;
}

export function questionHandlers(deps: QuestionHandlerDeps): OperationBindings<(typeof questionOperations)[number]['name']> {
  /** reject (a question to the caller) and withdraw (one the caller sent) take the same input and close the question alike. */
  async function close(
    how: 'reject' | 'withdraw',
    { idempotencyKey, ...args }: OperationInput<'questions_reject'>,
    { operation, caller: me }: OperationCall,
  ): Promise<QuestionDecisionOutput> {
    const caller = await me();
    const now = deps.now();
    return writeOnce(deps.db, { accountId: caller.andeeId, operation, idempotencyKey }, args, now, async (trx) => {
      if (how === 'reject') await deps.questions.reject(trx, caller.andeeId, args.questionId);
      else await deps.questions.withdraw(trx, caller.andeeId, args.questionId);
      return { questionId: args.questionId, status: how === 'reject' ? 'rejected' : 'withdrawn', pendingSignalId: null };
    });
  }

  return {
    ask_andee: async ({ idempotencyKey, ...args }, { operation, caller: me }) => {
      const caller = await me();
      const to = await andeeByTag(deps.andees, args.tag);
      if (to.andeeId === caller.andeeId || !(await areConnected(deps.db, caller.andeeId, to.andeeId))) {
        throw ampersandErrors.fail('not_connected', `&${to.tag} is not one of your active connections; a question goes only to a connection.`);
      }
      const now = deps.now();
      return writeOnce(deps.db, { accountId: caller.andeeId, operation, idempotencyKey }, { tag: to.tag, question: args.question }, now, async (trx) => {
        const asked = await deps.questions.ask(trx, personOf(caller), to, args.question);
        return { questionId: asked.questionId, to: { name: to.name, tag: `&${to.tag}` }, status: 'pending' as const, expiresAt: asked.expiresAt };
      });
    },

    questions_list: async ({ cursor }, { caller }) => {
      const page = await deps.questions.sentPage((await caller()).andeeId, { limit: LIST_PAGE_SIZE, after: checkedCursor(cursor) });
      return { questions: page.questions, nextCursor: page.next ?? null };
    },

    questions_withdraw: (input, call) => close('withdraw', input, call),

    questions_pending: async ({ cursor }, { caller }) => {
      const page = await deps.questions.openPage((await caller()).andeeId, { limit: LIST_PAGE_SIZE, after: checkedCursor(cursor) });
      return { questions: page.questions, nextCursor: page.next ?? null };
    },

    questions_answer: async ({ idempotencyKey, ...args }, { operation, caller: me }) => {
      const caller = await me();
      const now = deps.now();
      return writeOnce(deps.db, { accountId: caller.andeeId, operation, idempotencyKey }, args, now, async (trx) => {
        const answered = await deps.questions.answer(trx, personOf(caller), args.questionId, args.answer, caller.clientId);
        return { questionId: args.questionId, status: 'answered' as const, pendingSignalId: answered.signalId };
      });
    },

    questions_reject: (input, call) => close('reject', input, call),
  };
}
