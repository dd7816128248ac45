/** Input and output shapes of identity_write, andee_read and find_andees (spec "Identity and discovery"). */
import * as z from 'zod';

export const idempotencyKey = z
  .string()
  .min(8)
  .max(200)
  .optional()
  .describe('Optional; retrying with the same key returns the first answer and writes nothing again (8 to 200 characters)');

export const identityWriteInput = z
  .object({
    value: z.string().min(1).max(1000).describe("The andee's complete exact sentence, never a fragment or paraphrase; at most 1,000 characters"),
    idempotencyKey,
  })
  .strict();

export const identityWriteOutput = z.object({
  written: z.boolean().describe('False when an approved or pending signal already says exactly this; nothing was written'),
  status: z.enum(['approved', 'pending']).describe("approved: part of the identity now; pending: waits in the andee's review queue"),
  signalId: z.string(),
  hdsCode: z.string().nullable().describe('The HDS leaf code the signal is filed under'),
  message: z.string(),
});

const visibleSignal = z.object({ text: z.string(), hdsCode: z.string().nullable(), visibility: z.enum(['private', 'connected', 'public']) });

export const profile = z.object({
  name: z.string(),
  tag: z.string().describe('The &tag, with its leading &'),
  photoUrl: z.string().nullable(),
  connected: z.boolean().describe('Whether the caller and this andee are active connections'),
  signals: z.array(visibleSignal).describe('Only the approved signals this caller may see'),
});

const candidate = z.object({ name: z.string(), tag: z.string(), photoUrl: z.string().nullable() });

export const andeeReadInput = z
  .object({
    tag: z.string().min(1).max(31).optional().describe('Global lookup by &tag (with or without &)'),
    name: z.string().min(1).max(80).optional().describe("A name among the caller's connections"),
  })
  .strict();

export const andeeReadOutput = z.object({
  profile: profile.nullable().describe('Set for exactly one match'),
  candidates: z.array(candidate).describe('When a name matched several connections: choose one and call again with its tag'),
});

export const FIND_LIMIT = 5;

export const findAndeesInput = z
  .object({
    name: z.string().min(1).max(80).describe('One name or a full name'),
    constraints: z.array(z.string().min(1).max(200)).max(5).optional().describe('Up to five public-fact phrases; every one must match a public signal'),
  })
  .strict();

export const findAndeesOutput = z.object({
  result: z.enum(['match', 'disambiguation', 'no_match']),
  matches: z.array(profile).describe(`One profile for a match; at most ${FIND_LIMIT} for a disambiguation; none for no match`),
  truncated: z.boolean().describe(`More than ${FIND_LIMIT} andees matched; add a constraint to narrow it`),
});

export type IdentityWriteInput = z.output<typeof identityWriteInput>;
export type IdentityWriteOutput = z.output<typeof identityWriteOutput>;
export type Profile = z.output<typeof profile>;
export type AndeeReadOutput = z.output<typeof andeeReadOutput>;
export type FindAndeesOutput = z.output<typeof findAndeesOutput>;
