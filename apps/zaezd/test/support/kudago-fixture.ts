/**
 * KudaGo-shaped answers for the adapter's tests: a few real-looking events in KudaGo's v1.4 JSON
 * (Unix-second dates, expanded places with coordinates, category slugs, Russian tags), including
 * the awkward ones a live listing has — an event without a place and a "permanent" one with
 * KudaGo's far-past sentinel date.
 */

export function unix(localDateTime: string): number {
  return Date.parse(localDateTime) / 1000;
}

export const KUDAGO_EVENTS = {
  spbJazz: {
    id: 201801,
    title: 'концерт «Джаз на Загородном»',
    short_title: 'Джаз на Загородном',
    slug: 'koncert-dzhaz-na-zagorodnom',
    dates: [{ start: unix('2026-12-05T19:00:00+03:00'), end: unix('2026-12-05T21:30:00+03:00') }],
    place: {
      id: 3301,
      title: 'Филармония джазовой музыки',
      address: 'Загородный пр., 27',
      coords: { lat: 59.9248, lon: 30.3447 },
      location: 'spb',
      is_closed: false,
    },
    description: '<p>Вечер <b>традиционного</b> джаза.</p>',
    location: { slug: 'spb' },
    categories: ['concert'],
    tags: ['джаз', 'концерты'],
    price: 'от 1500 до 3000 рублей',
    is_free: false,
    site_url: 'https://kudago.com/spb/event/koncert-dzhaz-na-zagorodnom/',
  },
  spbExhibition: {
    id: 201802,
    title: 'выставка «Графика XX века»',
    dates: [{ start: unix('2026-12-01T10:00:00+03:00'), end: unix('2027-02-01T18:00:00+03:00') }],
    place: { id: 3302, title: 'Русский музей', address: 'Инженерная ул., 4', coords: { lat: 59.9386, lon: 30.3322 } },
    description: 'Выставка графики.',
    location: { slug: 'spb' },
    categories: ['exhibition'],
    tags: ['выставки'],
    price: '',
    is_free: false,
    site_url: 'https://kudago.com/spb/event/vystavka-grafika/',
  },
  spbNoPlace: {
    id: 201803,
    title: 'джазовый фестиваль в разных местах',
    dates: [{ start: unix('2026-12-06T19:00:00+03:00'), end: unix('2026-12-06T23:00:00+03:00') }],
    place: null,
    location: { slug: 'spb' },
    categories: ['festival'],
    tags: ['джаз'],
  },
  kznPermanent: {
    id: 201804,
    title: 'джаз-клуб на Баумана',
    dates: [{ start: -62135596800, end: 253370754000 }],
    place: { id: 3303, title: 'Клуб', address: 'ул. Баумана, 1', coords: { lat: 55.79, lon: 49.11 } },
    location: { slug: 'kzn' },
    categories: ['concert'],
    tags: ['джаз'],
    is_free: true,
  },
} as const;

export function kudagoPage(results: unknown[]) {
  return { count: results.length, next: null, previous: null, results };
}
