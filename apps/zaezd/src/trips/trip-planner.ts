/**
 * The orchestrator behind the three tools and the trip pages. It keeps no state: a trip is
 * rebuilt from its ID each time — the event looked up again, the five Tutu searches run again
 * (cached briefly, so reopening a trip is cheap) — and a checkout link is asked for live, never
 * stored.
 */
import { moscowToday, todayIn } from '../calendar.ts';
import { cityByKey } from '../geo/cities.ts';
import type { EventsSource } from '../events/event.ts';
import { UpstreamError, hotelCheckoutArguments, roundTripCheckoutArguments, transportCheckoutArguments, type CheckoutLink, type HotelRooms, type TutuClient } from '../tutu/index.ts';
import type { OpenMeteoWeather, Weather } from '../weather/open-meteo.ts';
import { fail } from '../errors.ts';
import { buildPackages, type BuiltPackage, type PackagesOutcome } from './build-packages.ts';
import { SEARCH_FALLBACK_LABEL, labelForKind } from './checkout-labels.ts';
import { chooseEvent, eventRefOf, sameOccurrence, type Candidate, type EventChoice } from './choose-event.ts';
import type { CheckoutHosts } from './checkout-hosts.ts';
import { coverageNote } from './coverage-note.ts';
import { failures, searchOffers, type OfferSearches, type SearchFailure } from './search-offers.ts';
import { TRAVEL_RULE, travelPlan, type TravelPlan } from './travel-plan.ts';
import type { CheckoutItem, TripCheckout } from './trip-checkout.ts';
import type { TripDetails } from './trip-details.ts';
import { decodeTripId, encodeTripId, type TripSelection } from './trip-id.ts';
import { resolveTripRequest, type TripInput, type TripRequest } from './trip-request.ts';
import type { CheckoutItemKey, TripEvent, TripResult } from './trip-result.ts';

export const DEMO_NOTICE =
  'Demo data: the trains, flights, hotels and prices come from tutu-sim, a local stand-in for Tutu with fixture data — none of it is a real offer.';

export interface TripPlannerOptions {
  events: EventsSource;
  tutu: TutuClient;
  weather: OpenMeteoWeather;
  /** The base URL of zaezd's web pages, for the trip links it hands out. */
  publicUrl: string;
  /** The most one trip's Tutu searches may take, all events tried together. */
  searchBudgetMs: number;
  /** Which of Tutu's links may be handed out and redirected to. */
  checkoutHosts: CheckoutHosts;
}

/** Events tried, best first, before a trip settles for one Tutu cannot reach. */
const MAX_EVENTS_TRIED = 3;

interface Attempt {
  candidate: Candidate;
  plan: TravelPlan;
  searches: OfferSearches;
  outcome: PackagesOutcome;
  failed: ReturnType<typeof failures>;
}

interface BuiltTrip {
  result: TripResult;
  packages: BuiltPackage[];
  searches: OfferSearches | null;
  chosen: Candidate | null;
}

const HOW_CHECKOUT_WORKS =
  'Open the links one by one: each opens that part on Tutu’s own site in your browser, where the cart belongs to your Tutu session (zaezd never creates a cart). ' +
  'Tutu’s links expire; each stable_url asks Tutu for a fresh link when clicked. Nothing is booked or paid until you do it on Tutu.';

function eventView(candidate: Candidate): TripEvent {
  const { occurrence, fit, visit } = candidate;
  const city = cityByKey(occurrence.city);
  return {
    id: occurrence.id,
    source: occurrence.source,
    title: occurrence.title,
    description: occurrence.description,
    city: { name: city.nameRu, name_en: city.nameEn },
    venue: occurrence.venue,
    starts_at: occurrence.startsAt,
    ends_at: occurrence.endsAt,
    visit,
    matched_topics: fit.matched,
    missing_topics: fit.missing,
    url: occurrence.url,
    price_note: occurrence.priceNote,
    dates_note: occurrence.datesNote,
  };
}

export class TripPlanner {
  constructor(private readonly options: TripPlannerOptions) {}

  webUrl(tripId: string): string {
    return `${this.options.publicUrl}/t/${tripId}`;
  }

  goUrl(tripId: string, packageNumber: number, item: CheckoutItemKey): string {
    return `${this.webUrl(tripId)}/go/${packageNumber}/${item}`;
  }

