/** Shapes of the peer-question tools (spec "Peer questions"). */
import * as z from 'zod';
import { idempotencyKey } from './identity-contracts.ts';
import { nextCursorOutput } from './page-contracts.ts';

const who = z.object({ name: z.string(), tag: z.string() });
const questionId = z.string().min(1).max(64).describe('The question id');

export const askAndeeInput = z
  .object({
    tag: z.string().min(1).max(31).describe('An active connection, with or without the leading &'),
    question: z.string().min(1).max(500).describe('Asked verbatim; at most 500 characters'),
    idempotencyKey,
  })
  .strict();
export const askAndeeOutput = z.object({ questionId: z.string(), to: who, status: z.literal('pending'), expiresAt: z.string() });

export const questionsListOutput = z.object({
  questions: z.array(
    z.object({
      questionId: z.string(),
      to: who,
      question: z.string(),
      status: z.enum(['pending', 'answered', 'rejected', 'expired', 'withdrawn']),
      askedAt: z.string(),
      expiresAt: z.string(),
      resolvedAt: z.string().nullable(),
      signalsCreated: z
        .number()
        .int()
        .describe(
          'Identity signals from the answer that the answerer approved: 0 while it waits in their review queue or once they reject it (the answer text itself is never shown here)',
        ),
    }),
  ),
  nextCursor: nextCursorOutput,
});

export const questionsPendingOutput = z.object({
  questions: z.array(z.object({ questionId: z.string(), from: who, question: z.string(), askedAt: z.string(), expiresAt: z.string() })),
  nextCursor: nextCursorOutput,
});

export const questionIdInput = z.object({ questionId, idempotencyKey }).strict();
export const questionsAnswerInput = z.object({ questionId, answer: z.string().min(1).max(500).describe('1 to 500 characters'), idempotencyKey }).strict();
export const questionDecisionOutput = z.object({
  questionId: z.string(),
  status: z.enum(['answered', 'rejected', 'withdrawn']),
  pendingSignalId: z.string().nullable().describe("For an answer: the pending signal in the answerer's review queue"),
});

export type AskAndeeOutput = z.output<typeof askAndeeOutput>;
export type QuestionsListOutput = z.output<typeof questionsListOutput>;
export type QuestionsPendingOutput = z.output<typeof questionsPendingOutput>;
export type QuestionDecisionOutput = z.output<typeof questionDecisionOutput>;
