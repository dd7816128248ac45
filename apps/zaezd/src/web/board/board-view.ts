/**
 * The trip board's one renderer: a BoardState in, the markup of each block of the skeleton out
 * (board-skeleton.tsx), as plain data (markup.ts). The browser turns it into DOM on the web page
 * and in the MCP App widget (render-board.ts); the server writes the same markup into the page
 * so the trip reads without JavaScript. Nothing here touches the DOM, so both outputs come from
 * the same words.
 *
 * Order: the event in two lines, then the packages (times, durations and prices large, the
 * checkout checklist), the weather, the places, what the event is, what was searched and not
 * covered, and other matching events, each a link to its own board. The board speaks Russian; a
 * text it quotes in another language (an event description, Tutu's messages) is marked with its
 * `lang`.
 */
import type { TripCheckout } from '../../trips/trip-checkout.ts';
import type { TripDetails } from '../../trips/trip-details.ts';
import type { Leg, TripEvent, TripPackage, TripResult } from '../../trips/trip-result.ts';
import type { BoardState, PackageDetails } from './board-data.ts';
import * as words from '../../wording.ts';
import { kept, m, type Markup, type MarkupChild, type MarkupElement } from './markup.ts';

export type MapView = 'none' | 'loading' | 'ready' | 'failed';

/** What the board's surroundings add to a render: the map's state, the package shown on it, the checkout items already opened. */
export interface BoardUi {
  map: MapView;
  selected: number | null;
  /** `<package>/<item>` of each checkout button already clicked. */
  opened: ReadonlySet<string>;
}

export const BLOCK_NAMES = ['notice', 'event', 'packages', 'weather', 'places', 'about', 'coverage', 'others', 'footnote'] as const;
export type BlockName = (typeof BLOCK_NAMES)[number];
/** Each block's content; null hides the block. */
export type Blocks = Record<BlockName, Markup[] | null>;

/** The answer the board draws, whichever tool it came from. */
export interface View {
  tripId: string;
  webUrl: string;
  demo: boolean;
  notice: string | null;
  trip: TripResult | null;
  event: TripEvent | null;
  packages: TripPackage[];
  details: Map<number, PackageDetails>;
  checkout: TripCheckout | null;
  adults: number | null;
  /** Some package's details are still being asked for. */
  pending: boolean;
}

export function viewOf(state: BoardState): View | null {
  const known: TripDetails[] = state.details.flatMap((entry) => ('details' in entry ? [entry.details] : []));
  const source = state.trip ?? known[0] ?? state.checkout;
  if (!source) return null;
  const packages = state.trip ? state.trip.packages : known.map((d) => d.package).sort((a, b) => a.number - b.number);
  const details = new Map(state.details.map((entry) => [entry.package, entry]));
  return {
    tripId: source.trip_id,
    webUrl: source.web_url,
    demo: source.demo_data,
    notice: source.notice,
    trip: state.trip,
    event: state.trip ? state.trip.event : (known[0]?.event ?? null),
    packages,
    details,
    checkout: state.checkout,
    adults: state.trip?.request.adults ?? known[0]?.rates.adults ?? null,
    pending: packages.some((p) => !details.has(p.number)),
  };
}

/** A text as given, marked `lang="en"` when it is in a Latin-script language. */
export function foreign(text: string): Markup {
  return words.isLatinText(text) ? m('span', { lang: 'en' }, text) : text;
}

/** A sentence zaezd writes in English for agents, in Russian when the board knows it. */
function sentence(english: string): Markup {
  return words.fixedSentence(english) ?? foreign(english);
}

function link(url: string, text: MarkupChild, attrs: Record<string, string> = {}): MarkupElement {
  return m('a', { href: url, ...attrs }, text);
}

const EXTERNAL = { rel: 'nofollow noopener', target: '_blank' };

function facts(rows: Array<[string, MarkupChild] | null>): MarkupElement {
  return m('dl', { class: 'board-facts' }, ...rows.flatMap((row) => (row ? [m('dt', null, row[0]), m('dd', null, row[1])] : [])));
}