  async find(input: TripInput, now: Date): Promise<TripResult> {
    const today = moscowToday(now);
    return (await this.build({ request: resolveTripRequest(input, today), event: null }, today, false)).result;
  }

  /** The same trip again from its ID alone (the `/t/:id` page and the other two tools). */
  async reproduce(tripId: string, now: Date): Promise<TripResult> {
    return (await this.build(decodeTripId(tripId), moscowToday(now), true)).result;
  }

  async details(tripId: string, packageNumber: number, now: Date): Promise<TripDetails> {
    const trip = await this.build(decodeTripId(tripId), moscowToday(now), true);
    const built = this.packageOf(trip, packageNumber);
    const chosen = trip.chosen!;
    const city = cityByKey(chosen.occurrence.city);
    const stay = built.hotel.stay;
    const [rooms, weather] = await Promise.all([
      this.options.tutu.hotelRooms(built.hotel.offer.hotelId, stay.checkIn, stay.checkOut, trip.result.request.adults).then(
        (value): HotelRooms | UpstreamError => value,
        (error: unknown) => {
          if (error instanceof UpstreamError) return error;
          throw error;
        },
      ),
      this.options.weather.forecast({
        lat: chosen.occurrence.venue.lat,
        lon: chosen.occurrence.venue.lon,
        timezone: city.timezone,
        from: chosen.visit.from,
        to: chosen.visit.to,
        today: todayIn(now, city.utcOffsetHours),
      }),
    ]);
    const offer = built.hotel.offer;
    const room = rooms instanceof UpstreamError ? undefined : matchingRoom(rooms, offer.meal, offer.price);
    const view = built.view;
    return {
      trip_id: trip.result.trip_id,
      web_url: trip.result.web_url,
      demo_data: trip.result.demo_data,
      notice: trip.result.notice,
      event: trip.result.event!,
      package: view,
      hotel: {
        name: offer.name,
        stars: offer.stars,
        rating: offer.rating,
        address: offer.address,
        distance_to_venue_km: built.hotel.distanceKm,
        coords: offer.coords,
        check_in: stay.checkIn,
        check_out: stay.checkOut,
        check_in_time: rooms instanceof UpstreamError ? null : rooms.checkInTime,
        check_out_time: rooms instanceof UpstreamError ? null : rooms.checkOutTime,
        room: room?.roomName ?? offer.roomName,
        meal: room?.meal ?? offer.meal,
        free_cancellation: room?.freeCancellation ?? offer.freeCancellation,
        cancellation_note: room?.cancellationNote ?? null,
        amenities: rooms instanceof UpstreamError ? [] : rooms.amenities,
        details_note: rooms instanceof UpstreamError ? `Room details are missing: ${rooms.message}` : room ? null : 'Tutu listed no room matching the searched offer; the room shown is the one from the search.',
      },
      rates: {
        currency: 'RUB',
        hotel: {
          per_night: built.hotel.perNight,
          nights: built.hotel.nights,
          total: built.hotel.total,
          pricing_basis: 'stay_total',
        },
        transport: {
          total: view.price_breakdown.transport,
          pricing_basis: view.transport_pricing.basis,
          per_seat: built.railThere && built.railBack ? [built.railThere.seat.price, built.railBack.seat.price] : [],
          note: view.transport_pricing.note,
        },
        party_total: view.total_price,
        adults: trip.result.request.adults,
      },
      weather: weatherView(weather),
    };
  }

  async checkout(tripId: string, packageNumber: number, now: Date): Promise<TripCheckout> {
    const trip = await this.build(decodeTripId(tripId), moscowToday(now), true);
    const built = this.packageOf(trip, packageNumber);
    const items = await Promise.all(built.view.checkout_items.map((item) => this.checkoutItem(trip, built, item)));
    return {
      trip_id: trip.result.trip_id,
      package: packageNumber,
      web_url: trip.result.web_url,
      demo_data: trip.result.demo_data,
      notice: trip.result.notice,
      items,
      total_price: built.view.total_price,
      how_it_works: HOW_CHECKOUT_WORKS,
    };
  }

  /** One checklist item asked for live, for the click-time redirect. */
  async freshLink(tripId: string, packageNumber: number, item: string, now: Date): Promise<CheckoutItem> {
    const trip = await this.build(decodeTripId(tripId), moscowToday(now), true);
    const built = this.packageOf(trip, packageNumber);
    const key = built.view.checkout_items.find((k) => k === item);
    if (!key) {
      throw fail('invalid_arguments', `Package ${packageNumber} has no checkout item "${item}"; it has ${built.view.checkout_items.join(', ')}.`, {
        fields: [{ field: 'item', problem: `must be one of ${built.view.checkout_items.join(', ')}` }],
      });
    }
    return this.checkoutItem(trip, built, key);
  }

