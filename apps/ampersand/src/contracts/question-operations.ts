/** The peer-question operations (spec "Peer questions"), served by the API's question handlers. */
import { declareOperation, IDEMPOTENT_WRITE, READ, WRITE } from './declare-operation.ts';
import { pageInput, withMore } from './page-contracts.ts';
import {
  askAndeeInput,
  askAndeeOutput,
  questionDecisionOutput,
  questionIdInput,
  questionsAnswerInput,
  questionsListOutput,
  questionsPendingOutput,
} from './question-contracts.ts';

export const questionOperations = [
  declareOperation({
    name: 'ask_andee',
    path: '/v1/questions/ask',
    title: 'Ask a connection a question',
    description:
      'Send a question (verbatim, at most 500 characters) to an active connection by &tag. Returns at once; they are notified and may answer or decline. Use only when ask_question cannot answer from what is already visible.',
    input: askAndeeInput,
    output: askAndeeOutput,
    annotations: WRITE,
    scopes: { all: ['connections:write'] },
    text: (r) =>
      `Asked ${r.to.name} (${r.to.tag}); the question is pending until ${r.expiresAt.slice(0, 16).replace('T', ' ')} UTC. questions_list shows when it is answered.`,
  }),
  declareOperation({
    name: 'questions_list',
    path: '/v1/questions/sent',
    title: 'List questions you sent',
    description:
      'Every question the caller sent, newest first, with status pending, answered, rejected, expired or withdrawn, timestamps and how many identity signals the answer created — never the answer text; use ask_question once an answer is visible. Paged: while nextCursor is not null, call again with it as cursor.',
    input: pageInput,
    output: questionsListOutput,
    annotations: READ,
    // Advertised with connections:read; connections:write is accepted too (spec "Enforcement").
    scopes: { anyOf: ['connections:read', 'connections:write'] },
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
  declareOperation({
    name: 'questions_withdraw',
    path: '/v1/questions/withdraw',
    title: 'Withdraw a question',
    description: 'Withdraw a question the caller sent, only while it is pending (not once expired); nobody is notified.',
    input: questionIdInput,
    output: questionDecisionOutput,
    annotations: IDEMPOTENT_WRITE,
    scopes: { all: ['connections:write'] },
    text: () => 'Withdrawn; nobody was notified.',
  }),
  declareOperation({
    name: 'questions_pending',
    path: '/v1/questions/pending',
    title: 'List questions waiting for you',
    description:
      'Open questions addressed to the caller, newest first: id, asker, text and expiry. Paged: while nextCursor is not null, call again with it as cursor.',
    input: pageInput,
    output: questionsPendingOutput,
    annotations: READ,
    scopes: { all: ['connections:read'] },
    text: (r) =>
      withMore(
        r.questions.length === 0
          ? 'No questions are waiting for you.'
          : r.questions.map((q) => `- from ${q.from.name} (${q.from.tag}): “${q.question}” (expires ${q.expiresAt.slice(0, 10)}) [${q.questionId}]`).join('\n'),
        r.nextCursor,
      ),
  }),
  declareOperation({
    name: 'questions_answer',
    path: '/v1/questions/answer',
    title: 'Answer a question',
    description:
      "Answer a question from questions_pending (1 to 500 characters). The answer goes into the caller's identity review queue as a pending signal and the asker is notified. Needs both connections:write and signals:write.",
    input: questionsAnswerInput,
    output: questionDecisionOutput,
    annotations: IDEMPOTENT_WRITE,
    scopes: { all: ['connections:write', 'signals:write'] },
    text: () => 'Answered. The asker is notified; your answer waits in your review queue until you approve it.',
  }),
  declareOperation({
    name: 'questions_reject',
    path: '/v1/questions/reject',
    title: 'Decline a question',
    description: 'Silently decline a pending question addressed to the caller; nothing is created and the asker is not notified.',
    input: questionIdInput,
    output: questionDecisionOutput,
    annotations: IDEMPOTENT_WRITE,
    scopes: { all: ['connections:write'] },
    text: () => 'Declined silently; nothing was created.',
  }),
] as const;
