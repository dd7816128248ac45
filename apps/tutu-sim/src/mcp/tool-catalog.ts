/**
 * The sixteen tools of tutu-mcp-server 0.38.0 over the stand-in's fixture data: the same names
 * and input schemas (input-schemas.ts), descriptions in the stand-in's own words, and answers in
 * the real server's shapes. Like the original, no tool declares an output schema: each answers one
 * JSON string in `content[0].text`, or `isError: true` with a sentence.
 */
import type { SimContext } from '../sim-context.ts';
import { searchRail } from '../search/search-rail.ts';
import { searchAvia } from '../search/search-avia.ts';
import { searchHotels } from '../search/search-hotels.ts';
import { searchBus, searchEtrain } from '../search/search-ground.ts';
import { searchMultitransport, type Mode } from '../search/multitransport.ts';
import { offerDetails, railSeatmap } from '../search/offer-details.ts';
import { createCheckoutLink } from '../search/checkout-link.ts';
import { fetchResource, instructionsFor } from '../search/instructions.ts';
import { INPUT_SCHEMAS, type JsonSchema, type SimToolName } from './input-schemas.ts';

export interface SimTool {
  name: SimToolName;
  description: string;
  input: JsonSchema;
  /** Arguments already checked against `input`; absent optional ones are undefined or null. */
  run(args: any, ctx: SimContext): unknown;
}

type Route = { origin?: string | null; destination?: string | null; from_city?: string | null; to_city?: string | null; departure_date?: string | null };

/** The ground searches take the same route fields as rail and avia. */
function route(args: Route) {
  return { origin: (args.origin ?? args.from_city) as string, destination: (args.destination ?? args.to_city) as string, date: args.departure_date as string };
}

function tool(name: SimToolName, description: string, run: SimTool['run']): SimTool {
  return { name, description, input: INPUT_SCHEMAS[name], run };
}

function instructionsTool(product: string, label: string): SimTool {
  return tool(
    `get_${product}_instructions` as SimToolName,
    `Stand-in notes on ${label}: how to name places, what a price covers, and how checkout links behave.`,
    () => instructionsFor(product),
  );
}

export const SIM_TOOLS: readonly SimTool[] = [
  tool(
    'search_hotels',
    'Hotels in a city for a stay (demo data). Each row carries best_offer.price for the whole stay and all guests (price_basis "stay_total": do not multiply by nights), its page, and a checkout_ref for create_checkout_link.',
    searchHotels,
  ),
  tool(
    'search_avia',
    'Flights between two cities, one way or round trip (demo data). An offer has price (the cheapest fare family for the searched party), legs with their segments, variants, search_results_url and a checkout_ref to pass on verbatim.',
    searchAvia,
  ),
  tool(
    'search_rail',
    'Long-distance trains for a date (demo data). An offer has price (one seat, the cheapest fare), fares by car category, one leg with its segment, search_results_url and a checkout_ref to pass on verbatim.',
    searchRail,
  ),
  tool('search_bus', 'Intercity buses for a date (demo data), priced for the whole party.', (args: Route & { adults?: number; children?: number }, ctx) =>
    searchBus({ ...route(args), adults: args.adults ?? 1, children: args.children ?? 0 }, ctx),
  ),
  tool('search_etrain', 'Commuter trains between two stations for a date (demo data).', (args: Route, ctx) => searchEtrain(route(args), ctx)),
  tool(
    'search_multitransport',
    'Rail, air and bus options for a date side by side (demo data), priced for all passengers, ordered by price or time.',
    (args: Route & { adults?: number; modes?: Mode[] | null; optimize_for?: 'price' | 'time' }, ctx) =>
      searchMultitransport(
        { ...route(args), adults: args.adults ?? 1, ...(args.modes ? { modes: args.modes } : {}), optimize_for: args.optimize_for ?? 'price' },
        ctx,
      ),
  ),
  tool(
    'get_offer_details',
    'One offer in detail (demo data). Hotels: rooms and their rates, each rate with the offerpack_hash that mints a cart (two adults are assumed unless adults is given). Trains: fares by car from details_ref.',
    offerDetails,
  ),
  tool(
    'get_rail_seatmap',
    'Free seats by car for a train, from the details_ref of a search_rail offer (demo data).',
    (args: { details_ref: Record<string, unknown> }) => railSeatmap(args.details_ref),
  ),
  instructionsTool('avia', 'flight search'),
  instructionsTool('rail', 'train search'),
  instructionsTool('bus', 'bus search'),
  instructionsTool('etrain', 'commuter train search'),
  instructionsTool('hotels', 'hotel search'),
  instructionsTool('multitransport', 'multimodal search'),
  tool(
    'create_checkout_link',
    'A link to check an offer out on the stand-in’s demo pages, from the fields of its checkout_ref (pass them verbatim, with passengers_* for transport). Answers {checkout_url, kind, …}; kind says what the link opens.',
    createCheckoutLink,
  ),
  tool(
    'fetch_resource',
    'Read a tutu:// resource of the stand-in: tutu://help/overview, tutu://geo, tutu://status, tutu://special-offers.',
    (args: { uri: string }) => fetchResource(args.uri),
  ),
];
