/**
 * Rebuilds a trip from a request (and, reopening a trip, the event its ID names). Events are
 * tried best first, up to three, until one gets a package (or a search fails, which is reported
 * rather than skipped over): a matching event that Tutu cannot reach from the origin is passed
 * over, and the coverage note says so. Reopening a trip walks the same way but keeps the event
 * its ID names.
 */
import { cityByKey } from '../geo/cities.ts';
import type { EventsSource } from '../events/event.ts';
import type { TutuClient } from '../tutu/index.ts';
import { fail } from '../errors.ts';
import { buildPackages, type PackagesOutcome } from './build-packages.ts';
import type { BuiltTrip } from './built-trip.ts';
import { chooseEvent, eventRefOf, sameOccurrence, type Candidate, type EventChoice } from './choose-event.ts';
import { coverageNote } from './coverage-note.ts';
import { failures, searchOffers, type OfferSearches, type SearchFailure } from './search-offers.ts';
import { TRAVEL_RULE, travelPlan, type TravelPlan } from './travel-plan.ts';
import { encodeTripId, type TripSelection } from './trip-id.ts';
import type { TripLinks } from './trip-links.ts';
import type { TripRequest } from './trip-request.ts';
import type { TripEvent, TripResult } from './trip-result.ts';

export const DEMO_NOTICE =
  'Demo data: the trains, flights, hotels and prices come from tutu-sim, a local stand-in for Tutu with fixture data — none of it is a real offer.';

/** Events tried, best first, before a trip settles for one Tutu cannot reach. */
const MAX_EVENTS_TRIED = 3;

export interface TripSources {
  events: EventsSource;
  tutu: TutuClient;
  links: TripLinks;
  /** The most one trip's Tutu searches may take, all events tried together. */
  searchBudgetMs: number;
}

interface Attempt {
  candidate: Candidate;
  plan: TravelPlan;
  searches: OfferSearches;
  outcome: PackagesOutcome;
  failed: SearchFailure[];
}

