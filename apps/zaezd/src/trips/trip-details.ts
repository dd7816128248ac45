/**
 * get_trip_details: one package of a trip in full — its legs, the hotel (stars, rating, address,
 * distance to the venue, check-in times and the room as Tutu lists it), the rates (per night,
 * total, and what each price covers — a rail fare per seat, a hotel for the whole stay) and the
 * weather for the event days when a forecast exists.
 */
import * as z from 'zod';
import { TripEvent, TripPackage } from './trip-result.ts';

export const WeatherView = z.object({
  status: z.enum(['forecast', 'unavailable']),
  source: z.string(),
  reason: z.string().nullable().describe('Why there is no forecast, when there is none'),
  note: z.string().nullable(),
  days: z.array(
    z.object({
      date: z.string(),
      summary: z.string(),
      temperature_max_c: z.number().nullable(),
      temperature_min_c: z.number().nullable(),
      precipitation_mm: z.number().nullable(),
      precipitation_probability: z.number().nullable(),
    }),
  ),
});

export const TripDetails = z.object({
  trip_id: z.string(),
  web_url: z.string(),
  demo_data: z.boolean(),
  notice: z.string().nullable(),
  event: TripEvent,
  package: TripPackage,
  hotel: z.object({
    name: z.string(),
    stars: z.number().nullable(),
    rating: z.number().nullable(),
    address: z.string().nullable(),
    distance_to_venue_km: z.number().nullable(),
    coords: z.object({ lat: z.number(), lon: z.number() }).nullable(),
    check_in: z.string(),
    check_out: z.string(),
    check_in_time: z.string().nullable(),
    check_out_time: z.string().nullable(),
    room: z.string().nullable(),
    meal: z.string().nullable(),
    free_cancellation: z.boolean().nullable(),
    cancellation_note: z.string().nullable(),
    amenities: z.array(z.string()),
    details_note: z.string().nullable().describe('Set when Tutu’s room details could not be read; the search facts above still hold'),
  }),
  rates: z.object({
    currency: z.literal('RUB'),
    hotel: z.object({ per_night: z.number(), nights: z.number().int(), total: z.number(), pricing_basis: z.string() }),
    transport: z.object({
      total: z.number(),
      pricing_basis: z.string(),
      per_seat: z.array(z.number()).describe('Rail: the per-seat fare of each leg'),
      note: z.string(),
    }),
    party_total: z.number(),
    adults: z.number().int(),
  }),
  weather: WeatherView,
});
export type TripDetails = z.infer<typeof TripDetails>;
