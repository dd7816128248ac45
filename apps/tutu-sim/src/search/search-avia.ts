/**
 * `search_avia` on the stand-in: one-way or round-trip offers between two cities, direct where a
 * route exists and otherwise through Moscow, in tutu-mcp-server 0.38.0's shape: `price {amount,
 * currency}` (the cheapest fare family, for the searched party), `legs[]` (outbound, and return
 * for a round trip) with `segments[].voyage_no`, `variants[]` (fare families with baggage), the
 * listing's `search_results_url`, and a `checkout_ref` carrying the passenger counts and, for a
 * round trip, `is_round_trip` + `return_departure_at`.
 */
import { daysBetween, formatLocal, localInstant } from '../calendar.ts';
import { CITIES, type SimCity } from '../fixtures/cities.ts';
import { CARRIERS, FLIGHTS, type Flight } from '../fixtures/flights.ts';
import { priceFor } from '../deterministic.ts';
import { encodeRef } from '../opaque-ref.ts';
import { placeMeta, resolvePlace, type ResolvedPlace } from '../places.ts';
import { SimToolError, type SimContext } from '../sim-context.ts';
import { searchResultsUrl } from '../demo-urls.ts';
import { DATA_SOURCE, beyondSalesHorizon, pageMeta, paginate, travelDate } from './argument-checks.ts';
import { carriersAvailable, money, sortOffers, type TransportSort } from './transport-shapes.ts';

export type ServiceClass = 'Y' | 'S' | 'C' | 'F';
const CLASS_FACTOR: Record<ServiceClass, number> = { Y: 1, S: 1.45, C: 3.2, F: 5 };

export interface AviaArgs {
  origin?: string | null;
  destination?: string | null;
  from_city?: string | null;
  to_city?: string | null;
  departure_date?: string | null;
  return_date?: string | null;
  adults?: number;
  children?: number;
  infants?: number;
  service_class?: string;
  page?: number;
  page_size?: number;
  sort?: TransportSort;
  price_max?: number | null;
  direct_only?: boolean;
  carriers?: string[] | null;
  flight_numbers?: string[] | null;
  view?: 'compact' | 'full';
}

export interface Party {
  adults: number;
  children: number;
  infants: number;
}

/** A flight flown on a date: the unit an offer is made of and its ID is rebuilt from. */
export interface Leg {
  flight: Flight;
  date: string;
  departureAt: number;
  arrivalAt: number;
}

export interface Itinerary {
  legs: Leg[];
}

const MIN_CONNECTION_MINUTES = 75;
const MAX_CONNECTION_MINUTES = 6 * 60;

function airportCity(iata: string): SimCity {
  const city = CITIES.find((c) => c.airports.some((a) => a.iata === iata));
  if (!city) throw new TypeError(`Unknown airport ${iata}`);
  return city;
}

export function legOn(flight: Flight, date: string): Leg {
  const departureAt = localInstant(date, flight.departs, airportCity(flight.from).utcOffsetHours);
  return { flight, date, departureAt, arrivalAt: departureAt + flight.minutes * 60_000 };
}

function dateAt(instant: number, iata: string): string {
  return formatLocal(instant, airportCity(iata).utcOffsetHours).slice(0, 10);
}

function airportsOf(place: ResolvedPlace): string[] {
  return place.airport ? [place.airport] : place.city.airports.map((a) => a.iata);
}

/** Direct flights on the date, or else connections through one Moscow airport. */
function itineraries(from: ResolvedPlace, to: ResolvedPlace, date: string): Itinerary[] {
  const origins = airportsOf(from);
  const destinations = airportsOf(to);
  const direct = FLIGHTS.filter((f) => origins.includes(f.from) && destinations.includes(f.to)).map((f) => ({ legs: [legOn(f, date)] }));
  if (direct.length > 0 || from.city.key === 'msk' || to.city.key === 'msk') return direct;
  const connections: Itinerary[] = [];
  for (const first of FLIGHTS.filter((f) => origins.includes(f.from) && airportCity(f.to).key === 'msk')) {
    const firstLeg = legOn(first, date);
    for (const second of FLIGHTS.filter((f) => f.from === first.to && destinations.includes(f.to))) {
      const connectionDate = dateAt(firstLeg.arrivalAt, first.to);
      for (const candidateDate of [connectionDate, nextDay(connectionDate)]) {
        const secondLeg = legOn(second, candidateDate);
        const wait = (secondLeg.departureAt - firstLeg.arrivalAt) / 60_000;
        if (wait >= MIN_CONNECTION_MINUTES && wait <= MAX_CONNECTION_MINUTES) connections.push({ legs: [firstLeg, secondLeg] });
      }
    }
  }
  return connections;
}

function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

export function legFare(leg: Leg, serviceClass: ServiceClass): number {
  const carrier = CARRIERS[leg.flight.carrier]!;
  return priceFor(leg.flight.baseFare * carrier.fareFactor * CLASS_FACTOR[serviceClass], leg.date, leg.flight.number);
}

