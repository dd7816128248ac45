/**
 * `/t/:trip_id` as HTML: an honest summary of the same TripResult the JSON face serves — the
 * event, each package with its legs and hotel, the budget verdict and the coverage note — with
 * checkout links that ask Tutu for a fresh link only when clicked. (The full trip board comes
 * with its own issue; this page stays plain and script-free.)
 */
import type { TripPackage, TripResult } from '../trips/trip-result.ts';
import { dayText, localTime, roubles } from '../trips/wording.ts';
import { ZaezdPage } from './layout.tsx';

const ITEM_NAMES: Record<string, string> = {
  there: 'Поезд туда',
  back: 'Поезд обратно',
  flight: 'Авиабилеты туда и обратно',
  hotel: 'Отель',
};

function PackageBlock(props: { trip: TripResult; pkg: TripPackage }) {
  const { pkg, trip } = props;
  const hotel = pkg.hotel;
  return (
    <section class={pkg.alternative ? 'package alternative' : 'package'}>
      <h2>
        {pkg.number}. {pkg.label}
      </h2>
      <p class="price">
        {roubles(pkg.total_price)} <span class="muted">for {trip.request.adults} adult(s): transport {roubles(pkg.price_breakdown.transport)}, hotel {roubles(pkg.price_breakdown.hotel)}</span>
      </p>
      <ul class="legs">
        {pkg.legs.map((leg) => (
          <li>
            {leg.summary}
            {leg.price !== null ? ` — ${roubles(leg.price)}` : ''}
          </li>
        ))}
        <li>
          {hotel.name}
          {hotel.stars ? ` (${hotel.stars}★)` : ''}
          {hotel.rating !== null ? `, rating ${hotel.rating}` : ''}
          {hotel.distance_to_venue_km !== null ? `, ${hotel.distance_to_venue_km} km from the venue` : ''} — {hotel.nights} night(s), {dayText(hotel.check_in)} → {dayText(hotel.check_out)},{' '}
          {roubles(hotel.price_total)}
        </li>
      </ul>
      {pkg.notes.map((note) => (
        <p class="muted">{note}</p>
      ))}
      <p>Checkout on Tutu (each link is requested from Tutu when you click it):</p>
      <ul class="links">
        {pkg.checkout_items.map((item) => (
          <li>
            <a href={`/t/${trip.trip_id}/go/${pkg.number}/${item}`} rel="nofollow">
              {ITEM_NAMES[item]}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function TripPage(props: { trip: TripResult }) {
  const { trip } = props;
  const event = trip.event;
  return (
    <ZaezdPage title={event ? `Trip to «${event.title}»` : 'No matching event'}>
      {trip.notice ? <p class="notice">{trip.notice}</p> : null}
      {event ? (
        <>
          <h1>{event.title}</h1>
          <dl class="facts">
            <dt>Where</dt>
            <dd>
              {event.venue.name}, {event.venue.address.includes(event.city.name) ? event.venue.address : `${event.city.name}, ${event.venue.address}`}
            </dd>
            <dt>When</dt>
            <dd>
              starts {localTime(event.starts_at)}; trip covers {dayText(event.visit.from)}
              {event.visit.to !== event.visit.from ? ` – ${dayText(event.visit.to)}` : ''}
            </dd>
            {event.dates_note ? (
              <>
                <dt>Dates</dt>
                <dd>{event.dates_note}</dd>
              </>
            ) : null}
            {event.url ? (
              <>
                <dt>Event site</dt>
                <dd>
                  <a href={event.url} rel="nofollow noopener">
                    {event.url}
                  </a>
                </dd>
              </>
            ) : null}
            <dt>From</dt>
            <dd>
              {trip.request.origin.name}, {trip.request.adults} adult(s)
              {trip.request.budget !== null ? `, budget ${roubles(trip.request.budget)}` : ''}
            </dd>
          </dl>
          {trip.travel ? <p class="muted">{trip.travel.rule}</p> : null}
        </>
      ) : (
        <h1>No matching event</h1>
      )}
      {trip.packages.map((pkg) => (
        <PackageBlock trip={trip} pkg={pkg} />
      ))}
      <p>{trip.budget.note}</p>
      <h2>What was searched</h2>
      <ul>
        {trip.coverage.searched.map((line) => (
          <li>{line}</li>
        ))}
      </ul>
      <h2>Not found</h2>
      <ul>
        {trip.coverage.not_found.map((line) => (
          <li>{line}</li>
        ))}
      </ul>
      <h2>Not covered</h2>
      <ul>
        {trip.coverage.not_covered.map((line) => (
          <li>{line}</li>
        ))}
      </ul>
      {trip.other_events.length > 0 ? (
        <>
          <h2>Other matching events</h2>
          <ul>
            {trip.other_events.map((other) => (
              <li>
                {other.title} — {other.city}, {localTime(other.starts_at)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p class="muted">
        This page is rebuilt from its address each time you open it, with Tutu’s current prices. Agents get the same trip as JSON from this
        address with <code>Accept: application/json</code>.
      </p>
    </ZaezdPage>
  );
}
