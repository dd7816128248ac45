/**
 * Turns the searches into at most three packages — round trips whose hotel nights cover the
 * visit, priced for the whole party — and says what could not be used.
 *
 * Rail leads: the cheapest rail + hotel, then a more comfortable one (a berth or first class, a
 * well-rated hotel near the venue); air + hotel comes last, labelled as the alternative. With a
 * budget only packages within it are offered; when none fits, the single cheapest is shown and
 * labelled as over budget. An outbound journey must arrive 90 minutes (train) or two hours
 * (flight) before the event starts. Prices are read as Tutu defines them: a rail fare per seat
 * (times the travellers), a flight offer for the searched party, a hotel for the whole stay.
 */
import { distanceKm } from '../geo/cities.ts';
import type { FlightDirection, FlightOffer, HotelOffer, SeatOffer, Search, TrainOffer } from '../tutu/index.ts';
import type { Visit } from './choose-event.ts';
import type { OfferSearches, Outcome } from './search-offers.ts';
import type { Stay, TravelPlan } from './travel-plan.ts';
import type { CheckoutItemKey, Leg, TripPackage } from './trip-result.ts';
import { PACKAGE_LABELS, localTime, roubles, seatCategoryRu } from '../wording.ts';

export const ARRIVAL_MARGIN_MINUTES = { rail: 90, air: 120 } as const;
const COMFORT_TIER: Readonly<Record<string, number>> = { SHARED: 0, SEDENTARY: 1, RESERVED_SEAT: 1, COMPARTMENT: 2, SOFT: 3, LUX: 3 };
const GOOD_HOTEL = { minRating: 8.5, maxDistanceKm: 2.5 };

export interface RailOption {
  train: TrainOffer;
  seat: SeatOffer;
  total: number;
  stay: 'full' | 'late';
}

export interface FlightOption {
  offer: FlightOffer;
  /** The offer's return leg: only round trips become options. */
  back: FlightDirection;
  total: number;
}

export interface HotelOption {
  offer: HotelOffer;
  stay: Stay;
  total: number;
  perNight: number;
  nights: number;
  distanceKm: number | null;
}

/** How a package travels: by train both ways, or by a round-trip flight. */
export type PackageTransport =
  | { mode: 'rail'; railThere: RailOption; railBack: RailOption; flight: null }
  | { mode: 'air'; railThere: null; railBack: null; flight: FlightOption };

/** A package with the offers it was built from, which checkout needs and the answer does not show. */
export type BuiltPackage = PackageTransport & {
  view: TripPackage;
  hotel: HotelOption;
};

export interface PackageInputs {
  searches: OfferSearches;
  plan: TravelPlan;
  visit: Visit;
  adults: number;
  budget: number | null;
  eventStartsAt: string;
  venue: { lat: number; lon: number };
}

export interface PackagesOutcome {
  packages: BuiltPackage[];
  budgetStatus: 'not_given' | 'within' | 'none_fit';
  budgetNote: string;
  findings: string[];
}

/** Kopecks kept, float noise dropped: Tutu quotes fares like 1301.88 ₽. */
function money(amount: number): number {
  return Math.round(amount * 100) / 100;
}

function usable<T>(outcome: Outcome<Search<T>>): Search<T> | undefined {
  return outcome.ok ? outcome.value : undefined;
}

/** A rail fare is one seat's ticket: the party pays it once per traveller. */
function railOptions(search: Search<TrainOffer> | undefined, adults: number): RailOption[] {
  if (!search) return [];
  return search.rows.flatMap((train) => train.seats.map((seat): RailOption => ({ train, seat, total: money(seat.price * adults), stay: 'full' })));
}

/** A hotel price is the stay's total for the searched guests (`stay_total`): never times nights. */
function hotelOptions(search: Search<HotelOffer> | undefined, stay: Stay, nights: number, venue: { lat: number; lon: number }): HotelOption[] {
  if (!search) return [];
  return search.rows.map((offer) => ({
    offer,
    stay,
    total: offer.price,
    perNight: Math.round(offer.price / nights),
    nights,
    distanceKm: offer.coords ? distanceKm(offer.coords, venue) : null,
  }));
}

const byTotal = <T extends { total: number }>(a: T, b: T) => a.total - b.total;

