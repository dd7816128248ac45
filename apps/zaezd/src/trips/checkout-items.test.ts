/**
 * Which link a traveller is sent to for one checkout item, with a Tutu stand-in that answers as
 * each case needs: the live link when it is on Tutu's own hosts (with the kind's label, the
 * party and the item's stable zaezd URL); otherwise — the link points elsewhere or the call
 * failed — the item's search results (a hotel's own page), and an honest "unavailable" when
 * there are none or they point elsewhere too. Also what Tutu is asked for each item.
 */
import { describe, expect, it } from 'vitest';
import { UpstreamError, type CheckoutLink, type HotelRooms, type TutuClient } from '../tutu/index.ts';
import type { BuiltPackage } from './build-packages.ts';
import type { EventTrip } from './built-trip.ts';
import { CheckoutHosts } from './checkout-hosts.ts';
import { HOW_CHECKOUT_WORKS, checkoutItem, type CheckoutSources } from './checkout-items.ts';
import { TripLinks } from './trip-links.ts';
import type { CheckoutItemKey } from './trip-result.ts';

const RAIL_SEARCH = 'https://www.tutu.ru/poezda/rasp_d.php?nnst1=2000000&nnst2=2004000';
const RAIL_BACK_SEARCH = 'https://www.tutu.ru/poezda/rasp_d.php?nnst1=2004000&nnst2=2000000';
const FLIGHT_SEARCH = 'https://avia.tutu.ru/offers/?route=MOW-LED';
const HOTEL_PAGE = 'https://hotel.tutu.ru/hotel/h-7/?check_in=2026-12-05';

type Answer = CheckoutLink | Error;
type Rooms = HotelRooms | Error;

/** A Tutu client that answers create_checkout_link and get_offer_details as told, and records what it was asked. */
function fakeTutu(answer: Answer, rooms: Rooms = { checkInTime: null, checkOutTime: null, amenities: [], rooms: [], skippedRows: 0 }) {
  const asked: Array<Record<string, unknown>> = [];
  const roomCalls: unknown[][] = [];
  const tutu = {
    async checkoutLink(fields: Record<string, unknown>) {
      asked.push(fields);
      if (answer instanceof Error) throw answer;
      return answer;
    },
    async hotelRooms(...args: unknown[]) {
      roomCalls.push(args);
      if (rooms instanceof Error) throw rooms;
      return rooms;
    },
  };
  return { tutu: tutu as unknown as TutuClient, asked, roomCalls };
}

function link(url: string, more: Partial<CheckoutLink> = {}): CheckoutLink {
  return { url, kind: 'deeplink', searchResultsUrl: null, fallbackUrl: null, fallbackNote: null, ...more };
}

const down = () => new UpstreamError('unreachable', 'create_checkout_link', 'Tutu did not answer create_checkout_link.');

interface TripOptions {
  railSearchOk?: boolean;
  flightSearchOk?: boolean;
}

function trip(options: TripOptions = {}): EventTrip {
  const failed = { ok: false, error: down() };
  const search = (url: string) => ({ ok: true, value: { meta: { searchResultsUrl: url }, rows: [] } });
  return {
    kind: 'trip',
    result: { trip_id: 'trip-42', request: { adults: 2 } },
    searches: {
      railThere: options.railSearchOk === false ? failed : search(RAIL_SEARCH),
      railBack: options.railSearchOk === false ? failed : search(RAIL_BACK_SEARCH),
      flights: options.flightSearchOk === false ? failed : search(FLIGHT_SEARCH),
    },
  } as unknown as EventTrip;
}

const hotel = {
  offer: {
    hotelId: 'h-7',
    name: 'Гостиница Нева',
    meal: 'BB',
    price: 18_000,
    checkoutUrl: HOTEL_PAGE as string | null,
    checkoutRef: { product_type: 'hotels', hotel_id: 'h-7' },
  },
  stay: { checkIn: '2026-12-05', checkOut: '2026-12-07' },
  total: 18_000,
};