  private packageOf(trip: BuiltTrip, packageNumber: number): BuiltPackage {
    const built = trip.packages[packageNumber - 1];
    if (!built) {
      const numbers = trip.packages.map((p) => p.view.number);
      throw fail(
        'unknown_package',
        numbers.length > 0 ? `This trip has packages ${numbers.join(', ')}, not ${packageNumber}.` : `This trip has no packages (status ${trip.result.status}).`,
        { packages: numbers },
      );
    }
    return built;
  }

  private async checkoutItem(trip: BuiltTrip, built: BuiltPackage, item: CheckoutItemKey): Promise<CheckoutItem> {
    const adults = trip.result.request.adults;
    const searches = trip.searches!;
    const base = {
      item,
      stable_url: this.goUrl(trip.result.trip_id, built.view.number, item),
      passengers: { full: adults, child: 0, infant: 0 },
    };
    let fields: Record<string, unknown>;
    let searchResultsUrl: string | null;
    let title: string;
    let price: number;
    if (item === 'there' || item === 'back') {
      const option = item === 'there' ? built.railThere! : built.railBack!;
      fields = transportCheckoutArguments(option.train.checkoutRef, adults);
      const search = item === 'there' ? searches.railThere : searches.railBack;
      searchResultsUrl = option.train.searchResultsUrl ?? (search.ok ? search.value.meta.searchResultsUrl : null);
      title = built.view.legs.find((l) => l.direction === item)!.summary;
      price = option.total;
    } else if (item === 'flight') {
      const offer = built.flight!.offer;
      fields = roundTripCheckoutArguments(offer.checkoutRef, adults, offer.back!.departureAt);
      searchResultsUrl = offer.searchResultsUrl ?? (searches.flights.ok ? searches.flights.value.meta.searchResultsUrl : null);
      title = `Авиабилеты туда и обратно: ${built.view.legs.map((l) => l.summary).join('; ')}`;
      price = built.flight!.total;
    } else {
      const hotel = built.hotel;
      // Tutu's hotel search has no listing URL; the hotel's own page (dates and guests filled in) is the fallback.
      searchResultsUrl = hotel.offer.checkoutUrl;
      title = `Отель: ${hotel.offer.name}, ${hotel.stay.checkIn} – ${hotel.stay.checkOut}`;
      price = hotel.total;
      fields = await this.hotelCheckoutFields(built, adults);
    }
    const passengers = item !== 'hotel'
      ? { full: Number(fields.passengers_full), child: Number(fields.passengers_child), infant: Number(fields.passengers_infant) }
      : base.passengers;
    const hosts = this.options.checkoutHosts;
    searchResultsUrl = hosts.keep(searchResultsUrl);
    try {
      const link: CheckoutLink = await this.options.tutu.checkoutLink(fields);
      if (!hosts.allows(link.url)) {
        throw new UpstreamError('malformed', 'create_checkout_link', `Tutu's link pointed outside its own site (${hostOf(link.url)}); zaezd passes on only ${hosts.describe()}.`);
      }
      return {
        ...base,
        passengers,
        title,
        price,
        status: 'link',
        kind: link.kind,
        label: labelForKind(link.kind),
        url: link.url,
        search_results_url: hosts.keep(link.searchResultsUrl) ?? searchResultsUrl,
        fallback_url: hosts.keep(link.fallbackUrl),
        fallback_note: link.fallbackNote,
        problem: null,
      };
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      return {
        ...base,
        passengers,
        title,
        price,
        status: searchResultsUrl ? 'search_fallback' : 'unavailable',
        kind: null,
        // A hotel falls back to its own page (Tutu's hotel search has no listing URL), not to a search.
        label: searchResultsUrl ? (item === 'hotel' ? labelForKind('hotel_page') : SEARCH_FALLBACK_LABEL) : 'Ссылку сейчас получить не удалось',
        url: searchResultsUrl,
        search_results_url: searchResultsUrl,
        fallback_url: null,
        fallback_note: null,
        problem: error.message,
      };
    }
  }