function cheapest<T extends { total: number }>(options: T[]): T | undefined {
  return [...options].sort(byTotal)[0];
}

function nearGoodHotel(options: HotelOption[]): HotelOption | undefined {
  const good = options.filter((h) => (h.offer.rating ?? 0) >= GOOD_HOTEL.minRating && h.distanceKm !== null && h.distanceKm <= GOOD_HOTEL.maxDistanceKm);
  if (good.length > 0) return cheapest(good);
  return [...options].filter((h) => h.distanceKm !== null).sort((a, b) => a.distanceKm! - b.distanceKm! || a.total - b.total)[0] ?? cheapest(options);
}

function comfortable(options: RailOption[]): RailOption | undefined {
  const berths = options.filter((o) => (COMFORT_TIER[o.seat.category ?? ''] ?? 1) >= 2);
  if (berths.length > 0) return cheapest(berths);
  return [...options].sort((a, b) => a.train.durationMinutes - b.train.durationMinutes || a.total - b.total)[0];
}

function railLeg(option: RailOption, direction: Leg['direction']): Leg {
  const { train, seat } = option;
  return {
    direction,
    mode: 'rail',
    summary: `Поезд ${train.trainNumber}${train.name ? ` «${train.name}»` : ''}, ${seatCategoryRu(seat.category)}: ${train.departureStation} ${localTime(train.departureAt)} → ${train.arrivalStation} ${localTime(train.arrivalAt)}`,
    from: train.departureStation,
    to: train.arrivalStation,
    departs_at: train.departureAt,
    arrives_at: train.arrivalAt,
    duration_minutes: train.durationMinutes,
    train_number: train.trainNumber,
    train_name: train.name,
    seat_category: seat.category,
    flights: [],
    carrier: null,
    stops: 0,
    price: option.total,
  };
}

function flightLegs(option: FlightOption, origin: string, destination: string): Leg[] {
  const { offer } = option;
  const leg = (direction: Leg['direction'], d: FlightDirection, from: string, to: string): Leg => ({
    direction,
    mode: 'air',
    summary: `${offer.carrier} ${d.flights.join(' + ')}${d.stops > 0 ? ` (${d.stops} пересадка)` : ''}: ${d.from ?? from} ${localTime(d.departureAt)} → ${d.to ?? to} ${localTime(d.arrivalAt)}`,
    from: d.from ?? from,
    to: d.to ?? to,
    departs_at: d.departureAt,
    arrives_at: d.arrivalAt,
    duration_minutes: d.durationMinutes,
    train_number: null,
    train_name: null,
    seat_category: null,
    flights: d.flights,
    carrier: offer.carrier,
    stops: d.stops,
    price: null,
  });
  return [leg('there', offer.there, origin, destination), leg('back', option.back, destination, origin)];
}

function hotelView(option: HotelOption): TripPackage['hotel'] {
  const { offer } = option;
  return {
    hotel_id: offer.hotelId,
    name: offer.name,
    stars: offer.stars,
    rating: offer.rating,
    address: offer.address,
    coords: offer.coords,
    distance_to_venue_km: option.distanceKm,
    room: offer.roomName,
    meal: offer.meal,
    check_in: option.stay.checkIn,
    check_out: option.stay.checkOut,
    nights: option.nights,
    price_total: option.total,
    price_per_night: option.perNight,
  };
}

type Draft = PackageTransport & {
  key: string;
  label: string;
  hotel: HotelOption;
  transport: number;
  total: number;
};

function railDraft(label: string, there: RailOption, back: RailOption, hotel: HotelOption | undefined): Draft | undefined {
  if (!hotel) return undefined;
  const transport = money(there.total + back.total);
  return {
    key: `rail:${there.train.trainNumber}/${there.seat.category}:${back.train.trainNumber}/${back.seat.category}:${hotel.offer.hotelId}`,
    label,
    mode: 'rail',
    railThere: there,
    railBack: back,
    flight: null,
    hotel,
    transport,
    total: money(transport + hotel.total),
  };
}

function airDraft(label: string, flight: FlightOption, hotel: HotelOption | undefined): Draft | undefined {
  if (!hotel) return undefined;
  return {
    key: `air:${flight.offer.offerId}:${hotel.offer.hotelId}`,
    label,
    mode: 'air',
    railThere: null,
    railBack: null,
    flight,
    hotel,
    transport: flight.total,
    total: money(flight.total + hotel.total),
  };
}

