/**
 * The peer-questions API. ask_andee, withdraw, reject need connections:write; questions_answer
 * needs both connections:write and signals:write (it changes a question and creates a signal);
 * questions_pending needs connections:read; questions_list accepts connections:read or
 * connections:write (callers checking on questions they were allowed to send).
 */
import { Hono, type Context } from 'hono';
import type { ApiEnv, ApiTokenDeps } from './api-token.ts';
import { requireApiToken } from './api-token.ts';
import { ampersandErrors } from '../errors.ts';
import { checkedCursor, LIST_PAGE_SIZE } from './list-cursor.ts';
import { pageInput } from '../contracts/page-contracts.ts';
import {
  askAndeeInput,
  questionIdInput,
  questionsAnswerInput,
  type AskAndeeOutput,
  type QuestionDecisionOutput,
  type QuestionsListOutput,
  type QuestionsPendingOutput,
} from '../contracts/question-contracts.ts';
import { andeeByTag, callerOf, handle, personOf, writeOnce, type AreaDeps } from './route-kit.ts';
import { areConnected } from '../identity/connections.ts';
import type { PeerQuestions } from '../identity/peer-questions.ts';

export interface QuestionRouteDeps extends AreaDeps, ApiTokenDeps {
  questions: PeerQuestions;
}

export function questionRoutes(deps: QuestionRouteDeps): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const me = (c: Context<ApiEnv>) => callerOf(c, deps.andees);

  app.post('/v1/questions/ask', requireApiToken(deps, ['connections:write']), (c) =>
    handle(c, askAndeeInput, async ({ idempotencyKey, ...args }): Promise<AskAndeeOutput> => {
      const caller = await me(c);
      const to = await andeeByTag(deps.andees, args.tag);
      if (to.andeeId === caller.andeeId || !(await areConnected(deps.db, caller.andeeId, to.andeeId))) {
        throw ampersandErrors.fail('not_connected', `&${to.tag} is not one of your active connections; a question goes only to a connection.`);
      }
      const now = deps.now();
      return writeOnce(
        deps.db,
        { accountId: caller.andeeId, operation: 'ask_andee', idempotencyKey },
        { tag: to.tag, question: args.question },
        now,
        async (trx) => {
          const asked = await deps.questions.ask(trx, personOf(caller), to, args.question);
          return { questionId: asked.questionId, to: { name: to.name, tag: `&${to.tag}` }, status: 'pending' as const, expiresAt: asked.expiresAt };
        },
      );
    }),
  );

  app.post('/v1/questions/sent', requireApiToken(deps, ['connections:read', 'connections:write'], { anyOf: true }), (c) =>
    handle(c, pageInput, async ({ cursor }): Promise<QuestionsListOutput> => {
      const page = await deps.questions.sentPage((await me(c)).andeeId, { limit: LIST_PAGE_SIZE, after: checkedCursor(cursor) });
      return { questions: page.questions, nextCursor: page.next ?? null };
    }),
  );

  app.post('/v1/questions/pending', requireApiToken(deps, ['connections:read']), (c) =>
    handle(c, pageInput, async ({ cursor }): Promise<QuestionsPendingOutput> => {
      const page = await deps.questions.openPage((await me(c)).andeeId, { limit: LIST_PAGE_SIZE, after: checkedCursor(cursor) });
      return { questions: page.questions, nextCursor: page.next ?? null };
    }),
  );

  app.post('/v1/questions/answer', requireApiToken(deps, ['connections:write', 'signals:write']), (c) =>
    handle(c, questionsAnswerInput, async ({ idempotencyKey, ...args }): Promise<QuestionDecisionOutput> => {
      const caller = await me(c);
      const now = deps.now();
      return writeOnce(deps.db, { accountId: caller.andeeId, operation: 'questions_answer', idempotencyKey }, args, now, async (trx) => {
        const answered = await deps.questions.answer(trx, personOf(caller), args.questionId, args.answer, caller.clientId);
        return { questionId: args.questionId, status: 'answered' as const, pendingSignalId: answered.signalId };
      });
    }),
  );

  for (const [path, operation] of [
    ['reject', 'questions_reject'],
    ['withdraw', 'questions_withdraw'],
  ] as const) {
    app.post(`/v1/questions/${path}`, requireApiToken(deps, ['connections:write']), (c) =>
      handle(c, questionIdInput, async ({ idempotencyKey, ...args }): Promise<QuestionDecisionOutput> => {
        const caller = await me(c);
        const now = deps.now();
        return writeOnce(deps.db, { accountId: caller.andeeId, operation, idempotencyKey }, args, now, async (trx) => {
          if (path === 'reject') await deps.questions.reject(trx, caller.andeeId, args.questionId);
          else await deps.questions.withdraw(trx, caller.andeeId, args.questionId);
          return { questionId: args.questionId, status: path === 'reject' ? ('rejected' as const) : ('withdrawn' as const), pendingSignalId: null };
        });
      }),
    );
  }

  return app;
}
