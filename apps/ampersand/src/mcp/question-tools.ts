/** The peer-question tools: adapters forwarding to the questions API (api/question-routes.ts). */
import { defineTool, type Tool } from '@agent-products/kit/mcp';
import { platformErrors } from '@agent-products/kit/errors';
import { pageInput, withMore } from '../contracts/page-contracts.ts';
import {
  askAndeeInput,
  askAndeeOutput,
  questionDecisionOutput,
  questionIdInput,
  questionsAnswerInput,
  questionsListOutput,
  questionsPendingOutput,
  type AskAndeeOutput,
  type QuestionDecisionOutput,
  type QuestionsListOutput,
  type QuestionsPendingOutput,
} from '../contracts/question-contracts.ts';
import type { Forward } from './api-forwarder.ts';

const READ = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;
const WRITE = { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

/** Either of these lets a caller list the questions it sent (spec "Enforcement"). */
export const QUESTIONS_LIST_SCOPES = ['connections:read', 'connections:write'] as const;

export function questionTools(forward: Forward): Tool[] {
  return [
    defineTool({
      name: 'ask_andee',
      title: 'Ask a connection a question',
      description:
        'Send a question (verbatim, at most 500 characters) to an active connection by &tag. Returns at once; they are notified and may answer or decline. Use only when ask_question cannot answer from what is already visible.',
      input: askAndeeInput,
      output: askAndeeOutput,
      annotations: { ...WRITE, idempotentHint: false },
      access: { scopes: ['connections:write'] },
      run: (args, scope) => forward('/v1/questions/ask', args, scope) as Promise<AskAndeeOutput>,
      text: (r) =>
        `Asked ${r.to.name} (${r.to.tag}); the question is pending until ${r.expiresAt.slice(0, 16).replace('T', ' ')} UTC. questions_list shows when it is answered.`,
    }),
    defineTool({
      name: 'questions_list',
      title: 'List questions you sent',
      description:
        'Every question the caller sent, newest first, with status pending, answered, rejected, expired or withdrawn, timestamps and how many identity signals the answer created — never the answer text; use ask_question once an answer is visible. Paged: while nextCursor is not null, call again with it as cursor.',
      input: pageInput,
      output: questionsListOutput,
      annotations: READ,
      // Advertised with connections:read; connections:write is accepted too (spec "Enforcement"),
      // so the kit's all-of check cannot be used: the handler checks either-of.
      access: 'credential',
      meta: { securitySchemes: [{ type: 'oauth2', scopes: ['connections:read'] }] },
      run: (args, scope) => {
        const held = scope.principal?.scopes ?? [];
        if (!QUESTIONS_LIST_SCOPES.some((scope) => held.includes(scope))) {
          throw platformErrors.fail('insufficient_scope', 'This tool needs the scope connections:read; authorize again to get the current scope set.', {
            missingScopes: ['connections:read'],
          });
        }
        return forward('/v1/questions/sent', args, scope) as Promise<QuestionsListOutput>;
      },
      text: (r) =>
        withMore(
          r.questions.length === 0
            ? 'You have not sent any questions.'
            : r.questions
                .map(
                  (q) =>
                    `- to ${q.to.name} (${q.to.tag}): “${q.question}” — ${q.status}${q.status === 'answered' ? `, ${q.signalsCreated} signal${q.signalsCreated === 1 ? '' : 's'} created` : ''} (asked ${q.askedAt.slice(0, 10)}) [${q.questionId}]`,
                )
                .join('\n'),
          r.nextCursor,
        ),
    }),
    defineTool({
      name: 'questions_withdraw',
      title: 'Withdraw a question',
      description: 'Withdraw a question the caller sent, only while it is pending (not once expired); nobody is notified.',
      input: questionIdInput,
      output: questionDecisionOutput,
      annotations: WRITE,
      access: { scopes: ['connections:write'] },
      run: (args, scope) => forward('/v1/questions/withdraw', args, scope) as Promise<QuestionDecisionOutput>,
      text: () => 'Withdrawn; nobody was notified.',
    }),
    defineTool({
      name: 'questions_pending',
      title: 'List questions waiting for you',
      description:
        'Open questions addressed to the caller, newest first: id, asker, text and expiry. Paged: while nextCursor is not null, call again with it as cursor.',
      input: pageInput,
      output: questionsPendingOutput,
      annotations: READ,
      access: { scopes: ['connections:read'] },
      run: (args, scope) => forward('/v1/questions/pending', args, scope) as Promise<QuestionsPendingOutput>,
      text: (r) =>
        withMore(
          r.questions.length === 0
            ? 'No questions are waiting for you.'
            : r.questions
                .map((q) => `- from ${q.from.name} (${q.from.tag}): “${q.question}” (expires ${q.expiresAt.slice(0, 10)}) [${q.questionId}]`)
                .join('\n'),
          r.nextCursor,
        ),
    }),
    defineTool({
      name: 'questions_answer',
      title: 'Answer a question',
      description:
        "Answer a question from questions_pending (1 to 500 characters). The answer goes into the caller's identity review queue as a pending signal and the asker is notified. Needs both connections:write and signals:write.",
      input: questionsAnswerInput,
      output: questionDecisionOutput,
      annotations: WRITE,
      access: { scopes: ['connections:write', 'signals:write'] },
      run: (args, scope) => forward('/v1/questions/answer', args, scope) as Promise<QuestionDecisionOutput>,
      text: () => 'Answered. The asker is notified; your answer waits in your review queue until you approve it.',
    }),
    defineTool({
      name: 'questions_reject',
      title: 'Decline a question',
      description: 'Silently decline a pending question addressed to the caller; nothing is created and the asker is not notified.',
      input: questionIdInput,
      output: questionDecisionOutput,
      annotations: WRITE,
      access: { scopes: ['connections:write'] },
      run: (args, scope) => forward('/v1/questions/reject', args, scope) as Promise<QuestionDecisionOutput>,
      text: () => 'Declined silently; nothing was created.',
    }),
  ];
}
