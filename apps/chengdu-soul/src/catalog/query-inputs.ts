/**
 * Arguments of the public catalog reads, validated the same way for MCP tools and web pages.
 * Objects are strict: an argument the contract does not define is an error naming it.
 */
import * as z from 'zod';
import { Atmosphere, Discovery, SEARCH_LIMITS } from './vocabulary.ts';

export const ListInput = z.strictObject({
  atmosphere: Atmosphere.optional().describe('Only scenes with this editorial atmosphere label.'),
  discovery: Discovery.optional().describe('Only scenes with this discovery label.'),
});

export const SearchInput = z.strictObject({
  query: z
    .string()
    .min(SEARCH_LIMITS.queryMin)
    .max(SEARCH_LIMITS.queryMax)
    .refine((q) => q.trim().length > 0, 'must contain a word')
    .describe('English or Chinese scene names or short keywords, e.g. "熊猫", "quiet park", "industrial architecture".'),
  limit: z
    .number()
    .int()
    .min(SEARCH_LIMITS.limitMin)
    .max(SEARCH_LIMITS.limitMax)
    .default(SEARCH_LIMITS.limitDefault)
    .describe('Maximum results (1-30, default 5). hasMore means raise it; there is no pagination.'),
  atmosphere: Atmosphere.optional().describe('Only scenes with this atmosphere label; must agree with atmosphere words in the query.'),
  discovery: Discovery.optional().describe('Only scenes with this discovery label; must agree with discovery words in the query.'),
});

export const GetInput = z.strictObject({
  cardId: z.string().min(1).max(80).describe('A cardId returned by list or search.'),
  catalogVersion: z.string().min(1).max(40).describe('The exact catalogVersion returned with that cardId.'),
});
