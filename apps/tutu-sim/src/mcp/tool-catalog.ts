/**
 * The sixteen tools of tutu-mcp-server 0.38.0, with its names and argument shapes, over the
 * stand-in's fixture data. Like the original, no tool declares an output schema: each answers one
 * JSON string in `content[0].text`, or `isError: true` with a sentence.
 */
import * as z from 'zod';
import type { SimContext } from '../sim-context.ts';
import { SEAT_CATEGORIES } from '../fixtures/rail-timetable.ts';
import { searchRail } from '../search/search-rail.ts';
import { searchAvia } from '../search/search-avia.ts';
import { searchHotels } from '../search/search-hotels.ts';
import { searchBus, searchEtrain } from '../search/search-ground.ts';
import { searchMultitransport } from '../search/multitransport.ts';
import { offerDetails, railSeatmap } from '../search/offer-details.ts';
import { createCheckoutLink } from '../search/checkout-link.ts';
import { fetchResource, instructionsFor } from '../search/instructions.ts';

export interface SimTool {
  name: string;
  description: string;
  input: z.ZodObject;
  run(args: any, ctx: SimContext): unknown;
}

const count = (max: number) => z.number().int().min(0).max(max);
const place = z.string().min(1);
const date = z.string().describe('YYYY-MM-DD');
const paging = { page: z.number().int().min(1).optional(), page_size: z.number().int().min(1).max(50).optional() };

function instructionsTool(product: string, label: string): SimTool {
  return {
    name: `get_${product}_instructions`,
    description: `Usage notes for ${label}: argument conventions, pricing basis and checkout behaviour.`,
    input: z.object({}),
    run: () => instructionsFor(product),
  };
}

export const SIM_TOOLS: readonly SimTool[] = [
  {
    name: 'search_hotels',
    description: 'Search hotels in a city for a stay. Each row has best_offer {price (whole stay, all guests), price_per_night, offerpack_hash, checkout_url}.',
    input: z.object({
      city_name: z.string().optional(),
      geo_id: z.number().int().optional(),
      check_in: date,
      check_out: date,
      adults: z.number().int().min(1).max(9).optional(),
      children_ages: z.array(z.number().int().min(0).max(17)).optional(),
      ...paging,
      stars: z.array(z.number().int().min(0).max(5)).optional(),
      price_max: z.number().positive().optional(),
      meals: z.array(z.enum(['RO', 'BB'])).optional(),
      hotel_types: z.array(z.enum(['hotel', 'mini_hotel', 'hostel', 'apartments'])).optional(),
      min_rating: z.number().min(0).max(10).optional(),
      free_cancellation: z.boolean().optional(),
      breakfast_included: z.boolean().optional(),
      hotel_amenities: z.array(z.string()).optional(),
      room_amenities: z.array(z.string()).optional(),
      view: z.enum(['compact', 'full']).optional(),
    }),
    run: searchHotels,
  },
  {
    name: 'search_avia',
    description: 'Search flights, one way or round trip. Prices cover all passengers (party_total). Use Russian city names or IATA codes.',
    input: z.object({
      origin: place,
      destination: place,
      departure_date: date,
      return_date: date.optional(),
      adults: z.number().int().min(1).max(9).optional(),
      children: count(8).optional(),
      infants: count(4).optional(),
      service_class: z.enum(['Y', 'S', 'C', 'F']).optional(),
      page: z.number().int().min(1).optional(),
      page_size: z.number().int().min(1).max(30).optional(),
      sort: z.enum(['price_asc', 'price_desc', 'duration_asc', 'departure_asc']).optional(),
      price_max: z.number().positive().optional(),
      direct_only: z.boolean().optional(),
      carriers: z.array(z.string()).optional(),
      flight_numbers: z.array(z.string()).optional(),
      view: z.enum(['compact', 'full']).optional(),
    }),
    run: searchAvia,
  },
  {
    name: 'search_rail',
    description: 'Search long-distance trains for a date. Prices are per seat (per_seat).',
    input: z.object({
      origin: place,
      destination: place,
      date,
      passengers: z.number().int().min(1).max(9).optional(),
      train_numbers: z.array(z.string()).optional(),
      seat_categories: z.array(z.enum(SEAT_CATEGORIES)).optional(),
      ...paging,
    }),
    run: searchRail,
  },
  {
    name: 'search_bus',
    description: 'Search intercity buses for a date. Prices cover all passengers (party_total).',
    input: z.object({ origin: place, destination: place, date, adults: z.number().int().min(1).max(9).optional(), children: count(8).optional() }),
    run: searchBus,
  },
  {
    name: 'search_etrain',
    description: 'Search commuter trains (электрички) between two stations for a date.',
    input: z.object({ origin: place, destination: place, date }),
    run: searchEtrain,
  },
  {
    name: 'search_multitransport',
    description: 'Compare rail, air and bus options for a date, priced for all passengers, ordered by price or time.',
    input: z.object({
      origin: place,
      destination: place,
      date,
      adults: z.number().int().min(1).max(9).optional(),
      modes: z.array(z.enum(['rail', 'avia', 'bus'])).optional(),
      optimize_for: z.enum(['price', 'time']).optional(),
    }),
    run: searchMultitransport,
  },
  {
    name: 'get_offer_details',
    description: 'Details of one offer: hotel rooms with room-level offerpack_hash (adults defaults to 2), flight fare rules, or a train.',
    input: z.object({
      product_type: z.enum(['hotel', 'avia', 'rail', 'bus']),
      offer_id: z.string().optional(),
      hotel_id: z.number().int().optional(),
      hotel_geo_id: z.number().int().optional(),
      details_ref: z.string().optional(),
      check_in: date.optional(),
      check_out: date.optional(),
      adults: z.number().int().min(1).max(9).optional(),
      view: z.enum(['compact', 'rules', 'reviews', 'full']).optional(),
    }),
    run: offerDetails,
  },
  {
    name: 'get_rail_seatmap',
    description: 'Free seats by car for a train from its details_ref.',
    input: z.object({ details_ref: z.string().min(1) }),
    run: (args: { details_ref: string }) => railSeatmap(args.details_ref),
  },
  instructionsTool('avia', 'flight search'),
  instructionsTool('rail', 'train search'),
  instructionsTool('bus', 'bus search'),
  instructionsTool('etrain', 'commuter train search'),
  instructionsTool('hotels', 'hotel search'),
  instructionsTool('multitransport', 'multimodal search'),
  {
    name: 'create_checkout_link',
    description:
      'Create a link to check out an offer on tutu.ru from the fields of its checkout_ref. Returns {checkout_url, kind, search_results_url?, fallback_url?, fallback_note?}.',
    input: z.object({
      product_type: z.enum(['rail', 'avia', 'hotel', 'bus']),
      train_number: z.string().optional(),
      departure_date: date.optional(),
      origin: z.string().optional(),
      destination: z.string().optional(),
      seat_category: z.enum(SEAT_CATEGORIES).optional(),
      offer_id: z.string().optional(),
      is_round_trip: z.boolean().optional(),
      return_departure_at: z.string().optional(),
      offerpack_hash: z.string().optional(),
      ride_id: z.string().optional(),
      passengers_full: z.number().int().min(1).max(9).optional(),
      passengers_child: count(8).optional(),
      passengers_infant: count(4).optional(),
    }),
    run: createCheckoutLink,
  },
  {
    name: 'fetch_resource',
    description: 'Read a tutu:// resource: tutu://help/overview, tutu://geo, tutu://status, tutu://special-offers.',
    input: z.object({ uri: z.string().min(1) }),
    run: (args: { uri: string }) => fetchResource(args.uri),
  },
];
