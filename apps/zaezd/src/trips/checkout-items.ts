/**
 * One checklist item of a package's checkout — a leg, the round-trip flight or the hotel — asked
 * of Tutu live: the link with the `kind` Tutu returned and the label derived from it, only on
 * Tutu's own hosts; when the live call fails, the search results (for a hotel, its own page)
 * instead, or an honest "unavailable". Titles name the item as the board does.
 */
import {
  UpstreamError,
  hotelCheckoutArguments,
  roundTripCheckoutArguments,
  transportCheckoutArguments,
  type CheckoutLink,
  type TutuClient,
} from '../tutu/index.ts';
import { CHECKOUT_ITEM_NAMES } from '../wording.ts';
import type { BuiltPackage } from './build-packages.ts';
import type { EventTrip } from './built-trip.ts';
import type { CheckoutHosts } from './checkout-hosts.ts';
import { SEARCH_FALLBACK_LABEL, UNAVAILABLE_LABEL, labelForKind } from './checkout-labels.ts';
import { matchingRoom } from './matching-room.ts';
import type { CheckoutItem } from './trip-checkout.ts';
import type { TripLinks } from './trip-links.ts';
import type { CheckoutItemKey, Leg } from './trip-result.ts';

export const HOW_CHECKOUT_WORKS =
  'Open the links one by one: each opens that part on Tutu’s own site in your browser, where the cart belongs to your Tutu session (zaezd never creates a cart). ' +
  'Tutu’s links expire; each stable_url asks Tutu for a fresh link when clicked. Nothing is booked or paid until you do it on Tutu.';

export interface CheckoutSources {
  tutu: TutuClient;
  links: TripLinks;
  /** Which of Tutu's links may be handed out and redirected to. */
  checkoutHosts: CheckoutHosts;
}

/** What Tutu is asked for an item, and what the item says while asking. */
interface ItemRequest {
  fields: Record<string, unknown>;
  searchResultsUrl: string | null;
  title: string;
  price: number;
}

export async function checkoutItem(sources: CheckoutSources, trip: EventTrip, built: BuiltPackage, item: CheckoutItemKey): Promise<CheckoutItem> {
  const adults = trip.result.request.adults;
  const base = {
    item,
    stable_url: sources.links.go(trip.result.trip_id, built.view.number, item),
    passengers: { full: adults, child: 0, infant: 0 },
  };
  const asked = await itemRequest(sources.tutu, trip, built, item, adults);
  const { fields, title, price } = asked;
  const passengers =
    item !== 'hotel'
      ? { full: Number(fields.passengers_full), child: Number(fields.passengers_child), infant: Number(fields.passengers_infant) }
      : base.passengers;
  const hosts = sources.checkoutHosts;
  const searchResultsUrl = hosts.keep(asked.searchResultsUrl);
  try {
    const link: CheckoutLink = await sources.tutu.checkoutLink(fields);
    if (!hosts.allows(link.url)) {
      throw new UpstreamError(
        'malformed',
        'create_checkout_link',
        `Tutu's link pointed outside its own site (${hostOf(link.url)}); zaezd passes on only ${hosts.describe()}.`,
      );
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
      label: searchResultsUrl ? (item === 'hotel' ? labelForKind('hotel_page') : SEARCH_FALLBACK_LABEL) : UNAVAILABLE_LABEL,
      url: searchResultsUrl,
      search_results_url: searchResultsUrl,
      fallback_url: null,
      fallback_note: null,
      problem: error.message,
    };
  }
}

async function itemRequest(tutu: TutuClient, trip: EventTrip, built: BuiltPackage, item: CheckoutItemKey, adults: number): Promise<ItemRequest> {
  const { searches } = trip;
  if (item === 'hotel') {
    const hotel = built.hotel;
    return {
      fields: await hotelCheckoutFields(tutu, built, adults),
      // Tutu's hotel search has no listing URL; the hotel's own page (dates and guests filled in) is the fallback.
      searchResultsUrl: hotel.offer.checkoutUrl,
      title: `${CHECKOUT_ITEM_NAMES.hotel}: ${hotel.offer.name}, ${hotel.stay.checkIn} – ${hotel.stay.checkOut}`,
      price: hotel.total,
    };
  }
  if (built.mode === 'rail' && (item === 'there' || item === 'back')) {
    const option = item === 'there' ? built.railThere : built.railBack;
    const search = item === 'there' ? searches.railThere : searches.railBack;
    return {
      fields: transportCheckoutArguments(option.train.checkoutRef, adults),
      searchResultsUrl: option.train.searchResultsUrl ?? (search.ok ? search.value.meta.searchResultsUrl : null),
      title: legOf(built.view.legs, item).summary,
      price: option.total,
    };
  }
  if (built.mode === 'air' && item === 'flight') {
    const { offer, back, total } = built.flight;
    return {
      fields: roundTripCheckoutArguments(offer.checkoutRef, adults, back.departureAt),
      searchResultsUrl: offer.searchResultsUrl ?? (searches.flights.ok ? searches.flights.value.meta.searchResultsUrl : null),
      title: `${CHECKOUT_ITEM_NAMES.flight}: ${built.view.legs.map((l) => l.summary).join('; ')}`,
      price: total,
    };
  }
  // A package's checkout items are derived from its mode, so callers only ask for items it has.
  throw new TypeError(`A ${built.mode} package has no checkout item "${item}".`);
}

function legOf(legs: readonly Leg[], direction: Leg['direction']): Leg {
  const leg = legs.find((l) => l.direction === direction);
  if (!leg) throw new TypeError(`A rail package has a leg ${direction}.`);
  return leg;
}

/**
 * A cart needs a room rate's `offerpack_hash` from get_offer_details; when that call fails or
 * lists no matching room, the hotel's own `checkout_ref` still gets a link to its page, where
 * the traveller picks the room (Tutu then says it is a deeplink to the page, not a cart).
 */
async function hotelCheckoutFields(tutu: TutuClient, built: BuiltPackage, adults: number): Promise<Record<string, unknown>> {
  const { offer, stay } = built.hotel;
  let room: ReturnType<typeof matchingRoom>;
  try {
    room = matchingRoom(await tutu.hotelRooms(offer.hotelId, stay.checkIn, stay.checkOut, adults), offer.meal, offer.price);
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
  }
  return hotelCheckoutArguments(offer.checkoutRef, room?.offerpackHash ?? null);
}

function hostOf(url: string): string {
  return URL.canParse(url) ? `${new URL(url).protocol}//${new URL(url).host}` : 'not a URL';
}