function addressOf(event: TripEvent): string {
  return event.venue.address.includes(event.city.name) ? event.venue.address : `${event.city.name}, ${event.venue.address}`;
}

function visitText(event: TripEvent): string {
  return event.visit.from === event.visit.to ? words.day(event.visit.from) : `${words.day(event.visit.from)} — ${words.day(event.visit.to)}`;
}

function requestFacts(trip: TripResult | null): Array<[string, MarkupChild]> {
  const request = trip?.request;
  if (!request) return [];
  return [
    ['Откуда', `${request.origin.name}, ${words.adults(request.adults)}${request.budget !== null ? `, бюджет ${words.rub(request.budget)}` : ''}`],
    ['Запрос', request.interpreted_topics.map((t) => words.meansRu(t.means)).join('; ')],
  ];
}

function eventBlock(view: View): Markup[] {
  const { event, trip } = view;
  if (!event) {
    const request = trip?.request;
    return [
      m('h1', null, 'Подходящее мероприятие не нашлось'),
      facts([...requestFacts(trip), request ? ['Искали', `с ${words.fullDay(request.date_from)} по ${words.fullDay(request.date_to)}`] : null]),
    ];
  }
  return [
    m('p', { class: 'board-kicker' }, `${event.city.name} · ${visitText(event)}`),
    m('h1', null, foreign(event.title)),
    m('p', { class: 'board-where' }, foreign(event.venue.name), ` · начало ${words.moment(event.starts_at)}`),
    trip?.travel ? m('p', { class: 'board-muted' }, `Дорога: туда ${words.day(trip.travel.outbound_date)}, обратно ${words.day(trip.travel.return_date)}`) : null,
  ].filter((x): x is MarkupElement => x !== null);
}

function aboutBlock(view: View): Markup[] | null {
  const { event, trip } = view;
  if (!event) return null;
  return [
    m('h2', null, 'О мероприятии'),
    m('p', { class: 'board-description' }, foreign(event.description)),
    facts([
      ['Где', m('span', null, foreign(event.venue.name), ', ', foreign(addressOf(event)))],
      ['Начало', words.moment(event.starts_at)],
      ...requestFacts(trip),
      event.missing_topics.length > 0 ? ['Не совпало', event.missing_topics.map(words.topicKeyRu).join(', ')] : null,
      event.dates_note ? ['О датах', foreign(event.dates_note)] : null,
      event.price_note ? ['Билеты', foreign(event.price_note)] : null,
      event.url ? ['Сайт', link(event.url, event.url, EXTERNAL)] : null,
    ]),
    trip?.travel ? m('p', { class: 'board-muted' }, sentence(trip.travel.rule)) : null,
  ].filter((x): x is MarkupElement => x !== null);
}

/** The forecast is the venue's, the same for every package: the first package that has one tells it. */
function weatherBlock(view: View): Markup[] | null {
  if (!view.event || view.packages.length === 0) return null;
  const heading = m('h2', null, 'Погода в дни мероприятия');
  const entries = view.packages.map((p) => view.details.get(p.number));
  const answered = entries.find((entry): entry is { package: number; details: TripDetails } => entry !== undefined && 'details' in entry);
  if (!answered) {
    const pending = entries.some((entry) => entry === undefined);
    return [heading, m('p', { class: 'board-muted' }, pending ? 'Загружаем прогноз…' : 'Прогноз не получен: подробности пакетов недоступны.')];
  }
  const weather = answered.details.weather;
  if (weather.status !== 'forecast') {
    return [heading, m('p', null, 'Прогноза пока нет.', weather.reason ? ' ' : null, weather.reason ? foreign(weather.reason) : null), m('p', { class: 'board-muted' }, 'Источник: ', foreign(weather.source))];
  }
  const { from, to } = view.event.visit;
  const covered = weather.days.filter((d) => d.date >= from && d.date <= to).length;
  const visitDays = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
  return [
    heading,
    m(
      'ul',
      { class: 'board-weather' },
      ...weather.days.map((d) => {
        const temperature = words.temperatureRange(d.temperature_min_c, d.temperature_max_c);
        const rain = d.precipitation_mm !== null ? `осадки ${String(d.precipitation_mm).replace('.', ',')}\u00a0мм${d.precipitation_probability !== null ? ` (${d.precipitation_probability}\u00a0%)` : ''}` : null;
        return m('li', null, m('strong', null, words.day(d.date)), `: ${[words.weatherSummary(d.summary), temperature, rain].filter(Boolean).join(', ')}`);
      }),
    ),
    covered < visitDays ? m('p', { class: 'board-muted' }, 'Прогноз есть не на все дни: остальные дальше, чем заглядывает Open-Meteo (16 дней).') : null,
    m('p', { class: 'board-muted' }, 'Источник: ', foreign(weather.source)),
  ].filter((x): x is MarkupElement => x !== null);
}

