/** The contract's enums and limits, exactly as `chengdu-soul-agent-contract.md` names them. */
import * as z from 'zod';

export const ATMOSPHERES = ['quiet', 'mixed', 'lively'] as const;
export const DISCOVERIES = ['local', 'blend', 'iconic'] as const;
export const NAVIGATION_KINDS = ['metro_arrivals', 'area_anchor', 'scenic_area'] as const;
export const RHYTHMS = ['spacious', 'balanced', 'full'] as const;

export const Atmosphere = z.enum(ATMOSPHERES);
export const Discovery = z.enum(DISCOVERIES);
export type Atmosphere = z.infer<typeof Atmosphere>;
export type Discovery = z.infer<typeof Discovery>;

export const SEARCH_LIMITS = { queryMin: 1, queryMax: 200, limitMin: 1, limitMax: 30, limitDefault: 5 } as const;
export const PLAN_LIMITS = {
  dayCountMin: 1,
  dayCountMax: 3,
  scenesPerDay: { spacious: 1, balanced: 2, full: 3 },
  idempotencyKeyMin: 8,
  idempotencyKeyMax: 200,
  linkLifetimeDays: 7,
} as const;

export function detailPathFor(cardId: string): string {
  return `/agents/scenes/${cardId}`;
}
