/** The contract's enums and limits, exactly as `chengdu-soul-agent-contract.md` names them. */
import * as z from 'zod';

export const ATMOSPHERES = ['quiet', 'mixed', 'lively'] as const;
export const DISCOVERIES = ['local', 'blend', 'iconic'] as const;
export const NAVIGATION_KINDS = ['metro_arrivals', 'area_anchor', 'scenic_area'] as const;
export const RHYTHMS = ['spacious', 'balanced', 'full'] as const;

/**
 * What kind of visit a scene is, so a day does not hold two of the same (two panda venues, two
 * large temples). A catalog field from release format 2 on; not part of the agent contract.
 */
export const VISIT_KINDS = [
  'animal_park',
  'temple',
  'memorial_shrine',
  'museum',
  'tomb_site',
  'teahouse_park',
  'nature_park',
  'countryside',
  'art_space',
  'shopping_district',
  'old_street',
  'food_street',
  'neighbourhood',
  'campus',
  'civic_square',
  'riverside',
  // From release 2026-12-01.2: a boat trip pairs with a riverside walk, so it is a kind of its own.
  'river_cruise',
  'evening_show',
  'ancient_town',
  'mountain',
  'waterworks',
  'cliff_sculpture',
] as const;
export type VisitKind = (typeof VISIT_KINDS)[number];

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