function legTitle(leg: Leg): string {
  if (leg.mode === 'air') return `Рейс ${leg.flights.join(' + ')}${leg.carrier ? `, ${leg.carrier}` : ''}`;
  const train = ['Поезд', leg.train_number, leg.train_name ? `«${leg.train_name}»` : null].filter(Boolean).join(' ');
  return leg.seat_category ? `${train}, ${words.seatCategory(leg.seat_category)}` : train;
}

function legItem(leg: Leg): MarkupElement {
  const stops = leg.mode === 'air' ? (leg.stops === 0 ? 'без пересадок' : `пересадок: ${leg.stops}`) : null;
  const nextDay = leg.arrives_at.slice(0, 10) !== leg.departs_at.slice(0, 10);
  return m(
    'li',
    { class: 'board-leg' },
    m('p', { class: 'board-leg-head' }, m('strong', null, leg.direction === 'there' ? 'Туда' : 'Обратно'), ` · ${words.day(leg.departs_at)}`),
    m(
      'p',
      { class: 'board-leg-times' },
      m('span', { class: 'board-time' }, leg.departs_at.slice(11, 16)),
      ' → ',
      m('span', { class: 'board-time' }, leg.arrives_at.slice(11, 16)),
      nextDay ? m('span', { class: 'board-muted' }, ` ${words.day(leg.arrives_at)}`) : null,
      m('span', { class: 'board-duration' }, ` · ${words.duration(leg.duration_minutes)}`),
    ),
    m('p', null, foreign(`${leg.from} → ${leg.to}`)),
    m('p', { class: 'board-muted' }, foreign([legTitle(leg), stops, leg.price !== null ? words.rub(leg.price) : null].filter(Boolean).join(' · '))),
  );
}

function hotelBlock(pkg: TripPackage, entry: PackageDetails | undefined): MarkupElement[] {
  const hotel = pkg.hotel;
  const details = entry && 'details' in entry ? entry.details.hotel : null;
  const stars = hotel.stars ? ` ${'★'.repeat(hotel.stars)}` : '';
  const lines: Array<MarkupElement | null> = [
    m('p', null, m('strong', null, foreign(hotel.name), stars), hotel.rating !== null ? ` · оценка ${String(hotel.rating).replace('.', ',')}` : ''),
    hotel.address ? m('p', null, foreign(hotel.address)) : null,
    m('p', null, hotel.distance_to_venue_km !== null ? `${words.km(hotel.distance_to_venue_km)} до площадки по прямой` : 'Расстояние до площадки неизвестно'),
    m(
      'p',
      null,
      `${words.nights(hotel.nights)}: ${words.day(hotel.check_in)} — ${words.day(hotel.check_out)}`,
      details?.check_in_time || details?.check_out_time ? ` (заезд с ${details.check_in_time ?? '?'}, выезд до ${details.check_out_time ?? '?'})` : '',
    ),
  ];
  const room = details?.room ?? hotel.room;
  const meal = details?.meal ?? hotel.meal;
  if (room || meal) lines.push(m('p', null, foreign([room, meal ? words.meal(meal) : null].filter(Boolean).join(', '))));
  if (details) {
    if (details.cancellation_note) lines.push(m('p', null, foreign(details.cancellation_note)));
    else if (details.free_cancellation !== null) lines.push(m('p', null, details.free_cancellation ? 'Бесплатная отмена' : 'Без бесплатной отмены'));
    if (details.amenities.length > 0) lines.push(m('p', { class: 'board-muted' }, details.amenities.map(words.amenity).join(', ')));
    if (details.details_note) lines.push(m('p', { class: 'board-muted' }, 'Подробности номера Туту не отдал; показан номер из поиска. ', foreign(details.details_note)));
  } else if (entry && 'problem' in entry) {
    lines.push(m('p', { class: 'board-problem' }, 'Подробности не получены: ', foreign(entry.problem)));
  } else {
    lines.push(m('p', { class: 'board-muted' }, 'Загружаем подробности отеля…'));
  }
  return lines.filter((x): x is MarkupElement => x !== null);
}

