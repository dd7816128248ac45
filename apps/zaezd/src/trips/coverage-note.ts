/**
 * The coverage note: what was searched (with counts), what was not found or could not be used
 * (failed searches, partial topic matches, the budget), and what a trip from zaezd never covers.
 * It is what makes an empty or partial answer honest rather than merely short.
 */
import { cityByKey } from '../geo/cities.ts';
import type { Candidate, EventChoice } from './choose-event.ts';
import type { OfferSearches, Outcome } from './search-offers.ts';
import type { TravelPlan } from './travel-plan.ts';
import type { Search } from '../tutu/index.ts';
import { topicLabel, isTopicKey } from '../events/topics.ts';

export interface Coverage {
  searched: string[];
  not_found: string[];
  not_covered: string[];
  summary: string;
}

const ALWAYS_NOT_COVERED = [
  'Tickets for the event itself: zaezd neither sells nor checks them.',
  'Transfers between the station or airport, the hotel and the venue.',
  'Buses, commuter trains and itineraries other than the direct trains and the flights Tutu returned.',
  'Children and infants: packages are priced for adults only.',
  'Prices and availability are Tutu’s at the moment of the search and can change until you pay; nothing is booked or held.',
];

function topicName(topic: string): string {
  return isTopicKey(topic) ? topicLabel(topic) : `"${topic}"`;
}

/**
 * One search's line. Only a search Tutu answered can have found nothing: a failed one says it
 * failed, a refused one quotes Tutu's reason, a skipped one says why it was not sent.
 */
function searchLine<T>(what: string, outcome: Outcome<Search<T>>, unit: string, notFound: string[]): string {
  if (!outcome.ok && outcome.skipped !== undefined) {
    notFound.push(`${what}: not searched — ${outcome.skipped}`);
    return `${what}: not searched (party too large for Tutu).`;
  }
  if (!outcome.ok) {
    const { error } = outcome;
    notFound.push(`${what}: not searched successfully — ${error.message}`);
    return `${what}: failed (${error.failure}).`;
  }
  const { meta, rows } = outcome.value;
  if (meta.note) notFound.push(`${what}: Tutu says “${meta.note}”`);
  if (meta.skippedRows > 0) notFound.push(`${what}: ${meta.skippedRows} result(s) in Tutu’s answer could not be read and were left out.`);
  if (meta.alsoNamed.length > 0)
    notFound.push(`${what}: Tutu also knows places named ${meta.alsoNamed.join(', ')}; the Russian city name was used to pick the right one.`);
  if (rows.length === 0 && !meta.note) notFound.push(`${what}: none found.`);
  return `${what}: ${rows.length} ${unit}${meta.hasMore ? ' (first page; more exist)' : ''}.`;
}

export interface CoverageInputs {
  choice: EventChoice;
  chosen: Candidate | null;
  /** Better-ranked events tried first, for which no package could be built. */
  passedOver: Candidate[];
  /** Lower-ranked events also tried, in vain, when the chosen one has no package either. */
  alsoTried: Candidate[];
  offers: { searches: OfferSearches; plan: TravelPlan; adults: number; findings: string[] } | null;
  budget: { note: string; noneFit: boolean };
  demoNotice: string | null;
}

export function coverageNote({ choice, chosen, passedOver, alsoTried, offers, budget, demoNotice }: CoverageInputs): Coverage {
  const searched: string[] = [];
  const notFound: string[] = [];
  if (choice.search) searched.push(`Events — ${choice.search.searched}.`);
  if (choice.skipped) notFound.push(choice.skipped);
  notFound.push(...(choice.search?.gaps ?? []));
  if (!chosen) {
    const asked = choice.interpreted.normalized.map(topicName).join(' + ');
    if (choice.search) notFound.push(`No event matching ${asked} was found in the cities and dates searched.`);
  } else if (!chosen.fit.complete) {
    notFound.push(
      `No event matches all of ${choice.interpreted.normalized.map(topicName).join(' + ')} in the dates searched; the closest matches ${chosen.fit.matched.map(topicName).join(' + ')} but not ${chosen.fit.missing.map(topicName).join(' + ')}.`,
    );
  }
  const where = (c: Candidate) => `«${c.occurrence.title}» (${cityByKey(c.occurrence.city).nameRu}, ${c.visit.from})`;
  for (const other of passedOver) {
    notFound.push(`${where(other)} ranked higher, but Tutu’s answers for it gave no train or flight there and back with a hotel, so it was passed over.`);
  }
  for (const other of alsoTried) notFound.push(`${where(other)} was tried too: Tutu’s answers gave no train or flight there and back with a hotel either.`);
  if (offers) {
    const { searches, plan, adults } = offers;
    const from = searches.origin.nameRu;
    const to = searches.destination.nameRu;
    searched.push(searchLine(`Trains ${from} → ${to} on ${plan.outboundDate} for ${adults} passenger(s)`, searches.railThere, 'train(s)', notFound));
    searched.push(searchLine(`Trains ${to} → ${from} on ${plan.returnDate} for ${adults} passenger(s)`, searches.railBack, 'train(s)', notFound));
    searched.push(
      searchLine(`Round-trip flights ${from} ⇄ ${to}, ${plan.outboundDate} – ${plan.returnDate}, ${adults} adult(s)`, searches.flights, 'offer(s)', notFound),
    );
    searched.push(
      searchLine(`Hotels in ${to}, ${plan.fullStay.checkIn} – ${plan.fullStay.checkOut}, ${adults} adult(s)`, searches.hotelsFull, 'hotel(s)', notFound),
    );
    searched.push(
      searchLine(
        `Hotels in ${to}, ${plan.lateStay.checkIn} – ${plan.lateStay.checkOut} (for overnight trains), ${adults} adult(s)`,
        searches.hotelsLate,
        'hotel(s)',
        notFound,
      ),
    );
    notFound.push(...offers.findings);
  }
  if (budget.noneFit) notFound.push(budget.note);
  const notCovered = [...ALWAYS_NOT_COVERED, ...(demoNotice ? [demoNotice] : [])];
  const failed = notFound.filter((line) => line.includes('not searched successfully')).length;
  const skipped = notFound.filter((line) => line.includes(': not searched — ')).length;
  const summary = [
    chosen ? `Built around «${chosen.occurrence.title}».` : 'No matching event was found, so no travel was searched.',
    passedOver.length > 0 ? `${passedOver.length} better-ranked event(s) had no transport and hotel combination.` : '',
    offers
      ? `${5 - skipped} Tutu searches ran for it${failed > 0 ? `, ${failed} of them failed` : ''}${skipped > 0 ? `; ${skipped} could not be sent for a party this size` : ''}.`
      : '',
    budget.note,
    'Event tickets, transfers and children are not covered.',
  ]
    .filter(Boolean)
    .join(' ');
  return { searched, not_found: notFound, not_covered: notCovered, summary };
}
