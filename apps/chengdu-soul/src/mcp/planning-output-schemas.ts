/** The published output schemas of the planning tools. */
import * as z from 'zod';
import { ATMOSPHERES, DISCOVERIES, RHYTHMS } from '../catalog/vocabulary.ts';

const Name = z.object({ en: z.string(), zh: z.string() });

export const DraftOutput = z.object({
  draftRef: z.string(),
  revision: z.number().int(),
  contentHash: z.string(),
  status: z.enum(['draft', 'confirmed']),
  createdAt: z.string(),
  expiresAt: z.string(),
  catalogVersion: z.string(),
  preferences: z.object({ dayCount: z.number().int(), rhythm: z.enum(RHYTHMS), discovery: z.enum(DISCOVERIES), atmosphere: z.enum(ATMOSPHERES) }),
  requiredCardIds: z.array(z.string()),
  excludedCardIds: z.array(z.string()),
  days: z.array(
    z.object({
      day: z.number().int(),
      scenes: z.array(
        z.object({
          cardId: z.string(),
          name: Name,
          summary: z.string(),
          visitCaveat: z.string(),
          selectionOnly: z.boolean(),
          usuallyOvernight: z.literal(true).optional(),
          placement: z.enum(['required', 'recommended']),
          detailPath: z.string(),
        }),
      ),
    }),
  ),
  openSlots: z.number().int(),
  limitations: z.array(z.string()),
  review: z.string(),
});

export const ConfirmOutput = DraftOutput.extend({
  publication: z.object({ pageUrl: z.string(), expiresAt: z.string(), confirmedAt: z.string() }),
});