function ratesBlock(pkg: TripPackage, entry: PackageDetails | undefined, adults: number | null): MarkupElement {
  const rates = entry && 'details' in entry ? entry.details.rates : null;
  const perNight = rates?.hotel.per_night ?? pkg.hotel.price_per_night;
  const hotelNights = rates?.hotel.nights ?? pkg.hotel.nights;
  const hotelTotal = rates?.hotel.total ?? pkg.hotel.price_total;
  const transportTotal = rates?.transport.total ?? pkg.price_breakdown.transport;
  let transport = words.rub(transportTotal);
  if (rates && rates.transport.pricing_basis === 'per_seat' && rates.transport.per_seat.length === 2) {
    transport = `${rates.transport.per_seat.map(words.rub).join(' + ')} за место × ${rates.adults} = ${words.rub(transportTotal)}`;
  } else if (pkg.transport_pricing.basis === 'party_total') {
    transport = `${words.rub(transportTotal)} за всех, туда и обратно`;
  }
  return facts([
    ['Дорога', transport],
    ['Отель', `${words.rub(perNight)} × ${words.nights(hotelNights)} = ${words.rub(hotelTotal)}`],
    ['Итого', `${words.rub(rates?.party_total ?? pkg.total_price)}${adults !== null ? ` на ${words.adults(adults)}` : ''}`],
  ]);
}

/**
 * The package's notes as the board says them. zaezd's own notes are worded again from the
 * package's facts; the distance note is left out because the hotel lines already give it; any
 * other note is quoted as given.
 */
function packageNotes(pkg: TripPackage): Markup[] {
  const notes: Markup[] = [];
  const there = pkg.legs.find((l) => l.direction === 'there');
  for (const note of pkg.notes) {
    if (note.startsWith('The hotel is ')) continue;
    if (note.startsWith('Overnight train') && there) notes.push(`Ночной поезд: прибывает утром, ${words.day(there.arrives_at)}, поэтому отель — с этого дня.`);
    else if (note.startsWith('Air is the alternative')) {
      notes.push('Самолёт — запасной вариант: ссылка на авиабилеты открывает корзину только в браузере, где вы вошли в Туту; в другом браузере откроется поиск.');
    } else if (note.startsWith('Baggage: ')) notes.push(m('span', null, 'Багаж: ', foreign(note.slice('Baggage: '.length).replace(/\.$/, ''))));
    else notes.push(foreign(note));
  }
  return notes;
}

function itemPrice(pkg: TripPackage, item: string): number | null {
  if (item === 'there' || item === 'back') return pkg.legs.find((l) => l.direction === item)?.price ?? null;
  if (item === 'flight') return pkg.price_breakdown.transport;
  return pkg.hotel.price_total;
}

function itemName(item: string, price: number | null): string {
  return `${words.CHECKOUT_ITEM_NAMES[item] ?? item}${price !== null ? ` — ${words.rub(price)}` : ''}`;
}

/** The address that asks zaezd for this package's checkout links (create_trip_checkout) and shows them on the board. */
export function checkoutPageUrl(webUrl: string, packageNumber: number): string {
  return `${webUrl}?package=${packageNumber}#package-${packageNumber}`;
}

/**
 * The checklist. Before Tutu has been asked, it lists what will be opened and offers to ask;
 * once the checkout answer is here, one button per item, each saying beside it what Tutu's link
 * opens (the label follows the kind Tutu returned), opened in a new tab through zaezd's live
 * route, and ticked off once opened.
 */