export async function buildTrip(sources: TripSources, selection: TripSelection, today: string, reproducing: boolean): Promise<BuiltTrip> {
  const { request } = selection;
  const choice: EventChoice = await chooseEvent(sources.events, request, today, selection.event);
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
      .map((c) => ({
        id: c.occurrence.id,
        title: c.occurrence.title,
        city: cityByKey(c.occurrence.city).nameRu,
        starts_at: c.occurrence.startsAt,
        matched_topics: c.fit.matched,
      }));

  const keepsNoEvent = reproducing && selection.event === null;
  if (keepsNoEvent || (!choice.pinned && choice.ranked.length === 0)) {
    // Nothing here came from Tutu, so there is no travel data to call demo data.
    const budgetNote = request.budget === null ? 'No budget was given.' : 'No package was built, so the budget was not applied.';
    const tripId = encodeTripId({ request, event: null });
    return {
      kind: 'no_event',
      result: {
        trip_id: tripId,
        web_url: sources.links.web(tripId),
        demo_data: false,
        notice: null,
        status: 'no_event',
        request: requestView,
        event: null,
        travel: null,
        packages: [],
        budget: { amount: request.budget, status: request.budget === null ? 'not_given' : 'none_fit', note: budgetNote },
        coverage: coverageNote({
          choice,
          chosen: null,
          passedOver: [],
          alsoTried: [],
          offers: null,
          budget: { note: budgetNote, noneFit: false },
          demoNotice: null,
        }),
        other_events: otherEvents(null),
      },
    };
  }

  const deadline = Date.now() + sources.searchBudgetMs;
  const attempt = (candidate: Candidate) => attemptEvent(sources.tutu, candidate, request, today, deadline);
  const walk: Attempt[] = [];
  for (const candidate of choice.ranked.slice(0, MAX_EVENTS_TRIED)) {
    if (walk.length > 0 && Date.now() >= deadline) break;
    const tried = await attempt(candidate);
    walk.push(tried);
    if (tried.outcome.packages.length > 0 || tried.failed.length > 0) break;
  }
  const final = await finalAttempt(choice, walk, attempt);
  const finalIndex = walk.indexOf(final);
  const unreachable = (a: Attempt) => a.outcome.packages.length === 0 && a.failed.length === 0;
  const passedOver =
    finalIndex > 0
      ? walk
          .slice(0, finalIndex)
          .filter(unreachable)
          .map((a) => a.candidate)
      : [];
  const alsoTried =
    finalIndex >= 0 && final.outcome.packages.length === 0
      ? walk
          .slice(finalIndex + 1)
          .filter(unreachable)
          .map((a) => a.candidate)
      : [];

  const { candidate: chosen, plan, searches, outcome, failed } = final;
  if (outcome.packages.length === 0 && failed.length > 0) throw unanswered(failed);
  const tripId = encodeTripId({ request, event: eventRefOf(chosen) });
  const demo =
    sources.tutu.isStandIn ||
    [searches.railThere, searches.railBack, searches.flights, searches.hotelsFull, searches.hotelsLate].some(
      (s) => s.ok && (s.value.meta.dataSource ?? '').includes('tutu-sim'),
    );
  const notice = demo ? DEMO_NOTICE : null;
  const packages = outcome.packages;
  const event = eventView(chosen);
  return {
    kind: 'trip',
    result: {
      trip_id: tripId,
      web_url: sources.links.web(tripId),
      demo_data: demo,
      notice,
      status: packages.length === 0 ? 'no_packages' : outcome.budgetStatus === 'none_fit' ? 'over_budget' : 'ok',
      request: requestView,
      event,
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
    event,
    chosen,
    searches,
    packages,
  };
}

/**
 * The attempt the trip settles on: the pinned event's (reopening a trip) or else the first that
 * got a package or a failed search, or the best event's when none did.
 */
async function finalAttempt(choice: EventChoice, walk: Attempt[], attempt: (candidate: Candidate) => Promise<Attempt>): Promise<Attempt> {
  const pinned = choice.pinned;
  if (pinned) return walk.find((a) => sameOccurrence(a.candidate, eventRefOf(pinned))) ?? attempt(pinned);
  const settled = walk.find((a) => a.outcome.packages.length > 0 || a.failed.length > 0) ?? walk[0];
  // Without a pinned event the walk ran because some event was ranked, so it tried at least one.
  if (!settled) throw new TypeError('A trip without a pinned event walks at least one ranked event.');
  return settled;
}

async function attemptEvent(tutu: TutuClient, candidate: Candidate, request: TripRequest, today: string, deadline: number): Promise<Attempt> {
  const plan = travelPlan(candidate.visit);
  if (plan.outboundDate < today) {
    throw fail('trip_in_past', `This trip’s outbound day (${plan.outboundDate}) has passed. Search again with find_event_trips.`);
  }
  const searches = await searchOffers(tutu, request, candidate.occurrence.city, plan, deadline);
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

/**
 * Why no package could be built when searches got no usable answer, as the one error that says
 * what to do: wait out Tutu's rate limit, retry a Tutu that failed, or report our own defect.
 */
function unanswered(failed: SearchFailure[]) {
  const list = failed.map((f) => `${f.search} (${f.failure})`).join(', ');
  if (failed.some((f) => f.failure === 'invalid_arguments')) {
    return fail(
      'internal_error',
      `No package could be built: Tutu refused the arguments zaezd sent for ${list}. This is a defect in zaezd, not a lack of offers; it has been logged.`,
      { failures: failed },
    );
  }
  if (failed.every((f) => f.failure === 'busy')) {
    return fail('upstream_busy', `No package could be built: Tutu is rate limiting zaezd (${list}). Nothing was invented; retry in a minute.`, {
      failures: failed,
    });
  }
  return fail('upstream_unavailable', `No package could be built because Tutu did not answer: ${list}. Nothing was invented; retry shortly.`, {
    failures: failed,
  });
}