function railPackage(options: { trainSearchUrl?: string | null; legs?: string[]; hotelPage?: string | null } = {}): BuiltPackage {
  const train = (ref: string, searchResultsUrl: string | null, total: number) => ({
    train: { checkoutRef: { train_ref: ref, passengers_child: 1 }, searchResultsUrl },
    total,
  });
  const legs = (options.legs ?? ['there', 'back']).map((direction) => ({ direction, summary: `Поезд ${direction}` }));
  return {
    mode: 'rail',
    view: { number: 2, legs },
    railThere: train('there-ref', options.trainSearchUrl ?? null, 5_100),
    railBack: train('back-ref', null, 4_900),
    flight: null,
    hotel: { ...hotel, offer: { ...hotel.offer, checkoutUrl: options.hotelPage === undefined ? HOTEL_PAGE : options.hotelPage } },
  } as unknown as BuiltPackage;
}

function airPackage(offerSearchUrl: string | null = null): BuiltPackage {
  return {
    mode: 'air',
    view: {
      number: 3,
      legs: [
        { direction: 'there', summary: 'SU 10 Москва → Санкт-Петербург' },
        { direction: 'back', summary: 'SU 11 Санкт-Петербург → Москва' },
      ],
    },
    railThere: null,
    railBack: null,
    flight: {
      offer: { checkoutRef: { offer_ref: 'f-1' }, searchResultsUrl: offerSearchUrl },
      back: { departureAt: '2026-12-07T18:00:00+03:00' },
      total: 21_000,
    },
    hotel,
  } as unknown as BuiltPackage;
}

function sources(tutu: TutuClient): CheckoutSources {
  return { tutu, links: new TripLinks('https://zaezd.example'), checkoutHosts: new CheckoutHosts(['tutu.ru'], 'https://mcp.tutu.example/mcp') };
}

async function item(answer: Answer, built: BuiltPackage, key: CheckoutItemKey, options: TripOptions & { rooms?: Rooms } = {}) {
  const fake = fakeTutu(answer, options.rooms);
  const result = await checkoutItem(sources(fake.tutu), trip(options), built, key);
  return { result, asked: fake.asked, roomCalls: fake.roomCalls };
}

describe('a checkout item whose live link is on Tutu’s own site', () => {
  it('sends the traveller to that link, labelled by its kind, with the party Tutu was asked for', async () => {
    const url = 'https://www.tutu.ru/poezda/order/?train=025A&adults=2';
    const { result, asked } = await item(link(url, { fallbackNote: 'Откроется с вашей сессией Туту.' }), railPackage(), 'there');
    expect(asked).toEqual([{ train_ref: 'there-ref', passengers_full: 2, passengers_child: 1, passengers_infant: 0 }]);
    expect(result).toEqual({
      item: 'there',
      stable_url: 'https://zaezd.example/t/trip-42/go/2/there',
      passengers: { full: 2, child: 1, infant: 0 },
      title: 'Поезд there',
      price: 5_100,
      status: 'link',
      kind: 'deeplink',
      label: 'Открыть страницу выбора',
      url,
      search_results_url: RAIL_SEARCH,
      fallback_url: null,
      fallback_note: 'Откроется с вашей сессией Туту.',
      problem: null,
    });
  });

  it('passes on Tutu’s own search results and fallback only when they are on its hosts too', async () => {
    const onTutu = link('https://www.tutu.ru/order', {
      kind: 'checkout_deeplink',
      searchResultsUrl: 'https://www.tutu.ru/own-results',
      fallbackUrl: 'https://www.tutu.ru/fallback',
    });
    const kept = (await item(onTutu, railPackage(), 'back')).result;
    expect(kept).toMatchObject({
      item: 'back',
      title: 'Поезд back',
      price: 4_900,
      label: 'Открыть корзину',
      search_results_url: 'https://www.tutu.ru/own-results',
      fallback_url: 'https://www.tutu.ru/fallback',
    });
    const elsewhere = link('https://www.tutu.ru/order', { searchResultsUrl: 'https://evil.example/results', fallbackUrl: 'http://www.tutu.ru/fallback' });
    expect((await item(elsewhere, railPackage(), 'back')).result).toMatchObject({ status: 'link', search_results_url: RAIL_BACK_SEARCH, fallback_url: null });
  });

  it('takes a train’s own search results before its search’s, and none when the search failed', async () => {
    const own = 'https://www.tutu.ru/poezda/train-025A';
    expect((await item(link('https://www.tutu.ru/o'), railPackage({ trainSearchUrl: own }), 'there')).result.search_results_url).toBe(own);
    expect((await item(link('https://www.tutu.ru/o'), railPackage(), 'there', { railSearchOk: false })).result.search_results_url).toBeNull();
  });
});