function checklist(view: View, pkg: TripPackage, ui: BoardUi): Markup[] {
  const answered = view.checkout?.package === pkg.number ? view.checkout : null;
  if (!answered) {
    return [
      m('ul', { class: 'board-items' }, ...pkg.checkout_items.map((item) => m('li', null, itemName(item, itemPrice(pkg, item))))),
      m('p', null, link(checkoutPageUrl(view.webUrl, pkg.number), 'Получить ссылки на Туту', { class: 'board-button', 'data-prepare': String(pkg.number) })),
      m('p', { class: 'board-muted' }, 'zaezd спросит у Туту ссылку на каждую часть и скажет, откроется корзина или только поиск. Ничего не бронируется.'),
    ];
  }
  return [
    m(
      'ol',
      { class: 'board-checklist' },
      ...answered.items.map((item) => {
        const key = `${pkg.number}/${item.item}`;
        const opened = ui.opened.has(key);
        return m(
          'li',
          { class: opened ? 'is-opened' : null },
          link(item.stable_url, itemName(item.item, item.price), { ...EXTERNAL, class: 'board-checkout', 'data-item': key }),
          m('span', { class: 'board-kind' }, item.label),
          opened ? m('span', { class: 'board-opened' }, '✓ открыто') : null,
          item.status !== 'link' && item.problem ? m('span', { class: 'board-muted' }, foreign(item.problem)) : null,
        );
      }),
    ),
    m('p', { class: 'board-muted' }, 'Каждая кнопка открывает свою часть на сайте Туту в новой вкладке и каждый раз просит у Туту свежую ссылку. Корзина появится в вашей сессии Туту; zaezd ничего не бронирует.'),
  ];
}

function packageCard(view: View, pkg: TripPackage, ui: BoardUi): MarkupElement {
  const entry = view.details.get(pkg.number);
  const badges = [pkg.alternative ? 'Альтернатива' : null, pkg.within_budget === true ? 'В бюджете' : pkg.within_budget === false ? 'Дороже бюджета' : null].filter(
    (b): b is string => b !== null,
  );
  const classes = ['package-card', pkg.alternative ? 'is-alternative' : '', pkg.within_budget === false ? 'is-over-budget' : '', ui.selected === pkg.number ? 'is-selected' : '']
    .filter(Boolean)
    .join(' ');
  const notes = packageNotes(pkg);
  const perPerson = view.adults !== null && view.adults > 1 ? ` · ${words.rub(pkg.total_price / view.adults)} на человека` : '';
  return m(
    'article',
    { class: classes, 'data-package': String(pkg.number), id: `package-${pkg.number}` },
    m('h3', null, `${pkg.number}. ${pkg.label}`),
    badges.length > 0 ? m('p', { class: 'board-badges' }, ...badges.map((b) => m('span', { class: 'board-badge' }, b))) : null,
    m('p', { class: 'board-price' }, words.rub(pkg.total_price)),
    m('p', { class: 'board-muted' }, `${view.adults !== null ? `за ${words.adults(view.adults)}, ` : ''}дорога и отель${perPerson}`),
    m('ul', { class: 'board-legs', 'aria-label': pkg.mode === 'rail' ? 'Поезда' : 'Перелёт' }, ...pkg.legs.map(legItem)),
    m('h4', null, 'Отель'),
    ...hotelBlock(pkg, entry),
    m('h4', null, 'Из чего цена'),
    ratesBlock(pkg, entry, view.adults),
    notes.length > 0 ? m('ul', { class: 'board-notes' }, ...notes.map((note) => m('li', null, note))) : null,
    m('h4', null, 'Оформление на Туту'),
    ...checklist(view, pkg, ui),
    ui.map === 'ready' ? m('button', { type: 'button', class: 'board-select', 'data-select': String(pkg.number) }, 'Показать на карте') : null,
  );
}

