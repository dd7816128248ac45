/**
 * The peer-question use cases, one function per operation (contracts/question-operations.ts):
 * ask, the questions sent and waiting, answer, reject and withdraw, for the API's token andee and
 * the web app's session andee alike. Writes run once under retries (store/write-once.ts);
 * refusals are thrown as & errors.
 */
import type { Kysely } from 'kysely';
import type { AndeeRepository } from '../andees/andee-repository.ts';
import { andeeByTag, personOf, type Caller } from '../andees/caller.ts';
import type { QuestionDecisionOutput } from '../contracts/question-contracts.ts';
import type { OperationInput, OperationOutput } from '../contracts/operations.ts';
import { ampersandErrors } from '../errors.ts';
import { checkedCursor, LIST_PAGE_SIZE } from '../store/list-cursor.ts';
import type { AmpersandDatabase } from '../store/schema.ts';
import { writeOnce } from '../store/write-once.ts';
import { areConnected } from './connections.ts';
import type { PeerQuestions } from './peer-questions.ts';

export interface QuestionCaseDeps {
  db: Kysely<AmpersandDatabase>;
  andees: AndeeRepository;
  questions: PeerQuestions;
}

export interface QuestionCases {
  ask(caller: Caller, input: OperationInput<'ask_andee'>, now: Date): Promise<OperationOutput<'ask_andee'>>;
  sent(caller: Caller, input: OperationInput<'questions_list'>): Promise<OperationOutput<'questions_list'>>;
  pending(caller: Caller, input: OperationInput<'questions_pending'>): Promise<OperationOutput<'questions_pending'>>;
  answer(caller: Caller, input: OperationInput<'questions_answer'>, now: Date): Promise<QuestionDecisionOutput>;
  reject(caller: Caller, input: OperationInput<'questions_reject'>, now: Date): Promise<QuestionDecisionOutput>;
  withdraw(caller: Caller, input: OperationInput<'questions_withdraw'>, now: Date): Promise<QuestionDecisionOutput>;
}

export function questionCases(deps: QuestionCaseDeps): QuestionCases {
  /** reject (a question to the caller) and withdraw (one the caller sent) take the same input and close the question alike. */
  async function close(how: 'reject' | 'withdraw', caller: Caller, { idempotencyKey, ...args }: OperationInput<'questions_reject'>, now: Date) {
    const operation = how === 'reject' ? 'questions_reject' : 'questions_withdraw';
    return writeOnce(deps.db, { accountId: caller.andeeId, operation, idempotencyKey }, args, now, async (trx): Promise<QuestionDecisionOutput> => {
      if (how === 'reject') await deps.questions.reject(trx, caller.andeeId, args.questionId);
      else await deps.questions.withdraw(trx, caller.andeeId, args.questionId);
      return { questionId: args.questionId, status: how === 'reject' ? 'rejected' : 'withdrawn', pendingSignalId: null };
    });
  }

  return {
    async ask(caller, { idempotencyKey, ...args }, now) {
      const to = await andeeByTag(deps.andees, args.tag);
      if (to.andeeId === caller.andeeId || !(await areConnected(deps.db, caller.andeeId, to.andeeId))) {
        throw ampersandErrors.fail('not_connected', `&${to.tag} is not one of your active connections; a question goes only to a connection.`);
      }
      const scope = { accountId: caller.andeeId, operation: 'ask_andee', idempotencyKey };
      return writeOnce(deps.db, scope, { tag: to.tag, question: args.question }, now, async (trx) => {
        const asked = await deps.questions.ask(trx, personOf(caller), to, args.question);
        return { questionId: asked.questionId, to: { name: to.name, tag: `&${to.tag}` }, status: 'pending' as const, expiresAt: asked.expiresAt };
      });
    },

    async sent(caller, { cursor }) {
      const page = await deps.questions.sentPage(caller.andeeId, { limit: LIST_PAGE_SIZE, after: checkedCursor(cursor) });
      return { questions: page.questions, nextCursor: page.next ?? null };
    },

    async pending(caller, { cursor }) {
      const page = await deps.questions.openPage(caller.andeeId, { limit: LIST_PAGE_SIZE, after: checkedCursor(cursor) });
      return { questions: page.questions, nextCursor: page.next ?? null };
    },

    async answer(caller, { idempotencyKey, ...args }, now) {
      return writeOnce(deps.db, { accountId: caller.andeeId, operation: 'questions_answer', idempotencyKey }, args, now, async (trx) => {
        const answered = await deps.questions.answer(trx, personOf(caller), args.questionId, args.answer, caller.clientId);
        return { questionId: args.questionId, status: 'answered' as const, pendingSignalId: answered.signalId };
      });
    },

    reject: (caller, input, now) => close('reject', caller, input, now),
    withdraw: (caller, input, now) => close('withdraw', caller, input, now),
  };
}