/** What a rail item offers in place of a live link: Tutu's search results, and why. */
const railSearchFallback = (problem: string) => ({
  status: 'search_fallback',
  kind: null,
  label: 'Открыть поиск, корзины не будет',
  url: RAIL_SEARCH,
  search_results_url: RAIL_SEARCH,
  fallback_url: null,
  fallback_note: null,
  problem,
});

describe('a checkout item without a usable live link', () => {
  it('does not send the traveller to a link outside Tutu’s hosts: it offers the search results and says why', async () => {
    const { result } = await item(link('https://tutu.ru.evil.example/pay?x=1'), railPackage(), 'there');
    expect(result).toMatchObject(
      railSearchFallback("Tutu's link pointed outside its own site (https://tutu.ru.evil.example); zaezd passes on only https on tutu.ru."),
    );
  });

  it('names a link that is not a URL as such', async () => {
    const { result } = await item(link('tutu.ru/pay'), railPackage(), 'there');
    expect(result.problem).toBe("Tutu's link pointed outside its own site (not a URL); zaezd passes on only https on tutu.ru.");
    expect(result.status).toBe('search_fallback');
  });

  it('offers the search results when the live call fails, with Tutu’s failure as the problem', async () => {
    const { result } = await item(down(), railPackage(), 'there');
    expect(result).toEqual({
      item: 'there',
      stable_url: 'https://zaezd.example/t/trip-42/go/2/there',
      passengers: { full: 2, child: 1, infant: 0 },
      title: 'Поезд there',
      price: 5_100,
      ...railSearchFallback('Tutu did not answer create_checkout_link.'),
    });
  });

  it('says the link is unavailable when there are no search results to offer', async () => {
    const { result } = await item(down(), railPackage(), 'there', { railSearchOk: false });
    expect(result).toMatchObject({ status: 'unavailable', kind: null, label: 'Ссылку сейчас получить не удалось', url: null, search_results_url: null });
  });

  it('does not offer search results outside Tutu’s hosts either', async () => {
    const { result } = await item(down(), railPackage({ trainSearchUrl: 'https://evil.example/search' }), 'there');
    expect(result).toMatchObject({ status: 'unavailable', url: null, search_results_url: null });
  });

  it('sends a hotel’s traveller to the hotel’s own page, labelled as such', async () => {
    const { result } = await item(down(), railPackage(), 'hotel');
    expect(result).toMatchObject({ status: 'search_fallback', label: 'Открыть страницу отеля', url: HOTEL_PAGE, passengers: { full: 2, child: 0, infant: 0 } });
    expect((await item(down(), railPackage({ hotelPage: null }), 'hotel')).result).toMatchObject({
      status: 'unavailable',
      label: 'Ссылку сейчас получить не удалось',
      url: null,
    });
  });

  it('lets a failure that is not Tutu’s through', async () => {
    await expect(item(new RangeError('a bug'), railPackage(), 'there')).rejects.toThrow(RangeError);
  });
});