/** A checkout answer whose package is not known yet (its details did not come): the checklist alone. */
function checkoutCard(checkout: TripCheckout, ui: BoardUi): MarkupElement {
  return m(
    'article',
    { class: 'package-card', 'data-package': String(checkout.package), id: `package-${checkout.package}` },
    m('h3', null, `Пакет ${checkout.package}`),
    m('p', { class: 'board-price' }, words.rub(checkout.total_price)),
    m('h4', null, 'Оформление на Туту'),
    m(
      'ol',
      { class: 'board-checklist' },
      ...checkout.items.map((item) => {
        const key = `${checkout.package}/${item.item}`;
        return m(
          'li',
          { class: ui.opened.has(key) ? 'is-opened' : null },
          link(item.stable_url, itemName(item.item, item.price), { ...EXTERNAL, class: 'board-checkout', 'data-item': key }),
          m('span', { class: 'board-kind' }, item.label),
          ui.opened.has(key) ? m('span', { class: 'board-opened' }, '✓ открыто') : null,
        );
      }),
    ),
  );
}

function packagesBlock(view: View, ui: BoardUi): Markup[] | null {
  const cards = view.packages.map((pkg) => packageCard(view, pkg, ui));
  if (view.checkout && !view.packages.some((p) => p.number === view.checkout!.package)) cards.push(checkoutCard(view.checkout, ui));
  if (cards.length === 0) return null;
  return [m('h2', null, 'Варианты поездки'), m('div', { class: 'package-grid' }, ...cards)];
}

/** A line of the places list, and a marker when its coordinates are known. */
export interface BoardPlace {
  kind: 'venue' | 'hotel';
  badge: string;
  name: string;
  packages: number[];
  distanceKm: number | null;
  address: string | null;
  point: { lat: number; lon: number } | null;
}

/** The venue and each distinct hotel, badged with the numbers of the packages that use it. */
export function placesOf(event: TripEvent, packages: TripPackage[]): BoardPlace[] {
  const venue: BoardPlace = { kind: 'venue', badge: '★', name: event.venue.name, packages: [], distanceKm: null, address: addressOf(event), point: event.venue };
  const hotels = new Map<string, BoardPlace>();
  for (const pkg of packages) {
    const seen = hotels.get(pkg.hotel.hotel_id);
    if (seen) {
      seen.packages.push(pkg.number);
      seen.badge = seen.packages.join(',');
    } else {
      const { hotel } = pkg;
      hotels.set(hotel.hotel_id, { kind: 'hotel', badge: String(pkg.number), name: hotel.name, packages: [pkg.number], distanceKm: hotel.distance_to_venue_km, address: hotel.address, point: hotel.coords });
    }
  }
  return [venue, ...hotels.values()];
}

function placeLine(place: BoardPlace): MarkupElement {
  const text: Markup[] =
    place.kind === 'venue'
      ? ['Площадка: ', foreign(place.name), ', ', foreign(place.address ?? '')]
      : [
          foreign(place.name),
          ` — ${place.distanceKm !== null ? `${words.km(place.distanceKm)} до площадки` : 'расстояние до площадки неизвестно'} (${place.packages.length > 1 ? 'пакеты' : 'пакет'} ${place.packages.join(', ')})`,
        ];
  return m('li', { class: `place place-${place.kind}` }, m('span', { class: `board-marker board-marker-${place.kind}`, 'aria-hidden': 'true' }, m('span', null, place.badge)), ' ', m('span', null, ...text));
}

const MAP_NOTES: Readonly<Record<MapView, string>> = {
  none: '',
  loading: 'Загружаем карту…',
  ready: '',
  failed: 'Карта не загрузилась, поэтому места — списком, с расстоянием до площадки по прямой.',
};

/** The map canvas is the browser's own element, kept across renders; the server writes none. */
export const MAP_SLOT = 'map';

function placesBlock(view: View, ui: BoardUi): Markup[] | null {
  if (!view.event) return null;
  const note = MAP_NOTES[ui.map];
  const parts: Array<Markup | null> = [
    m('h2', null, 'Отели и площадка'),
    note ? m('p', { class: 'board-muted', 'data-slot': 'note' }, note) : null,
    ui.map === 'loading' || ui.map === 'ready' ? kept(MAP_SLOT) : null,
    m('ol', { class: 'place-list', 'data-slot': 'list' }, ...placesOf(view.event, view.packages).map(placeLine)),
  ];
  return parts.filter((x): x is Markup => x !== null);
}