/** Children fly at 75 % of the adult fare, infants without a seat at 10 %. */
export function partyPrice(perAdult: number, party: Party): number {
  return Math.round((perAdult * (party.adults + 0.75 * party.children + 0.1 * party.infants)) / 10) * 10;
}

export interface OfferSpec {
  there: Itinerary;
  back?: Itinerary;
  party: Party;
  serviceClass: ServiceClass;
}

export function offerId(spec: OfferSpec): string {
  const legs = (it: Itinerary) => it.legs.map((l) => `${l.flight.number}@${l.date}`).join('+');
  return encodeRef('av', {
    there: legs(spec.there),
    back: spec.back ? legs(spec.back) : '',
    a: spec.party.adults,
    c: spec.party.children,
    i: spec.party.infants,
    k: spec.serviceClass,
  });
}

export function offerPrice(spec: OfferSpec): number {
  const perAdult = [...spec.there.legs, ...(spec.back?.legs ?? [])].reduce((sum, leg) => sum + legFare(leg, spec.serviceClass), 0);
  return partyPrice(perAdult, spec.party);
}

function place(iata: string): string {
  const city = airportCity(iata);
  return `${city.name} — ${city.airports.find((a) => a.iata === iata)!.name} (${iata})`;
}

function leg(it: Itinerary, label: 'outbound' | 'return') {
  const first = it.legs[0]!;
  const last = it.legs[it.legs.length - 1]!;
  const at = (instant: number, iata: string) => formatLocal(instant, airportCity(iata).utcOffsetHours);
  return {
    label,
    from: place(first.flight.from),
    to: place(last.flight.to),
    departure_at: at(first.departureAt, first.flight.from),
    arrival_at: at(last.arrivalAt, last.flight.to),
    duration_min: Math.round((last.arrivalAt - first.departureAt) / 60_000),
    segments: it.legs.map((l) => ({
      from: place(l.flight.from),
      to: place(l.flight.to),
      departure_at: at(l.departureAt, l.flight.from),
      arrival_at: at(l.arrivalAt, l.flight.to),
      duration_min: l.flight.minutes,
      carrier: CARRIERS[l.flight.carrier]!.name,
      voyage_no: l.flight.number,
    })),
  };
}

/** Fare families: the cheapest one is the offer's price; the others add baggage and flexibility. */
function variants(id: string, price: number, lowCost: boolean) {
  const families: Array<[string, number, { kg: number; pieces: number }, boolean]> = lowCost
    ? [
        ['Базовый', 1, { kg: 0, pieces: 0 }, false],
        ['Выгодный', 1.35, { kg: 10, pieces: 1 }, false],
      ]
    : [
        ['Эконом', 1, { kg: 23, pieces: 1 }, false],
        ['Комфорт', 1.6, { kg: 23, pieces: 1 }, true],
      ];
  return families.map(([family, factor, baggage, refundable], index) => ({
    variant_id: `${id}:${index}`,
    offer_hash: index === 0 ? id : `${id}:${index}`,
    price: { amount: money(Math.round((price * factor) / 10) * 10), currency: 'RUB' },
    conditions: { fare_family: family, baggage, refundable, changeable: refundable },
    service_class: 'ECONOMIC',
  }));
}

export function offerRow(spec: OfferSpec, searchUrl: string) {
  const id = offerId(spec);
  const mainCarrier = CARRIERS[spec.there.legs[0]!.flight.carrier]!;
  const there = leg(spec.there, 'outbound');
  const back = spec.back ? leg(spec.back, 'return') : undefined;
  const price = offerPrice(spec);
  const carriers = [...new Set([...spec.there.legs, ...(spec.back?.legs ?? [])].map((l) => CARRIERS[l.flight.carrier]!.name))];
  return {
    offer_id: id,
    transport: 'avia',
    price: { amount: money(price), currency: 'RUB' },
    duration_min: there.duration_min,
    carriers,
    search_results_url: searchUrl,
    segments_count: there.segments.length + (back?.segments.length ?? 0),
    departure_at: there.departure_at,
    arrival_at: there.arrival_at,
    legs: back ? [there, back] : [there],
    variants: variants(id, price, mainCarrier.code === 'DP'),
    checkout_ref: {
      transport: 'avia',
      is_round_trip: Boolean(back),
      search_results_url: searchUrl,
      offer_hash: id,
      departure_geo_city_id: airportCity(spec.there.legs[0]!.flight.from).geoId,
      arrival_geo_city_id: airportCity(spec.there.legs[spec.there.legs.length - 1]!.flight.to).geoId,
      departure_at: there.departure_at,
      service_class: 'ECONOMIC',
      passengers_full: spec.party.adults,
      passengers_child: spec.party.children,
      passengers_infant: spec.party.infants,
      ...(back ? { return_departure_at: back.departure_at } : {}),
    },
  };
}

const MAX_DIRECTION_OPTIONS = 8;

