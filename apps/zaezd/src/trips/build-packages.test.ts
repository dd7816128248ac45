/**
 * Package rules on hand-made search results: arrival before the event, the late hotel stay for
 * overnight trains, rail before air, the budget, a rail fare per seat and a hotel price for the
 * whole stay (never multiplied by nights).
 */
import { describe, expect, it } from 'vitest';
import { cityByKey } from '../geo/cities.ts';
import type { FlightOffer, HotelOffer, Search, SearchMeta, TrainOffer } from '../tutu/index.ts';
import { buildPackages, type PackageInputs } from './build-packages.ts';
import type { OfferSearches } from './search-offers.ts';
import { travelPlan } from './travel-plan.ts';

const meta = (): SearchMeta => ({
  currency: 'RUB',
  totalMatched: null,
  hasMore: false,
  searchResultsUrl: 'https://example.test/search',
  note: null,
  alsoNamed: [],
  dataSource: null,
  skippedRows: 0,
});
const ok = <T>(rows: T[]) => ({ ok: true as const, value: { meta: meta(), rows } satisfies Search<T> });

function train(number: string, departureAt: string, arrivalAt: string, seats: Array<[string, number]>): TrainOffer {
  return {
    offerId: `offer-${number}`,
    trainNumber: number,
    name: null,
    carriers: ['ФПК'],
    departureStation: 'Москва',
    arrivalStation: 'Санкт-Петербург',
    departureAt,
    arrivalAt,
    durationMinutes: (Date.parse(arrivalAt) - Date.parse(departureAt)) / 60_000,
    seats: seats.map(([category, price]) => ({ category, price, fareCount: 1 })),
    searchResultsUrl: 'https://www.tutu.ru/poezda/',
    checkoutRef: { transport: 'railway', train_number: number },
  };
}

function hotel(id: number, price: number, rating: number, lat: number): HotelOffer {
  return {
    hotelId: String(id),
    name: `Hotel ${id}`,
    stars: 3,
    rating,
    reviewsCount: 10,
    address: 'addr',
    coords: { lat, lon: 30.3447 },
    price,
    nights: null,
    roomName: 'Std',
    meal: null,
    freeCancellation: true,
    checkoutUrl: null,
    checkoutRef: { transport: 'hotels', hotel_geo_id: String(id) },
  };
}

const flight = (price: number): FlightOffer => ({
  offerId: 'av1',
  price,
  carrier: 'Аэрофлот',
  direct: true,
  baggage: null,
  there: {
    flights: ['SU 6'],
    from: 'SVO',
    to: 'LED',
    departureAt: '2026-12-02T07:00:00+03:00',
    arrivalAt: '2026-12-02T08:25:00+03:00',
    durationMinutes: 85,
    stops: 0,
  },
  back: {
    flights: ['SU 7'],
    from: 'LED',
    to: 'SVO',
    departureAt: '2026-12-04T08:10:00+03:00',
    arrivalAt: '2026-12-04T09:35:00+03:00',
    durationMinutes: 85,
    stops: 0,
  },
  searchResultsUrl: 'https://avia.tutu.ru/',
  checkoutRef: { transport: 'avia', is_round_trip: true },
});

const visit = { from: '2026-12-03', to: '2026-12-03' };
const plan = travelPlan(visit);
const venue = { lat: 59.9248, lon: 30.3447 };

function inputs(overrides: Partial<OfferSearches> = {}, extra: Partial<PackageInputs> = {}): PackageInputs {
  const searches: OfferSearches = {
    origin: cityByKey('msk'),
    destination: cityByKey('spb'),
    railThere: ok([
      train('751А', '2026-12-02T06:50:00+03:00', '2026-12-02T10:45:00+03:00', [['SEDENTARY', 4000]]),
      train('002А', '2026-12-02T23:55:00+03:00', '2026-12-03T07:55:00+03:00', [['COMPARTMENT', 7000]]),
    ]),
    railBack: ok([
      train('752А', '2026-12-04T06:00:00+03:00', '2026-12-04T09:55:00+03:00', [
        ['SEDENTARY', 4100],
        ['SOFT', 9000],
      ]),
    ]),
    flights: ok([flight(30000)]),
    hotelsFull: ok([hotel(1, 10000, 8.0, 59.95), hotel(2, 16000, 9.1, 59.925)]),
    hotelsLate: ok([hotel(1, 5000, 8.0, 59.95), hotel(2, 8000, 9.1, 59.925)]),
    ...overrides,
  };
  return { searches, plan, visit, adults: 2, budget: null, eventStartsAt: '2026-12-03T19:00:00+03:00', venue, ...extra };
}

