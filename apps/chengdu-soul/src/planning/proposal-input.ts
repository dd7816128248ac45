/**
 * Arguments of the three planning writes, exactly as the contract names them. Objects are
 * strict so an invented argument is an error naming it, not something silently ignored.
 */
import * as z from 'zod';
import { UNSTORABLE_TEXT } from '@agent-products/kit/mcp';
import { Atmosphere, Discovery, PLAN_LIMITS, RHYTHMS } from '../catalog/vocabulary.ts';

/** Text PostgreSQL can store faithfully (the web form reaches these schemas directly). */
const text = () => z.string().refine((s) => !UNSTORABLE_TEXT.test(s), 'must not contain a NUL character or an unpaired surrogate');
const CardId = text().min(1).max(80);
const IdempotencyKey = text()
  .min(PLAN_LIMITS.idempotencyKeyMin)
  .max(PLAN_LIMITS.idempotencyKeyMax)
  .describe('A new key per action (8-200 characters); retry an interrupted action with the same key and arguments.');

export const SceneSelection = z.strictObject({
  catalogVersion: text().min(1).max(40),
  requiredCardIds: z.array(CardId).min(1).max(9),
});

export const ProposeInput = z.strictObject({
  dayCount: z.number().int().min(PLAN_LIMITS.dayCountMin).max(PLAN_LIMITS.dayCountMax).describe('1, 2 or 3 days.'),
  rhythm: z.enum(RHYTHMS).describe('spacious = 1, balanced = 2, full = 3 scenes per day.'),
  discovery: Discovery,
  atmosphere: Atmosphere,
  excludedCardIds: z.array(CardId).max(60).optional().describe('Scenes the traveler does not want.'),
  sceneSelection: z
    .union([SceneSelection, z.array(SceneSelection).min(1).max(9)])
    .optional()
    .describe(
      'The `selection` of each scene the traveler chose, copied from get_chengdu_scene (one object, or an array of them from the same catalogVersion).',
    ),
  idempotencyKey: IdempotencyKey,
});
export type ProposeInput = z.infer<typeof ProposeInput>;

const DraftPointer = {
  draftRef: text().min(1).max(80),
  expectedRevision: z.number().int().min(1),
  expectedContentHash: z.string().regex(/^[0-9a-f]{64}$/, 'must be the 64-character contentHash'),
};

export const ReviseInput = z.strictObject({
  ...DraftPointer,
  revisionIntent: z.strictObject({ type: z.literal('exclude_card'), cardId: CardId }),
  idempotencyKey: IdempotencyKey,
});
export type ReviseInput = z.infer<typeof ReviseInput>;

export const ConfirmInput = z.strictObject({
  ...DraftPointer,
  confirmation: z.strictObject({ action: z.literal('publish') }),
  idempotencyKey: IdempotencyKey,
});
export type ConfirmInput = z.infer<typeof ConfirmInput>;