function budgetSentence(trip: TripResult): string | null {
  const { amount, status } = trip.budget;
  if (amount === null || status === 'not_given') return null;
  if (status === 'within') return `Все варианты укладываются в бюджет ${words.rub(amount)}.`;
  const cheapest = Math.min(...trip.packages.map((p) => p.total_price));
  if (!Number.isFinite(cheapest)) return 'Вариантов нет, поэтому бюджет не применялся.';
  return `В бюджет ${words.rub(amount)} не уложился ни один вариант: самый дешёвый стоит ${words.rub(cheapest)}, на ${words.rub(cheapest - amount)} дороже. Он показан с пометкой.`;
}

function searchedLines(trip: TripResult): string[] {
  const { request, event, travel } = trip;
  const lines = [`Мероприятия: ${request.interpreted_topics.map((t) => words.meansRu(t.means)).join('; ')}, с ${words.fullDay(request.date_from)} по ${words.fullDay(request.date_to)}.`];
  if (event && travel) {
    lines.push(
      `Поезда ${request.origin.name} → ${event.city.name} на ${words.day(travel.outbound_date)} и обратно на ${words.day(travel.return_date)}, ${words.adults(request.adults)}.`,
      `Авиабилеты туда и обратно на те же дни.`,
      `Отели: город ${event.city.name}, с ${words.day(travel.outbound_date)} по ${words.day(travel.return_date)}.`,
    );
  }
  return lines;
}

function coverageBlock(view: View): Markup[] | null {
  const trip = view.trip;
  if (!trip) return null;
  const budget = budgetSentence(trip);
  const list = (items: Markup[]) => m('ul', null, ...items.map((item) => m('li', null, item)));
  return [
    m('h2', null, 'Что искали и чего нет'),
    budget ? m('p', null, budget) : null,
    m('h3', null, 'Что искали'),
    list(searchedLines(trip)),
    trip.coverage.searched.length > 0
      ? m('details', { class: 'board-log' }, m('summary', null, 'Журнал поиска, как его получил агент (на английском)'), m('ul', { lang: 'en' }, ...trip.coverage.searched.map((line) => m('li', null, line))))
      : null,
    m('h3', null, 'Чего не нашли'),
    trip.coverage.not_found.length > 0 ? list(trip.coverage.not_found.map(sentence)) : m('p', { class: 'board-muted' }, 'Всё, что искали, нашлось.'),
    m('h3', null, 'Что не входит'),
    // The demo notice already heads the board; it is not said twice.
    list(trip.coverage.not_covered.filter((line) => line !== view.notice).map(sentence)),
  ].filter((x): x is MarkupElement => x !== null);
}

/** Another matching event: a link to its own board, the same request built around it. */
export function otherEventUrl(webUrl: string, eventId: string): string {
  return `${webUrl}/also/${encodeURIComponent(eventId)}`;
}

function othersBlock(view: View): Markup[] | null {
  const others = view.trip?.other_events ?? [];
  if (others.length === 0) return null;
  return [
    m('h2', null, 'Другие подходящие мероприятия'),
    m('ul', null, ...others.map((o) => m('li', null, link(otherEventUrl(view.webUrl, o.id), foreign(o.title)), ` — ${o.city}, ${words.moment(o.starts_at)}`))),
  ];
}

function noticeBlock(view: View): Markup[] | null {
  if (view.notice === null) return null;
  return [sentence(view.notice)];
}

export function boardBlocks(view: View, ui: BoardUi): Blocks {
  return {
    notice: noticeBlock(view),
    event: eventBlock(view),
    packages: packagesBlock(view, ui),
    weather: weatherBlock(view),
    places: placesBlock(view, ui),
    about: aboutBlock(view),
    coverage: coverageBlock(view),
    others: othersBlock(view),
    footnote: ['Доска собирается заново по ссылке при каждом открытии, с текущими ценами Туту. Веб-версия: ', link(view.webUrl, 'открыть в браузере')],
  };
}

/** What the map shows: the places that have coordinates. */
export function mapPlaces(view: View): BoardPlace[] {
  return view.event ? placesOf(view.event, view.packages).filter((p) => p.point !== null) : [];
}