describe('buildPackages', () => {
  it('leads with the cheapest rail + hotel, then comfort, then air as the alternative', () => {
    const { packages } = buildPackages(inputs());
    expect(packages.map((p) => [p.view.mode, p.view.alternative])).toEqual([
      ['rail', false],
      ['rail', false],
      ['air', true],
    ]);
    const [cheap, comfy] = packages;
    expect(cheap!.view.total_price).toBe((4000 + 4100) * 2 + 10000);
    expect(comfy!.railThere!.seat.category).toBe('COMPARTMENT');
    expect(comfy!.hotel.offer.hotelId).toBe('2');
  });

  it('starts the hotel on the arrival day for an overnight train, so no night is paid twice', () => {
    const comfy = buildPackages(inputs()).packages[1]!;
    expect(comfy.hotel.stay).toEqual(plan.lateStay);
    expect(comfy.view.hotel).toMatchObject({ check_in: '2026-12-03', nights: 1, price_total: 8000 });
    expect(comfy.view.notes.join(' ')).toMatch(/Overnight train/);
  });

  it('leaves out trains that arrive less than 90 minutes before the event, and says so when none is left', () => {
    const late = train('099А', '2026-12-03T10:00:00+03:00', '2026-12-03T18:00:00+03:00', [['SEDENTARY', 100]]);
    const outcome = buildPackages(inputs({ railThere: ok([late]) }));
    expect(outcome.packages.every((p) => p.view.mode === 'air')).toBe(true);
    expect(outcome.findings.join('\n')).toMatch(/arrives at least 90 minutes before/);
  });

  it('prices a rail fare per seat for the party and a hotel stay as Tutu totals it', () => {
    const cheap = buildPackages(inputs({}, { adults: 3 })).packages[0]!;
    expect(cheap.view.price_breakdown).toEqual({ transport: (4000 + 4100) * 3, hotel: 10000 });
    expect(cheap.view.hotel).toMatchObject({ nights: 2, price_total: 10000, price_per_night: 5000 });
  });

  it('keeps kopecks exact and offers a train without a category breakdown as "any car"', () => {
    const plain = {
      ...train('025А', '2026-12-02T06:00:00+03:00', '2026-12-02T10:00:00+03:00', []),
      seats: [{ category: null, price: 1301.88, fareCount: 35 }],
    };
    const cheap = buildPackages(inputs({ railThere: ok([plain]) })).packages[0]!;
    expect(cheap.view.price_breakdown.transport).toBe(2603.76 + 8200);
    expect(cheap.view.legs[0]!.summary).toMatch(/вагон на выбор/);
  });

  it('keeps only packages within the budget, and otherwise shows the cheapest one labelled', () => {
    const within = buildPackages(inputs({}, { budget: 27000 }));
    expect(within.budgetStatus).toBe('within');
    expect(within.packages.every((p) => p.view.total_price <= 27000 && p.view.within_budget)).toBe(true);
    const none = buildPackages(inputs({}, { budget: 1000 }));
    expect(none.budgetStatus).toBe('none_fit');
    expect(none.packages).toHaveLength(1);
    expect(none.packages[0]!.view).toMatchObject({ within_budget: false, total_price: 26200 });
    expect(none.packages[0]!.view.label).toMatch(/^Дороже бюджета — /);
    expect(none.budgetNote).toMatch(/25 200 ₽ over/);
  });
});
