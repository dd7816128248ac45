/**
 * Text renderings of the three answers. `structuredContent` is canonical; these exist for hosts
 * that show only text (Codex reads these), so each reads well alone: the event, every package
 * with its legs and hotel, the budget verdict, the coverage note and the next step.
 */
import type { TripCheckout } from '../trips/trip-checkout.ts';
import type { TripDetails } from '../trips/trip-details.ts';
import type { TripPackage, TripResult } from '../trips/trip-result.ts';
import { dayText, localTime, roubles } from '../wording.ts';

function packageLines(pkg: TripPackage): string[] {
  const hotel = pkg.hotel;
  const stars = hotel.stars ? ` ${'★'.repeat(hotel.stars)}` : '';
  const rating = hotel.rating !== null ? `, rating ${hotel.rating}` : '';
  const distance = hotel.distance_to_venue_km !== null ? `, ${hotel.distance_to_venue_km} km from the venue` : '';
  return [
    `Package ${pkg.number} — ${pkg.label}: ${roubles(pkg.total_price)} for everyone (transport ${roubles(pkg.price_breakdown.transport)}, hotel ${roubles(pkg.price_breakdown.hotel)})${pkg.within_budget === false ? ' — OVER BUDGET' : ''}`,
    ...pkg.legs.map((leg) => `  ${leg.direction === 'there' ? 'there' : 'back '}: ${leg.summary}${leg.price !== null ? ` — ${roubles(leg.price)}` : ''}`),
    `  hotel: ${hotel.name}${stars}${rating}${distance}; ${hotel.nights} night(s) ${hotel.check_in} → ${hotel.check_out}, ${roubles(hotel.price_per_night)}/night`,
    ...pkg.notes.map((note) => `  note: ${note}`),
  ];
}

export function renderTrip(trip: TripResult): string {
  const request = trip.request;
  const lines: string[] = [];
  if (trip.notice) lines.push(`⚠ ${trip.notice}`);
  lines.push(
    `Request: ${request.interpreted_topics.map((t) => t.means).join('; ')} — from ${request.origin.name} (${request.origin.name_en}), events ${request.date_from} to ${request.date_to}, ${request.adults} adult(s)${request.budget !== null ? `, budget ${roubles(request.budget)}` : ''}.`,
  );
  if (trip.event) {
    const e = trip.event;
    lines.push(
      `Event: «${e.title}» — ${e.city.name}, ${e.venue.name} (${e.venue.address}), starts ${localTime(e.starts_at)}; visit ${dayText(e.visit.from)}${e.visit.to !== e.visit.from ? ` – ${dayText(e.visit.to)}` : ''}.`,
    );
    if (e.dates_note) lines.push(`  Dates: ${e.dates_note}`);
    if (e.missing_topics.length > 0) lines.push(`  Matches ${e.matched_topics.join(', ')}; does not match ${e.missing_topics.join(', ')}.`);
  } else {
    lines.push('Event: none found for these topics, cities and dates.');
  }
  if (trip.travel) lines.push(`Travel: out ${dayText(trip.travel.outbound_date)}, back ${dayText(trip.travel.return_date)}. ${trip.travel.rule}`);
  for (const pkg of trip.packages) lines.push(...packageLines(pkg));
  if (trip.packages.length === 0 && trip.event) lines.push('No package could be offered (see the coverage note).');
  lines.push(`Budget: ${trip.budget.note}`);
  lines.push(`Coverage: ${trip.coverage.summary}`);
  lines.push(...trip.coverage.searched.map((s) => `  searched: ${s}`));
  lines.push(...trip.coverage.not_found.map((s) => `  not found: ${s}`));
  lines.push(`  not covered: ${trip.coverage.not_covered.join(' ')}`);
  if (trip.other_events.length > 0)
    lines.push(`Other matching events: ${trip.other_events.map((o) => `«${o.title}» (${o.city}, ${localTime(o.starts_at)})`).join('; ')}.`);
  lines.push(`Web version: ${trip.web_url}`);
  lines.push(`trip_id: ${trip.trip_id}`);
  if (trip.packages.length > 0)
    lines.push('Next: get_trip_details(trip_id, package) for hotel, rates and weather; create_trip_checkout(trip_id, package) for the checkout links.');
  return lines.join('\n');
}

export function renderDetails(details: TripDetails): string {
  const h = details.hotel;
  const r = details.rates;
  const w = details.weather;
  const weather =
    w.status === 'forecast'
      ? w.days.map(
          (d) =>
            `  ${d.date}: ${d.summary}, ${d.temperature_min_c ?? '?'}…${d.temperature_max_c ?? '?'} °C, precipitation ${d.precipitation_mm ?? '?'} mm (${d.precipitation_probability ?? '?'}%)`,
        )
      : [`  ${w.reason}`];
  return [
    ...(details.notice ? [`⚠ ${details.notice}`] : []),
    `«${details.event.title}», ${details.event.city.name} — ${details.event.venue.name}, ${localTime(details.event.starts_at)}.`,
    ...packageLines(details.package),
    `Hotel: ${h.name}${h.stars ? `, ${h.stars} stars` : ''}${h.rating !== null ? `, rating ${h.rating}` : ''}; ${h.address ?? 'address not given'}; ${h.distance_to_venue_km !== null ? `${h.distance_to_venue_km} km from the venue` : 'distance unknown'}.`,
    `  ${h.check_in} (from ${h.check_in_time ?? '?'}) → ${h.check_out} (until ${h.check_out_time ?? '?'}); room: ${h.room ?? 'not given'}; meal: ${h.meal ?? 'not given'}${h.cancellation_note ? `; ${h.cancellation_note}` : ''}`,
    ...(h.details_note ? [`  ${h.details_note}`] : []),
    `Rates: hotel ${roubles(r.hotel.per_night)}/night × ${r.hotel.nights} = ${roubles(r.hotel.total)} (${r.hotel.pricing_basis}); transport ${roubles(r.transport.total)} (${r.transport.pricing_basis}: ${r.transport.note}); total ${roubles(r.party_total)} for ${r.adults} adult(s).`,
    `Weather (${w.source}):`,
    ...weather,
    ...(w.note ? [`  ${w.note}`] : []),
    `Web version: ${details.web_url}`,
  ].join('\n');
}

export function renderCheckout(checkout: TripCheckout): string {
  return [
    ...(checkout.notice ? [`⚠ ${checkout.notice}`] : []),
    `Checkout for package ${checkout.package} (${roubles(checkout.total_price)} in total) — ${checkout.items.length} links:`,
    ...checkout.items.map(
      (item, i) =>
        `${i + 1}. [${item.label}] ${item.title} — ${roubles(item.price)}; kind: ${item.kind ?? 'none (live call failed)'}; passengers ${item.passengers.full}/${item.passengers.child}/${item.passengers.infant}\n   ${item.url ?? 'no link'}\n   fresh link on click: ${item.stable_url}${item.fallback_note ? `\n   ${item.fallback_note}` : ''}${item.problem ? `\n   problem: ${item.problem}` : ''}`,
    ),
    checkout.how_it_works,
  ].join('\n');
}
