/** The published output schemas of the public catalog tools (what `outputSchema` advertises). */
import * as z from 'zod';
import { ATMOSPHERES, DISCOVERIES, NAVIGATION_KINDS } from '../catalog/vocabulary.ts';

const Name = z.object({ en: z.string(), zh: z.string() });
const Atmosphere = z.enum(ATMOSPHERES);
const Discovery = z.enum(DISCOVERIES);

export const ListOutput = z.object({
  catalogVersion: z.string(),
  publishedAt: z.string(),
  notice: z.string(),
  limits: z.object({
    coverage: z.string(),
    dayCount: z.object({ min: z.number(), max: z.number() }),
    scenesPerDay: z.object({ spacious: z.number(), balanced: z.number(), full: z.number() }),
    search: z.object({
      queryLength: z.object({ min: z.number(), max: z.number() }),
      limit: z.object({ min: z.number(), max: z.number(), default: z.number() }),
    }),
    idempotencyKeyLength: z.object({ min: z.number(), max: z.number() }),
    linkLifetimeDays: z.number(),
  }),
  counts: z.object({ total: z.number(), returned: z.number(), selectionOnly: z.number() }),
  scenes: z.array(
    z.object({
      cardId: z.string(),
      name: Name,
      summary: z.string(),
      atmosphere: Atmosphere,
      discovery: Discovery,
      selectionOnly: z.boolean(),
      detailPath: z.string(),
    }),
  ),
});

export const SearchOutput = z.object({
  status: z.enum(['ok', 'needs_clarification', 'unsupported_request', 'no_match']),
  catalogVersion: z.string(),
  query: z.string(),
  results: z.array(
    z.object({
      cardId: z.string(),
      name: Name,
      summary: z.string(),
      atmosphere: Atmosphere,
      discovery: Discovery,
      selectionOnly: z.boolean(),
      matchedTerms: z.array(z.string()),
      why: z.string(),
      detailPath: z.string(),
      catalogVersion: z.string(),
    }),
  ),
  totalMatches: z.number().int(),
  hasMore: z.boolean(),
  interpretedTerms: z.array(z.object({ term: z.string(), meaning: z.string(), correctedFrom: z.string().optional() })),
  unrecognizedTerms: z.array(z.string()),
  unsupportedTerms: z.array(z.object({ term: z.string(), constraint: z.string() })),
  conflictingTerms: z.array(z.string()),
  appliedFilters: z.object({ atmosphere: Atmosphere.optional(), discovery: Discovery.optional() }),
  explanation: z.string(),
});

const PlaceView = z.object({
  providerPlaceId: z.string(),
  name: Name,
  kind: z.enum(['metro_station', 'area', 'scenic_area', 'venue']),
  point: z.object({ lat: z.number(), lon: z.number() }),
  precision: z.enum(['exact', 'approximate']),
  note: z.string(),
});

export const SceneOutput = z.object({
  cardId: z.string(),
  catalogVersion: z.string(),
  name: Name,
  summary: z.string(),
  overview: z.string(),
  visitCaveat: z.string(),
  review: z.object({ reviewedOn: z.string(), scope: z.literal('identity_and_overview'), scopeNote: z.string() }),
  unknowns: z.array(z.string()),
  atmosphere: Atmosphere,
  discovery: Discovery,
  selectionOnly: z.boolean(),
  usuallyOvernight: z.literal(true).optional(),
  selection: z.object({ catalogVersion: z.string(), requiredCardIds: z.array(z.string()) }),
  location: z.union([
    z.object({ providerPlaceId: z.string(), place: PlaceView }),
    z.object({
      navigation: z.object({
        kind: z.enum(NAVIGATION_KINDS),
        meaning: z.string(),
        note: z.string(),
        points: z.array(z.object({ name: Name, providerPlaceId: z.string(), place: PlaceView })),
      }),
    }),
  ]),
  detailPath: z.string(),
  notices: z.array(z.string()),
});