function finish(draft: Draft, number: number, inputs: PackageInputs, withinBudget: boolean | null, origin: string, destination: string): BuiltPackage {
  const notes: string[] = [];
  let legs: Leg[];
  let items: CheckoutItemKey[];
  let pricing: TripPackage['transport_pricing'];
  if (draft.mode === 'rail') {
    const { railThere: there, railBack: back } = draft;
    legs = [railLeg(there, 'there'), railLeg(back, 'back')];
    items = ['there', 'back', 'hotel'];
    pricing = {
      basis: 'per_seat',
      note: `${roubles(there.seat.price)} there + ${roubles(back.seat.price)} back per seat × ${inputs.adults} passenger(s): Tutu's cheapest fare in that car category; the seat is chosen on Tutu's page.`,
    };
    if (there.stay === 'late' && draft.hotel.stay.checkIn !== inputs.plan.outboundDate)
      notes.push(`Overnight train: it arrives on the morning of ${there.train.arrivalAt.slice(0, 10)}, so the hotel starts that day.`);
  } else {
    const { flight } = draft;
    legs = flightLegs(flight, origin, destination);
    items = ['flight', 'hotel'];
    pricing = { basis: 'party_total', note: `Tutu's cheapest round-trip fare for the ${inputs.adults} passenger(s) searched; the cart shows the final sum.` };
    notes.push(
      'Air is the alternative: a flight checkout link opens a cart only in a browser with a live Tutu session; in a fresh browser it lands on search.',
    );
    if (flight.offer.baggage) notes.push(`Baggage: ${flight.offer.baggage}.`);
  }
  if (draft.hotel.distanceKm !== null) notes.push(`The hotel is ${draft.hotel.distanceKm} km from the venue in a straight line.`);
  const transport: PackageTransport =
    draft.mode === 'rail'
      ? { mode: 'rail', railThere: draft.railThere, railBack: draft.railBack, flight: null }
      : { mode: 'air', railThere: null, railBack: null, flight: draft.flight };
  return {
    ...transport,
    view: {
      number,
      label: withinBudget === false ? PACKAGE_LABELS.overBudget(draft.label) : draft.label,
      mode: draft.mode,
      alternative: draft.mode === 'air',
      within_budget: withinBudget,
      total_price: draft.total,
      currency: 'RUB',
      price_breakdown: { transport: draft.transport, hotel: draft.hotel.total },
      transport_pricing: pricing,
      legs,
      hotel: hotelView(draft.hotel),
      checkout_items: items,
      notes,
    },
    hotel: draft.hotel,
  };
}

