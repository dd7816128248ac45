/** Shapes of the connection tools and the contacts upload (spec "Connections"). */
import * as z from 'zod';
import { idempotencyKey } from './identity-contracts.ts';
import { nextCursorOutput } from './page-contracts.ts';

/** The most phone numbers one contacts upload may hold (the MCP tool, the API and the web form). */
export const MAX_CONTACTS = 5000;

const tag = z.string().min(1).max(31).describe('The &tag, with or without the leading &');
const other = z.object({ name: z.string(), tag: z.string(), photoUrl: z.string().nullable() });

export const noArguments = z.object({}).strict();

export const connectionsPendingOutput = z.object({
  requests: z.array(other.extend({ requestId: z.string(), direction: z.enum(['incoming', 'outgoing']), note: z.string().nullable(), requestedAt: z.string() })),
  nextCursor: nextCursorOutput,
});

export const connectionsRequestInput = z
  .object({ tag, note: z.string().max(280).optional().describe('Up to 280 characters for the recipient'), idempotencyKey })
  .strict();
export const connectionsRequestOutput = z.object({ requestId: z.string(), to: other, status: z.literal('pending') });

export const connectionTagInput = z.object({ tag, idempotencyKey }).strict();
export const connectionChangeOutput = z.object({
  tag: z.string(),
  name: z.string(),
  outcome: z.enum(['accepted', 'denied', 'removed']),
});

export const contactsUploadInput = z
  .object({
    numbers: z
      .array(z.string().min(1).max(40))
      .max(MAX_CONTACTS)
      .describe(`The phone numbers in the andee's address book (at most ${MAX_CONTACTS}); replaces the previous upload`),
    region: z
      .string()
      .regex(/^[A-Za-z]{2}$/)
      .optional()
      .describe('ISO 3166 country the numbers without a +country code are read in'),
    ownNumber: z.string().min(1).max(40).optional().describe("The andee's own number, so contacts of others can find them"),
  })
  .strict();
export const contactsUploadOutput = z.object({ stored: z.number().int(), unreadable: z.number().int(), ownNumberRecorded: z.boolean().nullable() });

export type ConnectionsPendingOutput = z.output<typeof connectionsPendingOutput>;
export type ConnectionsRequestOutput = z.output<typeof connectionsRequestOutput>;
export type ConnectionChangeOutput = z.output<typeof connectionChangeOutput>;
export type ContactsUploadInput = z.output<typeof contactsUploadInput>;
