/**
 * The shapes both services agree on: a tool's input and output as the MCP service advertises them
 * and as the API validates and answers them (spec "Identity and discovery", "Connections").
 */
import * as z from 'zod';

const person = z.object({ name: z.string(), tag: z.string().describe('The &tag, with its leading &') });

export const askQuestionInput = z
  .object({
    question: z.string().min(1).max(1000).describe('Free-form question; at most 1,000 characters'),
    participants: z.array(z.string().min(1).max(80)).max(10).optional().describe('Up to 10 &tags or connected first names; the caller is implicit'),
  })
  .strict();

export const askQuestionOutput = z.object({
  answer: z.string().describe('A synthesized answer in plain words, or the question to settle an ambiguous name'),
  basedOnFacts: z.number().int().min(0).describe('How many approved facts the answer rests on'),
  participants: z.array(person).describe('Who the answer is about: the caller first, then resolved participants'),
  disambiguation: z
    .object({ reference: z.string(), candidates: z.array(person) })
    .nullable()
    .describe('Set when a name matched more than one connection; ask the user to choose and call again with a &tag'),
  ranking: z
    .array(person.extend({ reason: z.string().describe('The visible fact that earned the place') }))
    .nullable()
    .describe("For an audience question without participants: the caller's connections ranked, best first, each with its reason"),
});

export const connectionsReadInput = z
  .object({ limit: z.number().int().min(1).max(100).optional().describe('At most this many per bucket (1 to 100; default 50)') })
  .strict();

export const connectionsReadOutput = z.object({
  active: z.array(person.extend({ photoUrl: z.string().nullable(), connectedAt: z.string().describe('ISO timestamp') })),
  peopleYouMayKnow: z.array(person.extend({ photoUrl: z.string().nullable(), match: z.enum(['mutual', 'one_way']) })),
});

export type AskQuestionInput = z.output<typeof askQuestionInput>;
export type AskQuestionOutput = z.output<typeof askQuestionOutput>;
export type ConnectionsReadOutput = z.output<typeof connectionsReadOutput>;
