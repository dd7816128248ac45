/**
 * `search_avia` on the stand-in: one-way or round-trip offers between two cities, direct where a
 * route exists and otherwise through Moscow. An offer's price covers the whole party
 * (`meta.pricing.basis: party_total`); its `checkout_ref` carries the passenger counts that
 * create_checkout_link needs to open a cart for the right number of people.
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

export type ServiceClass = 'Y' | 'S' | 'C' | 'F';
const CLASS_FACTOR: Record<ServiceClass, number> = { Y: 1, S: 1.45, C: 3.2, F: 5 };

export interface AviaArgs {
  origin: string;
  destination: string;
  departure_date: string;
  return_date?: string;
  adults?: number;
  children?: number;
  infants?: number;
  service_class?: ServiceClass;
  page?: number;
  page_size?: number;
  sort?: 'price_asc' | 'price_desc' | 'duration_asc' | 'departure_asc';
  price_max?: number;
  direct_only?: boolean;
  carriers?: string[];
  flight_numbers?: string[];
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

function direction(it: Itinerary) {
  const first = it.legs[0]!;
  const last = it.legs[it.legs.length - 1]!;
  return {
    segments: it.legs.map((leg) => ({
      flight_number: leg.flight.number,
      carrier: CARRIERS[leg.flight.carrier]!.name,
      from: leg.flight.from,
      to: leg.flight.to,
      departure_at: formatLocal(leg.departureAt, airportCity(leg.flight.from).utcOffsetHours),
      arrival_at: formatLocal(leg.arrivalAt, airportCity(leg.flight.to).utcOffsetHours),
    })),
    departure_at: formatLocal(first.departureAt, airportCity(first.flight.from).utcOffsetHours),
    arrival_at: formatLocal(last.arrivalAt, airportCity(last.flight.to).utcOffsetHours),
    duration_minutes: Math.round((last.arrivalAt - first.departureAt) / 60_000),
    stops: it.legs.length - 1,
  };
}

export function offerRow(spec: OfferSpec) {
  const id = offerId(spec);
  const mainCarrier = CARRIERS[spec.there.legs[0]!.flight.carrier]!;
  const direct = spec.there.legs.length === 1 && (!spec.back || spec.back.legs.length === 1);
  return {
    offer_id: id,
    price: offerPrice(spec),
    currency: 'RUB',
    carrier: mainCarrier.name,
    service_class: spec.serviceClass,
    direct,
    baggage: mainCarrier.code === 'DP' ? 'только ручная кладь' : '1 место до 23 кг',
    there: direction(spec.there),
    ...(spec.back ? { back: direction(spec.back) } : {}),
    checkout_ref: {
      product_type: 'avia',
      offer_id: id,
      passengers_full: spec.party.adults,
      passengers_child: spec.party.children,
      passengers_infant: spec.party.infants,
    },
  };
}

const MAX_DIRECTION_OPTIONS = 8;

export function searchAvia(args: AviaArgs, ctx: SimContext) {
  const from = resolvePlace(args.origin, 'origin');
  const to = resolvePlace(args.destination, 'destination');
  if (from.city.key === to.city.key) throw new SimToolError('Пункты вылета и прилёта совпадают.');
  const departureDate = travelDate(args.departure_date, 'departure_date', ctx);
  const returnDate = args.return_date === undefined ? undefined : travelDate(args.return_date, 'return_date', ctx);
  if (returnDate && daysBetween(departureDate, returnDate) < 0) throw new SimToolError('Дата возвращения раньше даты вылета.');
  const party: Party = { adults: args.adults ?? 1, children: args.children ?? 0, infants: args.infants ?? 0 };
  if (party.infants > party.adults) throw new SimToolError('Младенцев без места не может быть больше, чем взрослых.');
  if (party.adults + party.children + party.infants > 9) throw new SimToolError('В одном бронировании не больше 9 пассажиров.');
  const serviceClass = args.service_class ?? 'Y';

  const meta = {
    product: 'avia',
    from: placeMeta(from.city),
    to: placeMeta(to.city),
    departure_date: departureDate,
    ...(returnDate ? { return_date: returnDate } : {}),
    passengers: party,
    service_class: serviceClass,
    pricing: { basis: 'party_total', currency: 'RUB' },
    search_results_url: searchResultsUrl(ctx.publicUrl, 'avia', { from: from.city.name, to: to.city.name, date: departureDate, return_date: returnDate, adults: party.adults, children: party.children, infants: party.infants }),
    data_source: DATA_SOURCE,
  };
  if (from.city.airports.length === 0 || to.city.airports.length === 0) {
    const without = from.city.airports.length === 0 ? from.city : to.city;
    return { meta: { ...meta, total_matched: 0, has_more: false, note: `В пункте «${without.name}» нет аэропорта с регулярными рейсами.` }, offers: [] };
  }
  if (beyondSalesHorizon(returnDate ?? departureDate, ctx)) {
    return { meta: { ...meta, total_matched: 0, has_more: false, note: 'На эти даты расписание ещё не опубликовано.' }, offers: [] };
  }

  const keep = (it: Itinerary) =>
    it.legs[0]!.departureAt > ctx.now.getTime() &&
    (!args.direct_only || it.legs.length === 1) &&
    (!args.carriers || it.legs.every((l) => args.carriers!.includes(l.flight.carrier))) &&
    (!args.flight_numbers || it.legs.some((l) => args.flight_numbers!.map(normalizeFlight).includes(normalizeFlight(l.flight.number))));
  const cheapestFirst = (list: Itinerary[]) =>
    list.filter(keep).sort((a, b) => legsFare(a, serviceClass) - legsFare(b, serviceClass)).slice(0, MAX_DIRECTION_OPTIONS);

  const outbound = cheapestFirst(itineraries(from, to, departureDate));
  const inbound = returnDate ? cheapestFirst(itineraries(to, from, returnDate)) : [];
  const specs: OfferSpec[] = returnDate
    ? outbound.flatMap((there) => inbound.filter((back) => back.legs[0]!.departureAt > there.legs[there.legs.length - 1]!.arrivalAt).map((back) => ({ there, back, party, serviceClass })))
    : outbound.map((there) => ({ there, party, serviceClass }));

  const rows = specs.map(offerRow).filter((row) => args.price_max === undefined || row.price <= args.price_max);
  rows.sort(ORDER[args.sort ?? 'price_asc']);
  const page = paginate(rows, args.page, args.page_size, 10, 30);
  return { meta: { ...meta, ...pageMeta(page) }, offers: page.rows };
}

function legsFare(it: Itinerary, serviceClass: ServiceClass): number {
  return it.legs.reduce((sum, leg) => sum + legFare(leg, serviceClass), 0);
}

function normalizeFlight(number: string): string {
  return number.replace(/\s+/g, '').toUpperCase();
}

type Row = ReturnType<typeof offerRow>;
const ORDER: Record<NonNullable<AviaArgs['sort']>, (a: Row, b: Row) => number> = {
  price_asc: (a, b) => a.price - b.price || a.there.departure_at.localeCompare(b.there.departure_at),
  price_desc: (a, b) => b.price - a.price,
  duration_asc: (a, b) => a.there.duration_minutes - b.there.duration_minutes || a.price - b.price,
  departure_asc: (a, b) => a.there.departure_at.localeCompare(b.there.departure_at) || a.price - b.price,
};

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