  /**
   * A cart needs a room rate's `offerpack_hash` from get_offer_details; when that call fails or
   * lists no matching room, the hotel's own `checkout_ref` still gets a link to its page, where
   * the traveller picks the room (Tutu then says it is a deeplink to the page, not a cart).
   */
  private async hotelCheckoutFields(built: BuiltPackage, adults: number): Promise<Record<string, unknown>> {
    const { offer, stay } = built.hotel;
    let room: ReturnType<typeof matchingRoom>;
    try {
      room = matchingRoom(await this.options.tutu.hotelRooms(offer.hotelId, stay.checkIn, stay.checkOut, adults), offer.meal, offer.price);
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
    }
    return hotelCheckoutArguments(offer.checkoutRef, room?.offerpackHash ?? null);
  }

  /**
   * Rebuilds a trip. Events are tried best first, up to three, until one gets a package (or a
   * search fails, which is reported rather than skipped over): a matching event that Tutu cannot
   * reach from the origin is passed over, and the coverage note says so. Reopening a trip walks
   * the same way but keeps the event its ID names.
   */
  private async build(selection: TripSelection, today: string, reproducing: boolean): Promise<BuiltTrip> {
    const { request } = selection;
    const choice: EventChoice = await chooseEvent(this.options.events, request, today, selection.event);
    const origin = cityByKey(request.origin);
    const requestView: TripResult['request'] = {
      topics: request.topics,
      interpreted_topics: choice.interpreted.interpretation,
      origin: { name: origin.nameRu, name_en: origin.nameEn },
      budget: request.budget,
      date_from: request.dateFrom,
      date_to: request.dateTo,
      adults: request.adults,
    };
    const otherEvents = (chosen: Candidate | null) =>
      choice.ranked
        .filter((c) => c.occurrence.id !== chosen?.occurrence.id)
        .slice(0, 3)
        .map((c) => ({ id: c.occurrence.id, title: c.occurrence.title, city: cityByKey(c.occurrence.city).nameRu, starts_at: c.occurrence.startsAt, matched_topics: c.fit.matched }));

    const keepsNoEvent = reproducing && selection.event === null;
    if (keepsNoEvent || (!choice.pinned && choice.ranked.length === 0)) {
      // Nothing here came from Tutu, so there is no travel data to call demo data.
      const budgetNote = request.budget === null ? 'No budget was given.' : 'No package was built, so the budget was not applied.';
      const tripId = encodeTripId({ request, event: null });
      return {
        result: {
          trip_id: tripId,
          web_url: this.webUrl(tripId),
          demo_data: false,
          notice: null,
          status: 'no_event',
          request: requestView,
          event: null,
          travel: null,
          packages: [],
          budget: { amount: request.budget, status: request.budget === null ? 'not_given' : 'none_fit', note: budgetNote },
          coverage: coverageNote({ choice, chosen: null, passedOver: [], alsoTried: [], offers: null, budget: { note: budgetNote, noneFit: false }, demoNotice: null }),
          other_events: otherEvents(null),
        },
        packages: [],
        searches: null,
        chosen: null,
      };
    }

    const deadline = Date.now() + this.options.searchBudgetMs;
    const attempt = (candidate: Candidate) => this.attempt(candidate, request, today, deadline);
    const walk: Attempt[] = [];
    for (const candidate of choice.ranked.slice(0, MAX_EVENTS_TRIED)) {
      if (walk.length > 0 && Date.now() >= deadline) break;
      const tried = await attempt(candidate);
      walk.push(tried);
      if (tried.outcome.packages.length > 0 || tried.failed.length > 0) break;
    }
    const settled = walk.find((a) => a.outcome.packages.length > 0 || a.failed.length > 0) ?? walk[0];
    const pinned = choice.pinned;
    const final = pinned ? (walk.find((a) => sameOccurrence(a.candidate, eventRefOf(pinned))) ?? (await attempt(pinned))) : settled!;
    const finalIndex = walk.indexOf(final);
    const unreachable = (a: Attempt) => a.outcome.packages.length === 0 && a.failed.length === 0;
    const passedOver = finalIndex > 0 ? walk.slice(0, finalIndex).filter(unreachable).map((a) => a.candidate) : [];
    const alsoTried = finalIndex >= 0 && final.outcome.packages.length === 0 ? walk.slice(finalIndex + 1).filter(unreachable).map((a) => a.candidate) : [];

    const { candidate: chosen, plan, searches, outcome, failed } = final;
    if (outcome.packages.length === 0 && failed.length > 0) throw unanswered(failed);
    const tripId = encodeTripId({ request, event: eventRefOf(chosen) });
    const demo = this.options.tutu.isStandIn || [searches.railThere, searches.railBack, searches.flights, searches.hotelsFull, searches.hotelsLate].some(
      (s) => s.ok && (s.value.meta.dataSource ?? '').includes('tutu-sim'),
    );
    const notice = demo ? DEMO_NOTICE : null;
    const packages = outcome.packages;
    return {
      result: {
        trip_id: tripId,
        web_url: this.webUrl(tripId),
        demo_data: demo,
        notice,
        status: packages.length === 0 ? 'no_packages' : outcome.budgetStatus === 'none_fit' ? 'over_budget' : 'ok',
        request: requestView,
        event: eventView(chosen),
        travel: { outbound_date: plan.outboundDate, return_date: plan.returnDate, rule: TRAVEL_RULE },
        packages: packages.map((p) => p.view),
        budget: { amount: request.budget, status: outcome.budgetStatus, note: outcome.budgetNote },
        coverage: coverageNote({
          choice,
          chosen,
          passedOver,
          alsoTried,
          offers: { searches, plan, adults: request.adults, findings: outcome.findings },
          budget: { note: outcome.budgetNote, noneFit: outcome.budgetStatus === 'none_fit' },
          demoNotice: notice,
        }),
        other_events: otherEvents(chosen),
      },
      packages,
      searches,
      chosen,
    };
  }