export function searchAvia(args: AviaArgs, ctx: SimContext) {
  const from = resolvePlace(args.origin ?? args.from_city, 'origin');
  const to = resolvePlace(args.destination ?? args.to_city, 'destination');
  if (from.city.key === to.city.key) throw new SimToolError('Пункты вылета и прилёта совпадают.');
  const departureDate = travelDate(args.departure_date, 'departure_date', ctx);
  const returnDate = args.return_date === undefined || args.return_date === null ? undefined : travelDate(args.return_date, 'return_date', ctx);
  if (returnDate && daysBetween(departureDate, returnDate) < 0) throw new SimToolError('Дата возвращения раньше даты вылета.');
  const party: Party = { adults: args.adults ?? 1, children: args.children ?? 0, infants: args.infants ?? 0 };
  if (party.infants > party.adults) throw new SimToolError('Младенцев без места не может быть больше, чем взрослых.');
  if (party.adults + party.children + party.infants > 9) throw new SimToolError('В одном бронировании не больше 9 пассажиров.');
  const serviceClass: ServiceClass = args.service_class === 'S' || args.service_class === 'C' || args.service_class === 'F' ? args.service_class : 'Y';
  const sort = args.sort ?? 'price_asc';
  const base = {
    transport: 'avia',
    from: { ...placeMeta(from.city), iata: from.airport ?? from.city.airports[0]?.iata ?? null },
    to: { ...placeMeta(to.city), iata: to.airport ?? to.city.airports[0]?.iata ?? null },
    round_trip: Boolean(returnDate),
    return_date: returnDate ?? null,
    sort,
    data_source: DATA_SOURCE,
  };
  const empty = (note: string) => ({
    offers: [],
    meta: {
      ...base,
      page: 1,
      page_size: args.page_size ?? 10,
      total_returned: 0,
      total_matched: 0,
      has_more: false,
      carriers_available: [],
      upstream_note: note,
    },
  });
  if (from.city.airports.length === 0 || to.city.airports.length === 0) {
    const without = from.city.airports.length === 0 ? from.city : to.city;
    return empty(`В пункте «${without.name}» нет аэропорта с регулярными рейсами.`);
  }
  if (beyondSalesHorizon(returnDate ?? departureDate, ctx)) return empty('На эти даты расписание ещё не опубликовано.');

  const wantedCarriers = args.carriers?.length ? args.carriers.map((c) => c.toLowerCase()) : undefined;
  const keep = (it: Itinerary) =>
    it.legs[0]!.departureAt > ctx.now.getTime() &&
    (!args.direct_only || it.legs.length === 1) &&
    (!wantedCarriers || it.legs.every((l) => wantedCarriers.some((c) => CARRIERS[l.flight.carrier]!.name.toLowerCase().includes(c)))) &&
    (!args.flight_numbers?.length || it.legs.some((l) => args.flight_numbers!.map(normalizeFlight).includes(normalizeFlight(l.flight.number))));
  const cheapestFirst = (list: Itinerary[]) =>
    list
      .filter(keep)
      .sort((a, b) => legsFare(a, serviceClass) - legsFare(b, serviceClass))
      .slice(0, MAX_DIRECTION_OPTIONS);

  const outbound = cheapestFirst(itineraries(from, to, departureDate));
  const inbound = returnDate ? cheapestFirst(itineraries(to, from, returnDate)) : [];
  const specs: OfferSpec[] = returnDate
    ? outbound.flatMap((there) =>
        inbound
          .filter((back) => back.legs[0]!.departureAt > there.legs[there.legs.length - 1]!.arrivalAt)
          .map((back) => ({ there, back, party, serviceClass })),
      )
    : outbound.map((there) => ({ there, party, serviceClass }));
  const searchUrl = searchResultsUrl(ctx.publicUrl, 'avia', {
    from: from.city.name,
    to: to.city.name,
    date: departureDate,
    return_date: returnDate,
    adults: party.adults,
    children: party.children,
    infants: party.infants,
  });
  const all = specs.map((spec) => offerRow(spec, searchUrl));
  const rows = all.filter((row) => args.price_max === undefined || args.price_max === null || row.price.amount <= args.price_max);
  const page = paginate(sortOffers(rows, sort), args.page, args.page_size, 10, 30);
  return {
    offers: page.rows,
    meta: {
      ...base,
      ...pageMeta(page),
      total_returned: page.rows.length,
      total_matched_exact: true,
      carriers_available: carriersAvailable(all),
      upstream_note: null,
    },
  };
}

function legsFare(it: Itinerary, serviceClass: ServiceClass): number {
  return it.legs.reduce((sum, leg) => sum + legFare(leg, serviceClass), 0);
}

function normalizeFlight(number: string): string {
  return number.replace(/\s+/g, '').toUpperCase();
}

/** Rebuilds the legs of an offer from its ID, or undefined when a flight is unknown. */
export function legsFromIds(text: string): Itinerary | undefined {
  if (text === '') return undefined;
  const legs: Leg[] = [];
  for (const part of text.split('+')) {
    const [number, date] = part.split('@');
    const flight = FLIGHTS.find((f) => f.number === number);
    if (!flight || !date) return undefined;
    legs.push(legOn(flight, date));
  }
  return { legs };
}
