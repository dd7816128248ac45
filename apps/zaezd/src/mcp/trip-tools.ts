/**
 * The three outward tools — find_event_trips, get_trip_details, create_trip_checkout — and
 * nothing else: Tutu's sixteen tools are used inside, never re-exported. Thin by design: the kit's
 * tool contract validates the forgiving input, the planner does the work, render-text.ts writes
 * the text. All three only read (Tutu creates no cart; the traveller's browser does), so
 * readOnlyHint is true; checkout is not idempotent because every call mints new expiring links.
 * Each links to the trip board widget (trip-board-resource.ts); hosts without widgets read the
 * same answer from structuredContent and the text.
 */
import { defineTool, type Tool } from '@agent-products/kit/mcp';
import type { TripPlanner } from '../trips/trip-planner.ts';
import { TripCheckout } from '../trips/trip-checkout.ts';
import { TripDetails } from '../trips/trip-details.ts';
import { TripResult } from '../trips/trip-result.ts';
import { CreateTripCheckoutInput, FindEventTripsInput, GetTripDetailsInput } from './input-schemas.ts';
import { renderCheckout, renderDetails, renderTrip } from './render-text.ts';
import { TRIP_BOARD_TOOL_META } from './trip-board-resource.ts';

const READS = { readOnlyHint: true, destructiveHint: false, openWorldHint: true } as const;

export function tripTools(planner: TripPlanner): Tool[] {
  return [
    defineTool({
      name: 'find_event_trips',
      title: 'Find trips to an event',
      description:
        'Find an event matching the topics (Russian or English: concert/концерт, jazz/джаз, festival/фестиваль, theatre/театр, exhibition/выставка, opera, ballet, classical, rock, film) ' +
        'in the cities zaezd covers, and build up to three ready packages from the origin: transport there and back plus a hotel whose nights cover the event, priced for the whole party ' +
        '(within the budget when given; if nothing fits, the cheapest is shown labelled over budget). Rail + hotel comes first; air + hotel is labelled as the alternative. ' +
        'The answer includes a coverage note (what was searched, not found, not covered), a trip_id for get_trip_details / create_trip_checkout, and web_url. ' +
        'Event tickets are not included. Nothing is booked.',
      input: FindEventTripsInput,
      output: TripResult,
      annotations: { ...READS, idempotentHint: true },
      meta: TRIP_BOARD_TOOL_META,
      run: (args, scope) => planner.find(args, scope.now()),
      text: renderTrip,
    }),
    defineTool({
      name: 'get_trip_details',
      title: 'Get trip package details',
      description:
        'Details of one package of a trip found by find_event_trips: every leg, the hotel (name, stars, rating, address, distance to the venue, check-in times, room and cancellation), ' +
        'the rates (per night, total, and what each price covers: a rail fare per seat, a flight for the party, a hotel for the whole stay) and the weather for the event days when a forecast exists (Open-Meteo, up to 16 days ahead; otherwise the reason). ' +
        'The trip is rebuilt from trip_id, so prices are current.',
      input: GetTripDetailsInput,
      output: TripDetails,
      annotations: { ...READS, idempotentHint: true },
      meta: TRIP_BOARD_TOOL_META,
      run: (args, scope) => planner.details(args.trip_id, args.package, scope.now()),
      text: renderDetails,
    }),
    defineTool({
      name: 'create_trip_checkout',
      title: 'Create checkout links for a package',
      description:
        'A checklist of two or three links to check a package out on Tutu’s own site: each train leg (or the round-trip flight) and the hotel. ' +
        'Each link carries the kind Tutu actually returned and a label derived from it (checkout_deeplink → Открыть корзину, deeplink → Открыть страницу выбора, ' +
        'search_redirect → Открыть поиск, корзины не будет, order_url/seats_url → Открыть заказ). Passenger counts are always forwarded. ' +
        'Links expire; stable_url gets a fresh one when clicked. zaezd creates no cart: the traveller opens the links in their own browser.',
      input: CreateTripCheckoutInput,
      output: TripCheckout,
      annotations: { ...READS, idempotentHint: false },
      meta: TRIP_BOARD_TOOL_META,
      run: (args, scope) => planner.checkout(args.trip_id, args.package, scope.now()),
      text: renderCheckout,
    }),
  ];
}
