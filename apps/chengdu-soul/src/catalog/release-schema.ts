/**
 * The shape of a reviewed catalog release as kept in the repository (see catalog/AUTHORING.md).
 * Every field is checked when a release is loaded; `validateRelease` then checks what a schema
 * cannot: references between files, unique names and terms, and the honesty rules for points.
 */
import * as z from 'zod';
import { Atmosphere, Discovery, NAVIGATION_KINDS, VISIT_KINDS } from './vocabulary.ts';

const CARD_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const PLACE_ID = /^cdsp:[a-z]+:[a-z0-9]+(?:-[a-z0-9]+)*$/;
const CATALOG_VERSION = /^\d{4}-\d{2}-\d{2}\.\d+$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const text = (max: number) => z.string().trim().min(1).max(max);
export const BilingualName = z.strictObject({ en: text(120), zh: text(60) });

export const Point = z.strictObject({
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
});

export const NavigationPoint = z.strictObject({
  name: BilingualName,
  providerPlaceId: z.string().regex(PLACE_ID),
});

export const SceneLocation = z.union([
  z.strictObject({ providerPlaceId: z.string().regex(PLACE_ID) }),
  z.strictObject({
    navigation: z.strictObject({
      kind: z.enum(NAVIGATION_KINDS),
      note: text(600),
      points: z.array(NavigationPoint).min(1).max(6),
    }),
  }),
]);

export const Scene = z.strictObject({
  cardId: z.string().regex(CARD_ID).max(80),
  name: BilingualName,
  aliases: z
    .strictObject({
      en: z.array(text(120)).max(12),
      zh: z
        .array(
          z
            .string()
            .regex(/^\p{Script=Han}+$/u, 'Chinese aliases are Han characters only')
            .max(30),
        )
        .max(12),
    })
    .optional(),
  summary: text(200),
  overview: text(1600),
  visitCaveat: text(800),
  review: z.strictObject({
    reviewedOn: z.string().regex(ISO_DATE),
    scope: z.literal('identity_and_overview'),
    scopeNote: text(400),
  }),
  unknowns: z.array(text(200)).min(1).max(12),
  atmosphere: Atmosphere,
  discovery: Discovery,
  selectionOnly: z.boolean(),
  // The three fields below arrived with release format 2. They stay optional here so format-1
  // releases (already published, immutable) still parse; where present they are checked in full,
  // and `validateRelease` requires the first two in every scene of a format-2 release.
  /** The kind of visit, so the planner keeps two of a kind out of one day. */
  visitKind: z.enum(VISIT_KINDS).optional(),
  /** The review says to go early: the planner puts the scene first in its day. */
  goEarly: z.boolean().optional(),
  /**
   * A selectionOnly outing that most travelers make with a night away (from release 2026-12-01.2):
   * the plan pages must not present its day as a same-day return.
   */
  usuallyOvernight: z.boolean().optional(),
  /**
   * The weekdays the scene is closed every week (from release 2026-12-07.1), as ISO weekdays:
   * Monday = 1 … Sunday = 7, ascending, no repeats. The visitCaveat must say it in words too,
   * because the caveat is what the traveler reads; a page with a start date flags a day that
   * falls on a closure.
   */
  closedWeekdays: z
    .array(z.number().int().min(1).max(7))
    .min(1)
    .max(6)
    .refine((days) => days.every((day, index) => index === 0 || day > (days[index - 1] ?? 0)), 'closedWeekdays must be ascending without repeats')
    .optional(),
  tags: z.array(z.string().regex(CARD_ID)).min(1).max(12),
  /** The tags the scene is mainly about (a subset of `tags`): search ranks them above other tags. */
  primarySubjects: z.array(z.string().regex(CARD_ID)).min(1).max(4).optional(),
  planningPoint: Point,
  location: SceneLocation,
});
export type Scene = z.infer<typeof Scene>;

export const Place = z.strictObject({
  providerPlaceId: z.string().regex(PLACE_ID),
  name: BilingualName,
  kind: z.enum(['metro_station', 'area', 'scenic_area', 'venue']),
  point: Point,
  precision: z.enum(['exact', 'approximate']),
  note: text(400),
});
export type Place = z.infer<typeof Place>;

const EN_TERM = /^[a-z0-9][a-z0-9' -]*[a-z0-9]$|^[a-z0-9]$/;
const ZH_TERM = /^[\p{Script=Han}]+$/u;
const Terms = z.strictObject({
  en: z.array(z.string().regex(EN_TERM).max(60)),
  zh: z.array(z.string().regex(ZH_TERM).max(20)),
});

export const UNSUPPORTED_CONSTRAINTS = [
  'opening_hours',
  'accessibility',
  'tickets',
  'prices',
  'bookings',
  'hotels',
  'live_crowds',
  'transport_times',
  'weather',
  'restaurants_reservations',
  'guides',
] as const;

export const Lexicon = z.strictObject({
  concepts: z.array(z.strictObject({ tag: z.string().regex(CARD_ID), ...Terms.shape })).min(1),
  atmosphere: z.strictObject({ quiet: Terms, mixed: Terms, lively: Terms }),
  discovery: z.strictObject({ local: Terms, blend: Terms, iconic: Terms }),
  unsupported: z.array(z.strictObject({ constraint: z.enum(UNSUPPORTED_CONSTRAINTS), ...Terms.shape })).min(1),
  stopwords: Terms,
});
export type Lexicon = z.infer<typeof Lexicon>;

export const ReleaseManifest = z.strictObject({
  catalogVersion: z.string().regex(CATALOG_VERSION),
  /** Absent in format 1; format 2 adds primary subjects, kind of visit and go-early to scenes. */
  format: z.literal(2).optional(),
  reviewedOn: z.string().regex(ISO_DATE),
  notes: text(2000),
});

export const ReleaseDocument = z.strictObject({
  manifest: ReleaseManifest,
  scenes: z.array(Scene).min(1),
  places: z.array(Place).min(1),
  lexicon: Lexicon,
});
export type ReleaseDocument = z.infer<typeof ReleaseDocument>;