describe('what Tutu is asked for each item', () => {
  it('asks for a hotel cart with the rate of the room the package was built from', async () => {
    const room = (meal: string | null, price: number, offerpackHash: string) => ({
      roomName: 'Стандарт',
      meal,
      price,
      freeCancellation: null,
      cancellationNote: null,
      offerpackHash,
    });
    const rooms = {
      checkInTime: null,
      checkOutTime: null,
      amenities: [],
      skippedRows: 0,
      rooms: [room('RO', 18_000, 'no-meal'), room('BB', 19_000, 'dearer'), room('BB', 18_000, 'same')],
    };
    const { result, asked, roomCalls } = await item(link('https://hotel.tutu.ru/cart', { kind: 'checkout_deeplink' }), railPackage(), 'hotel', { rooms });
    expect(roomCalls).toEqual([['h-7', '2026-12-05', '2026-12-07', 2]]);
    expect(asked).toEqual([{ product_type: 'hotels', hotel_id: 'h-7', offer_pack_hash: 'same' }]);
    expect(result).toMatchObject({
      item: 'hotel',
      title: 'Отель: Гостиница Нева, 2026-12-05 – 2026-12-07',
      price: 18_000,
      passengers: { full: 2, child: 0, infant: 0 },
      status: 'link',
      label: 'Открыть корзину',
      search_results_url: HOTEL_PAGE,
      stable_url: 'https://zaezd.example/t/trip-42/go/2/hotel',
    });
  });

  it('asks for the hotel’s page when its rooms cannot be read, and lets a failure that is not Tutu’s through', async () => {
    const { asked } = await item(link('https://hotel.tutu.ru/h-7'), railPackage(), 'hotel', {
      rooms: new UpstreamError('timeout', 'get_offer_details', 'slow'),
    });
    expect(asked).toEqual([{ product_type: 'hotels', hotel_id: 'h-7' }]);
    await expect(item(link('https://hotel.tutu.ru/h-7'), railPackage(), 'hotel', { rooms: new RangeError('a bug') })).rejects.toThrow(RangeError);
  });

  it('asks for a round-trip flight with the return departure, titled with both legs', async () => {
    const { result, asked } = await item(link('https://avia.tutu.ru/book'), airPackage(), 'flight');
    expect(asked).toEqual([
      {
        offer_ref: 'f-1',
        passengers_full: 2,
        passengers_child: 0,
        passengers_infant: 0,
        is_round_trip: true,
        return_departure_at: '2026-12-07T18:00:00+03:00',
      },
    ]);
    expect(result).toMatchObject({
      item: 'flight',
      title: 'Авиабилеты туда и обратно: SU 10 Москва → Санкт-Петербург; SU 11 Санкт-Петербург → Москва',
      price: 21_000,
      passengers: { full: 2, child: 0, infant: 0 },
      search_results_url: FLIGHT_SEARCH,
      stable_url: 'https://zaezd.example/t/trip-42/go/3/flight',
    });
  });

  it('takes a flight offer’s own search results before its search’s, and none when the search failed', async () => {
    const own = 'https://avia.tutu.ru/offers/f-1';
    expect((await item(down(), airPackage(own), 'flight')).result).toMatchObject({ status: 'search_fallback', url: own });
    expect((await item(down(), airPackage(), 'flight', { flightSearchOk: false })).result).toMatchObject({ status: 'unavailable', url: null });
  });

  it('refuses an item the package does not have, asking Tutu nothing', async () => {
    for (const [built, key] of [
      [railPackage(), 'flight'],
      [airPackage(), 'there'],
      [airPackage(), 'back'],
    ] as const) {
      const fake = fakeTutu(link('https://www.tutu.ru/o'));
      await expect(checkoutItem(sources(fake.tutu), trip(), built, key)).rejects.toThrow(
        new TypeError(`A ${built.mode} package has no checkout item "${key}".`),
      );
      expect(fake.asked).toEqual([]);
    }
  });

  it('refuses a rail package without the leg asked for', async () => {
    await expect(item(link('https://www.tutu.ru/o'), railPackage({ legs: ['there'] }), 'back')).rejects.toThrow(
      new TypeError('A rail package has a leg back.'),
    );
  });
});

describe('how checkout works, as the answer tells the traveller', () => {
  it('says zaezd makes no cart, links expire and nothing is booked until the traveller does it on Tutu', () => {
    expect(HOW_CHECKOUT_WORKS).toMatch(
      /^Open the links one by one: .*\(zaezd never creates a cart\)\. Tutu’s links expire; each stable_url asks Tutu for a fresh link when clicked\. Nothing is booked or paid until you do it on Tutu\.$/,
    );
  });
});
