/**
 * The shape of a trip: what find_event_trips answers, what `/t/:id` shows and serves as JSON.
 * One zod schema is both the runtime check of every answer and the published outputSchema.
 * Money is whole roubles for the whole party.
 */
import * as z from 'zod';

export const CHECKOUT_ITEMS = ['there', 'back', 'flight', 'hotel'] as const;
export type CheckoutItemKey = (typeof CHECKOUT_ITEMS)[number];

export const Leg = z.object({
  direction: z.enum(['there', 'back']),
  mode: z.enum(['rail', 'air']),
  summary: z.string(),
  from: z.string(),
  to: z.string(),
  departs_at: z.string().describe('Local time with offset'),
  arrives_at: z.string().describe('Local time with offset'),
  duration_minutes: z.number(),
  train_number: z.string().nullable(),
  train_name: z.string().nullable(),
  seat_category: z.string().nullable(),
  flights: z.array(z.string()),
  carrier: z.string().nullable(),
  stops: z.number().int(),
  price: z.number().nullable().describe('This leg for the whole party; null when the price covers the round trip (flights)'),
});
export type Leg = z.infer<typeof Leg>;

export const PackageHotel = z.object({
  hotel_id: z.string().describe('Tutu’s hotel id'),
  name: z.string(),
  stars: z.number().nullable(),
  rating: z.number().nullable(),
  address: z.string().nullable(),
  coords: z.object({ lat: z.number(), lon: z.number() }).nullable(),
  distance_to_venue_km: z.number().nullable(),
  room: z.string().nullable(),
  meal: z.string().nullable(),
  check_in: z.string(),
  check_out: z.string(),
  nights: z.number().int(),
  price_total: z.number(),
  price_per_night: z.number(),
});
export type PackageHotel = z.infer<typeof PackageHotel>;

export const TripPackage = z.object({
  number: z.number().int().min(1).max(3),
  label: z.string().describe('Traveller-facing label; alternatives and over-budget packages say so'),
  mode: z.enum(['rail', 'air']),
  alternative: z.boolean().describe('true for air + hotel, offered as an alternative to rail + hotel'),
  within_budget: z.boolean().nullable().describe('null when no budget was given'),
  total_price: z.number(),
  currency: z.literal('RUB'),
  price_breakdown: z.object({ transport: z.number(), hotel: z.number() }),
  transport_pricing: z.object({ basis: z.string(), note: z.string() }),
  legs: z.array(Leg),
  hotel: PackageHotel,
  checkout_items: z.array(z.enum(CHECKOUT_ITEMS)),
  notes: z.array(z.string()),
});
export type TripPackage = z.infer<typeof TripPackage>;

export const TripEvent = z.object({
  id: z.string(),
  source: z.enum(['bundled', 'kudago']),
  title: z.string(),
  description: z.string(),
  city: z.object({ name: z.string(), name_en: z.string() }),
  venue: z.object({ name: z.string(), address: z.string(), lat: z.number(), lon: z.number() }),
  starts_at: z.string(),
  ends_at: z.string(),
  visit: z.object({ from: z.string(), to: z.string() }).describe('The days the packages cover'),
  matched_topics: z.array(z.string()),
  missing_topics: z.array(z.string()),
  url: z.string().nullable(),
  price_note: z.string().nullable(),
  dates_note: z.string().nullable(),
});
export type TripEvent = z.infer<typeof TripEvent>;

export const TripResult = z.object({
  trip_id: z.string().describe('Encodes the request: pass it to get_trip_details and create_trip_checkout'),
  web_url: z.string().describe('The web version of this trip (/t/:trip_id)'),
  demo_data: z.boolean(),
  notice: z.string().nullable(),
  status: z.enum(['ok', 'over_budget', 'no_event', 'no_packages']),
  request: z.object({
    topics: z.array(z.string()),
    interpreted_topics: z.array(z.object({ topic: z.string(), means: z.string() })),
    origin: z.object({ name: z.string(), name_en: z.string() }),
    budget: z.number().nullable(),
    date_from: z.string(),
    date_to: z.string(),
    adults: z.number().int(),
  }),
  event: TripEvent.nullable(),
  travel: z.object({ outbound_date: z.string(), return_date: z.string(), rule: z.string() }).nullable(),
  packages: z.array(TripPackage).max(3),
  budget: z.object({
    amount: z.number().nullable(),
    status: z.enum(['not_given', 'within', 'none_fit']),
    note: z.string(),
  }),
  coverage: z.object({
    searched: z.array(z.string()),
    not_found: z.array(z.string()),
    not_covered: z.array(z.string()),
    summary: z.string(),
  }),
  other_events: z.array(z.object({ id: z.string(), title: z.string(), city: z.string(), starts_at: z.string(), matched_topics: z.array(z.string()) })),
});
export type TripResult = z.infer<typeof TripResult>;
