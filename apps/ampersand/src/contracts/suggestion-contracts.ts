/** The shapes of `signal_suggestion_write` (spec "Identity and discovery"), shared by the MCP service and the API. */
import * as z from 'zod';

const contextValue = z.union([z.string().max(200), z.number().finite(), z.boolean(), z.array(z.string().max(200)).max(20)]);

export const suggestionInput = z
  .object({
    draftedText: z.string().trim().min(1).max(500).describe('A succinct, rich first-person identity claim with distinguishing detail'),
    hdsCodeHint: z.string().min(3).max(80).describe('A valid HDS leaf code, e.g. preferences.food'),
    loopId: z.string().min(1).max(100).optional().describe('Required during a Loop turn: the Loop of the run token'),
    visibility: z.enum(['private', 'connected', 'public']).optional().describe('Suggested privacy for the pending review item'),
    context: z
      .record(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/), contextValue)
      .optional()
      .describe('Flat scalar values or string arrays; no nested objects, coordinates or personal identifiers; at most 20 keys and 2,000 characters'),
  })
  .strict();

export const suggestionOutput = z.object({
  drafted: z.boolean().describe('true: a pending review item exists (not yet part of the &tag); false: nothing was created'),
  reason: z.enum(['created', 'duplicate', 'broad_topic', 'noise']),
  signalId: z.string().nullable(),
  duplicateOf: z.object({ signalId: z.string(), status: z.string() }).nullable(),
  message: z.string(),
});

export type SuggestionInput = z.output<typeof suggestionInput>;
export type SuggestionOutput = z.output<typeof suggestionOutput>;