export function buildPackages(inputs: PackageInputs): PackagesOutcome {
  const { searches, plan, adults, budget } = inputs;
  const findings: string[] = [];
  const eventStart = Date.parse(inputs.eventStartsAt);
  const arrivesInTime = (arrivalAt: string, margin: number) => Date.parse(arrivalAt) <= eventStart - margin * 60_000;

  const allThere = railOptions(usable(searches.railThere), adults);
  const railThere = allThere
    .filter((o) => arrivesInTime(o.train.arrivalAt, ARRIVAL_MARGIN_MINUTES.rail))
    .map((o): RailOption => ({ ...o, stay: o.train.arrivalAt.slice(0, 10) > plan.outboundDate ? 'late' : 'full' }));
  if (allThere.length > 0 && railThere.length === 0) {
    findings.push(
      `No train on ${plan.outboundDate} arrives at least ${ARRIVAL_MARGIN_MINUTES.rail} minutes before the event starts (${localTime(inputs.eventStartsAt)}).`,
    );
  }
  const railBack = railOptions(usable(searches.railBack), adults);

  const flightSearch = usable(searches.flights);
  const roundTrips = (flightSearch?.rows ?? []).filter((offer) => offer.back !== null);
  const flights: FlightOption[] = roundTrips.flatMap((offer) =>
    offer.back && arrivesInTime(offer.there.arrivalAt, ARRIVAL_MARGIN_MINUTES.air) ? [{ offer, back: offer.back, total: offer.price }] : [],
  );
  if (flightSearch && flightSearch.rows.length > 0 && flights.length === 0) {
    findings.push(
      roundTrips.length === 0
        ? 'Flights: Tutu returned no round-trip offer with a return leg, so none was used.'
        : `No round-trip flight lands at least ${ARRIVAL_MARGIN_MINUTES.air} minutes before the event starts.`,
    );
  }

  const fullNights = Math.round((Date.parse(plan.fullStay.checkOut) - Date.parse(plan.fullStay.checkIn)) / 86_400_000);
  const hotels = {
    full: hotelOptions(usable(searches.hotelsFull), plan.fullStay, fullNights, inputs.venue),
    late: hotelOptions(usable(searches.hotelsLate), plan.lateStay, fullNights - 1, inputs.venue),
  };
  // An overnight arrival uses the late stay; if that search gave nothing, the full stay still covers the visit.
  const hotelsFor = (stay: 'full' | 'late') => (stay === 'late' && hotels.late.length > 0 ? hotels.late : hotels.full);

  const cheapThere = cheapest(railThere);
  const cheapBack = cheapest(railBack);
  const comfyThere = comfortable(railThere);
  const comfyBack = comfortable(railBack);
  const cheapFlight = cheapest(flights);

  const drafts = [
    cheapThere && cheapBack && railDraft(PACKAGE_LABELS.railCheapest, cheapThere, cheapBack, cheapest(hotelsFor(cheapThere.stay))),
    comfyThere &&
      comfyBack &&
      railDraft(PACKAGE_LABELS.railComfort(comfyThere.seat.category), comfyThere, comfyBack, nearGoodHotel(hotelsFor(comfyThere.stay))),
    cheapThere && cheapBack && railDraft(PACKAGE_LABELS.railNearHotel, cheapThere, cheapBack, nearGoodHotel(hotelsFor(cheapThere.stay))),
    comfyThere &&
      comfyBack &&
      railDraft(PACKAGE_LABELS.railComfortCheapHotel(comfyThere.seat.category), comfyThere, comfyBack, cheapest(hotelsFor(comfyThere.stay))),
    cheapFlight && airDraft(PACKAGE_LABELS.air, cheapFlight, cheapest(hotels.full)),
    cheapFlight && airDraft(PACKAGE_LABELS.airNearHotel, cheapFlight, nearGoodHotel(hotels.full)),
  ].filter((d): d is Draft => Boolean(d));
  const distinct = drafts.filter((d, i) => drafts.findIndex((other) => other.key === d.key) === i);

  const fits = (d: Draft) => budget === null || d.total <= budget;
  const rail = distinct.filter((d) => d.mode === 'rail' && fits(d)).slice(0, 2);
  const air = distinct.filter((d) => d.mode === 'air' && fits(d)).slice(0, rail.length === 0 ? 2 : 1);
  const origin = searches.origin.nameRu;
  const destination = searches.destination.nameRu;
  const chosen = [...rail, ...air];

  if (budget === null) {
    return {
      packages: chosen.map((d, i) => finish(d, i + 1, inputs, null, origin, destination)),
      budgetStatus: 'not_given',
      budgetNote: 'No budget was given.',
      findings,
    };
  }
  if (chosen.length > 0) {
    const over = distinct.length - distinct.filter(fits).length;
    return {
      packages: chosen.map((d, i) => finish(d, i + 1, inputs, true, origin, destination)),
      budgetStatus: 'within',
      budgetNote: `Every package shown fits the budget of ${roubles(budget)} for ${adults} traveller(s)${over > 0 ? `; ${over} other combination(s) cost more and were left out` : ''}.`,
      findings,
    };
  }
  const cheapestOverall = cheapest(distinct);
  if (!cheapestOverall)
    return { packages: [], budgetStatus: 'none_fit', budgetNote: `No package could be built, so nothing fits ${roubles(budget)}.`, findings };
  return {
    packages: [finish(cheapestOverall, 1, inputs, false, origin, destination)],
    budgetStatus: 'none_fit',
    budgetNote: `Nothing fits the budget of ${roubles(budget)}: the cheapest package costs ${roubles(cheapestOverall.total)}, ${roubles(cheapestOverall.total - budget)} over. It is shown anyway, labelled as over budget.`,
    findings,
  };
}
