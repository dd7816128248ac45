/**
 * The peer-question operations (contracts/question-operations.ts) bound to their use cases
 * (identity/question-cases.ts) with the token's andee as the caller.
 */
import type { questionOperations } from '../contracts/question-operations.ts';
import type { PeerQuestions } from '../identity/peer-questions.ts';
import { questionCases } from '../identity/question-cases.ts';
import type { ApiTokenDeps } from './api-token.ts';
import type { OperationBindings } from './operation-routes.ts';
import type { AreaDeps } from './route-kit.ts';

export interface QuestionHandlerDeps extends AreaDeps, ApiTokenDeps {
  questions: PeerQuestions;
}

export function questionHandlers(deps: QuestionHandlerDeps): OperationBindings<(typeof questionOperations)[number]['name']> {
  const cases = questionCases(deps);
  return {
    ask_andee: async (input, { caller }) => cases.ask(await caller(), input, deps.now()),
    questions_list: async (input, { caller }) => cases.sent(await caller(), input),
    questions_withdraw: async (input, { caller }) => cases.withdraw(await caller(), input, deps.now()),
    questions_pending: async (input, { caller }) => cases.pending(await caller(), input),
    questions_answer: async (input, { caller }) => cases.answer(await caller(), input, deps.now()),
    questions_reject: async (input, { caller }) => cases.reject(await caller(), input, deps.now()),
  };
}