  private async attempt(candidate: Candidate, request: TripRequest, today: string, deadline: number): Promise<Attempt> {
    const plan = travelPlan(candidate.visit);
    if (plan.outboundDate < today) {
      throw fail('trip_in_past', `This trip’s outbound day (${plan.outboundDate}) has passed. Search again with find_event_trips.`);
    }
    const searches = await searchOffers(this.options.tutu, request, candidate.occurrence.city, plan, deadline);
    const outcome = buildPackages({
      searches,
      plan,
      visit: candidate.visit,
      adults: request.adults,
      budget: request.budget,
      eventStartsAt: candidate.occurrence.startsAt,
      venue: candidate.occurrence.venue,
    });
    return { candidate, plan, searches, outcome, failed: failures(searches) };
  }
}

/**
 * Why no package could be built when searches got no usable answer, as the one error that says
 * what to do: wait out Tutu's rate limit, retry a Tutu that failed, or report our own defect.
 */
function unanswered(failed: SearchFailure[]) {
  const list = failed.map((f) => `${f.search} (${f.failure})`).join(', ');
  if (failed.some((f) => f.failure === 'invalid_arguments')) {
    return fail('internal_error', `No package could be built: Tutu refused the arguments zaezd sent for ${list}. This is a defect in zaezd, not a lack of offers; it has been logged.`, { failures: failed });
  }
  if (failed.every((f) => f.failure === 'busy')) {
    return fail('upstream_busy', `No package could be built: Tutu is rate limiting zaezd (${list}). Nothing was invented; retry in a minute.`, { failures: failed });
  }
  return fail('upstream_unavailable', `No package could be built because Tutu did not answer: ${list}. Nothing was invented; retry shortly.`, { failures: failed });
}

function hostOf(url: string): string {
  return URL.canParse(url) ? `${new URL(url).protocol}//${new URL(url).host}` : 'not a URL';
}

function matchingRoom(rooms: HotelRooms, meal: string | null, price: number) {
  const sameMeal = rooms.rooms.filter((r) => meal === null || r.meal === meal);
  return sameMeal.find((r) => r.price === price) ?? [...sameMeal].sort((a, b) => a.price - b.price)[0];
}

function weatherView(weather: Weather): TripDetails['weather'] {
  if (weather.status === 'unavailable') return { status: 'unavailable', source: weather.source, reason: weather.reason, note: null, days: [] };
  return {
    status: 'forecast',
    source: weather.source,
    reason: null,
    note: weather.note,
    days: weather.days.map((d) => ({
      date: d.date,
      summary: d.summary,
      temperature_max_c: d.temperatureMaxC,
      temperature_min_c: d.temperatureMinC,
      precipitation_mm: d.precipitationMm,
      precipitation_probability: d.precipitationProbability,
    })),
  };
}
