/**
 * The trip board's one renderer. The web page `/t/:id` and the MCP App widget both load this
 * file and hand it a BoardState; only where the data comes from differs (embedded by the server,
 * or delivered by the agent host). It fills the shared skeleton (board-skeleton.tsx) block by
 * block with DOM nodes and text — never HTML — so the same answer reads the same, word for word,
 * in a browser tab and in an agent's chat.
 *
 * Blocks: the event, the weather for its days, the packages side by side (legs, hotel, rates,
 * the checkout checklist), the hotels next to the venue on a map (or as a list with distances
 * when tiles cannot load), the coverage note and other matching events.
 */
import type { TripCheckout } from '../../trips/trip-checkout.ts';
import type { TripDetails } from '../../trips/trip-details.ts';
import type { Leg, TripEvent, TripPackage, TripResult } from '../../trips/trip-result.ts';
import type { BoardState, PackageDetails } from './board-data.ts';
import { BoardMap, type MapPlace, type MapState } from './board-map.ts';
import * as words from './board-wording.ts';
import { fill, h, type Child } from './dom.ts';

/** What the board's surroundings do for it. */
export interface BoardHost {
  /** Opens a link outside the board. The widget sends it to the host (ui/open-link); on the web page links are plain links. */
  openLink?: (url: string) => void;
  /** The traveller asked to see one package; the widget tells the agent (ui/update-model-context). */
  packageSelected?: (selection: PackageSelection) => void;
}

export interface PackageSelection {
  tripId: string;
  webUrl: string;
  event: TripEvent | null;
  pkg: TripPackage;
}

export interface TripBoard {
  render(state: BoardState): void;
  /** A line above the board: waiting for data, or why there is none. */
  message(text: string, tone: 'wait' | 'problem'): void;
  /** Re-measures the map after the frame around it changed. */
  refreshMap(): void;
}

/** The answer the board draws, whichever tool it came from. */
interface View {
  tripId: string;
  webUrl: string;
  notice: string | null;
  trip: TripResult | null;
  event: TripEvent | null;
  packages: TripPackage[];
  details: Map<number, PackageDetails>;
  checkout: TripCheckout | null;
  adults: number | null;
}

function viewOf(state: BoardState): View | null {
  const known: TripDetails[] = state.details.flatMap((entry) => ('details' in entry ? [entry.details] : []));
  const source = state.trip ?? known[0] ?? state.checkout;
  if (!source) return null;
  return {
    tripId: source.trip_id,
    webUrl: source.web_url,
    notice: source.notice,
    trip: state.trip,
    event: state.trip ? state.trip.event : (known[0]?.event ?? null),
    packages: state.trip ? state.trip.packages : known.map((d) => d.package).sort((a, b) => a.number - b.number),
    details: new Map(state.details.map((entry) => [entry.package, entry])),
    checkout: state.checkout,
    adults: state.trip?.request.adults ?? known[0]?.rates.adults ?? null,
  };
}

function block(root: HTMLElement, name: string): HTMLElement {
  const found = root.querySelector<HTMLElement>(`[data-block="${name}"]`);
  if (!found) throw new TypeError(`The trip board skeleton has no "${name}" block`);
  return found;
}

function slot(parent: HTMLElement, name: string): HTMLElement {
  const found = parent.querySelector<HTMLElement>(`[data-slot="${name}"]`);
  if (!found) throw new TypeError(`The trip board skeleton has no "${name}" slot`);
  return found;
}

function show(element: HTMLElement, visible: boolean): void {
  element.hidden = !visible;
}

function link(url: string, text: string, external = false): HTMLAnchorElement {
  return h('a', external ? { href: url, rel: 'nofollow noopener', target: '_blank' } : { href: url }, text);
}

function facts(rows: Array<[string, Child] | null>): HTMLDListElement {
  const list = h('dl', { class: 'board-facts' });
  for (const row of rows) {
    if (row) list.append(h('dt', null, row[0]), h('dd', null, row[1]));
  }
  return list;
}

function addressOf(event: TripEvent): string {
  return event.venue.address.includes(event.city.name) ? event.venue.address : `${event.city.name}, ${event.venue.address}`;
}

function renderEvent(section: HTMLElement, view: View): void {
  const { event, trip } = view;
  const request = trip?.request;
  const asked: Array<[string, Child] | null> = request
    ? [
        ['Откуда', `${request.origin.name}, ${words.adults(request.adults)}${request.budget !== null ? `, бюджет ${words.rub(request.budget)}` : ''}`],
        ['Запрос', request.interpreted_topics.map((t) => t.means).join('; ')],
      ]
    : [];
  if (!event) {
    fill(
      section,
      h('h1', null, 'Подходящее мероприятие не нашлось'),
      facts([...asked, request ? ['Искали', `с ${words.fullDay(request.date_from)} по ${words.fullDay(request.date_to)}`] : null]),
    );
    return;
  }
  const visit = event.visit.from === event.visit.to ? words.day(event.visit.from) : `${words.day(event.visit.from)} — ${words.day(event.visit.to)}`;
  fill(
    section,
    h('p', { class: 'board-kicker' }, `${event.city.name} · ${visit}`),
    h('h1', null, event.title),
    h('p', { class: 'board-description' }, event.description),
    facts([
      ['Где', `${event.venue.name}, ${addressOf(event)}`],
      ['Начало', words.moment(event.starts_at)],
      trip?.travel ? ['Дорога', `туда ${words.day(trip.travel.outbound_date)}, обратно ${words.day(trip.travel.return_date)}`] : null,
      ...asked,
      event.missing_topics.length > 0 ? ['Не совпало', event.missing_topics.join(', ')] : null,
      event.dates_note ? ['О датах', event.dates_note] : null,
      event.price_note ? ['Билеты', event.price_note] : null,
      event.url ? ['Сайт', link(event.url, event.url, true)] : null,
    ]),
    trip?.travel ? h('p', { class: 'board-muted' }, trip.travel.rule) : null,
  );
}

/** The forecast is the venue's, the same for every package: the first package that has one tells it. */
function renderWeather(section: HTMLElement, view: View): void {
  const body = slot(section, 'body');
  if (!view.event || view.packages.length === 0) {
    show(section, false);
    return;
  }
  show(section, true);
  const entries = view.packages.map((p) => view.details.get(p.number));
  const answered = entries.find((entry): entry is { package: number; details: TripDetails } => entry !== undefined && 'details' in entry);
  if (!answered) {
    const pending = entries.some((entry) => entry === undefined);
    fill(body, h('p', { class: 'board-muted' }, pending ? 'Загружаем прогноз…' : 'Прогноз не получен: подробности пакетов недоступны.'));
    return;
  }
  const weather = answered.details.weather;
  fill(
    body,
    weather.status === 'forecast'
      ? h(
          'ul',
          { class: 'board-weather' },
          ...weather.days.map((d) => {
            const temperature = words.temperatureRange(d.temperature_min_c, d.temperature_max_c);
            const rain = d.precipitation_mm !== null ? `осадки ${String(d.precipitation_mm).replace('.', ',')}\u00a0мм${d.precipitation_probability !== null ? ` (${d.precipitation_probability}\u00a0%)` : ''}` : null;
            return h('li', null, h('strong', null, words.day(d.date)), `: ${[words.weatherSummary(d.summary), temperature, rain].filter(Boolean).join(', ')}`);
          }),
        )
      : h('p', null, `Прогноза нет. ${weather.reason ?? ''}`.trim()),
    weather.note ? h('p', { class: 'board-muted' }, weather.note) : null,
    h('p', { class: 'board-muted' }, `Источник: ${weather.source}`),
  );
}

function legTitle(leg: Leg): string {
  if (leg.mode === 'air') return `Рейс ${leg.flights.join(' + ')}${leg.carrier ? `, ${leg.carrier}` : ''}`;
  const train = ['Поезд', leg.train_number, leg.train_name ? `«${leg.train_name}»` : null].filter(Boolean).join(' ');
  return leg.seat_category ? `${train}, ${words.seatCategory(leg.seat_category)}` : train;
}

function legItem(leg: Leg): HTMLLIElement {
  const stops = leg.mode === 'air' ? (leg.stops === 0 ? 'без пересадок' : `пересадок: ${leg.stops}`) : null;
  return h(
    'li',
    null,
    h('strong', null, leg.direction === 'there' ? 'Туда' : 'Обратно'),
    ` · ${legTitle(leg)}`,
    h('br', null),
    `${leg.from} ${words.moment(leg.departs_at)} → ${leg.to} ${words.moment(leg.arrives_at)}`,
    h('br', null),
    h('span', { class: 'board-muted' }, [words.duration(leg.duration_minutes), stops, leg.price !== null ? words.rub(leg.price) : null].filter(Boolean).join(' · ')),
  );
}

function hotelBlock(pkg: TripPackage, entry: PackageDetails | undefined): Child[] {
  const hotel = pkg.hotel;
  const details = entry && 'details' in entry ? entry.details.hotel : null;
  const stars = hotel.stars ? ` ${'★'.repeat(hotel.stars)}` : '';
  const lines: Child[] = [
    h('p', null, h('strong', null, `${hotel.name}${stars}`), hotel.rating !== null ? ` · оценка ${String(hotel.rating).replace('.', ',')}` : ''),
    hotel.address ? h('p', null, hotel.address) : null,
    h('p', null, hotel.distance_to_venue_km !== null ? `${words.km(hotel.distance_to_venue_km)} до площадки по прямой` : 'Расстояние до площадки неизвестно'),
    h(
      'p',
      null,
      `${words.nights(hotel.nights)}: ${words.day(hotel.check_in)} — ${words.day(hotel.check_out)}`,
      details?.check_in_time || details?.check_out_time ? ` (заезд с ${details.check_in_time ?? '?'}, выезд до ${details.check_out_time ?? '?'})` : '',
    ),
  ];
  const room = details?.room ?? hotel.room;
  const meal = details?.meal ?? hotel.meal;
  if (room || meal) lines.push(h('p', null, [room, meal ? words.meal(meal) : null].filter(Boolean).join(', ')));
  if (details) {
    const cancellation = details.cancellation_note ?? (details.free_cancellation === true ? 'Бесплатная отмена' : details.free_cancellation === false ? 'Без бесплатной отмены' : null);
    if (cancellation) lines.push(h('p', null, cancellation));
    if (details.amenities.length > 0) lines.push(h('p', { class: 'board-muted' }, details.amenities.map(words.amenity).join(', ')));
    if (details.details_note) lines.push(h('p', { class: 'board-muted' }, details.details_note));
  } else if (entry && 'problem' in entry) {
    lines.push(h('p', { class: 'board-problem' }, `Подробности не получены: ${entry.problem}`));
  } else {
    lines.push(h('p', { class: 'board-muted' }, 'Загружаем подробности отеля…'));
  }
  return lines;
}

function ratesBlock(pkg: TripPackage, entry: PackageDetails | undefined, adults: number | null): HTMLDListElement {
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

function itemPrice(pkg: TripPackage, item: string): number | null {
  if (item === 'there' || item === 'back') return pkg.legs.find((l) => l.direction === item)?.price ?? null;
  if (item === 'flight') return pkg.price_breakdown.transport;
  return pkg.hotel.price_total;
}

/** The checklist: every button goes through zaezd's live route, which asks Tutu for a fresh link at click time. */
function checklist(view: View, pkg: TripPackage): Child[] {
  const answered = view.checkout?.package === pkg.number ? view.checkout : null;
  return [
    h(
      'ol',
      { class: 'board-checklist' },
      ...pkg.checkout_items.map((item) => {
        const live = answered?.items.find((i) => i.item === item);
        const price = live?.price ?? itemPrice(pkg, item);
        return h(
          'li',
          null,
          h('span', null, `${words.CHECKOUT_ITEM_NAMES[item] ?? item}${price !== null ? ` — ${words.rub(price)}` : ''}`),
          ' ',
          link(live?.stable_url ?? `${view.webUrl}/go/${pkg.number}/${item}`, live?.label ?? 'Перейти на Туту'),
        );
      }),
    ),
    h(
      'p',
      { class: 'board-muted' },
      answered
        ? 'Надписи на кнопках — по виду ссылки, который вернул Туту. Ссылки истекают: кнопка каждый раз просит у Туту свежую.'
        : 'Ссылку Туту выдаёт в момент нажатия, и только тогда ясно, откроется корзина или поиск. Корзина появится в вашем браузере, в вашей сессии Туту; zaezd ничего не бронирует.',
    ),
  ];
}

function packageCard(view: View, pkg: TripPackage, select: (n: number) => void): HTMLElement {
  const entry = view.details.get(pkg.number);
  const badges = [pkg.alternative ? 'Альтернатива' : null, pkg.within_budget === true ? 'В бюджете' : pkg.within_budget === false ? 'Дороже бюджета' : null].filter(
    (b): b is string => b !== null,
  );
  const classes = ['package-card', pkg.alternative ? 'is-alternative' : '', pkg.within_budget === false ? 'is-over-budget' : ''].filter(Boolean).join(' ');
  const button = h('button', { type: 'button', class: 'board-select' }, 'Показать на карте');
  button.addEventListener('click', () => select(pkg.number));
  return h(
    'article',
    { class: classes, 'data-package': String(pkg.number) },
    h('h3', null, `${pkg.number}. ${pkg.label}`),
    badges.length > 0 ? h('p', { class: 'board-badges' }, ...badges.map((b) => h('span', { class: 'board-badge' }, b))) : null,
    h('p', { class: 'board-price' }, words.rub(pkg.total_price)),
    h(
      'p',
      { class: 'board-muted' },
      `${view.adults !== null ? `на ${words.adults(view.adults)}: ` : ''}дорога ${words.rub(pkg.price_breakdown.transport)}, отель ${words.rub(pkg.price_breakdown.hotel)}`,
    ),
    h('h4', null, pkg.mode === 'rail' ? 'Поезда' : 'Перелёт'),
    h('ul', { class: 'board-legs' }, ...pkg.legs.map(legItem)),
    h('h4', null, 'Отель'),
    ...hotelBlock(pkg, entry),
    h('h4', null, 'Цены'),
    ratesBlock(pkg, entry, view.adults),
    pkg.notes.length > 0 ? h('ul', { class: 'board-notes' }, ...pkg.notes.map((note) => h('li', null, note))) : null,
    h('h4', null, 'Оформление на Туту'),
    ...checklist(view, pkg),
    button,
  );
}

/** A checkout answer whose package is not known yet (its details did not come): the checklist alone. */
function checkoutCard(checkout: TripCheckout): HTMLElement {
  return h(
    'article',
    { class: 'package-card', 'data-package': String(checkout.package) },
    h('h3', null, `Пакет ${checkout.package}`),
    h('p', { class: 'board-price' }, words.rub(checkout.total_price)),
    h('h4', null, 'Оформление на Туту'),
    h(
      'ol',
      { class: 'board-checklist' },
      ...checkout.items.map((item) => h('li', null, h('span', null, `${words.CHECKOUT_ITEM_NAMES[item.item] ?? item.item} — ${words.rub(item.price)}`), ' ', link(item.stable_url, item.label))),
    ),
  );
}

function renderPackages(section: HTMLElement, view: View, select: (n: number) => void): void {
  const cards = view.packages.map((pkg) => packageCard(view, pkg, select));
  if (view.checkout && !view.packages.some((p) => p.number === view.checkout!.package)) cards.push(checkoutCard(view.checkout));
  show(section, cards.length > 0);
  fill(slot(section, 'body'), ...cards);
}

/** A line of the places list, and a marker when its coordinates are known. */
interface BoardPlace {
  kind: 'venue' | 'hotel';
  badge: string;
  name: string;
  packages: number[];
  distanceKm: number | null;
  address: string | null;
  point: { lat: number; lon: number } | null;
}

/** The venue and each distinct hotel, badged with the numbers of the packages that use it. */
function placesOf(event: TripEvent, packages: TripPackage[]): BoardPlace[] {
  const venue: BoardPlace = { kind: 'venue', badge: '★', name: `Площадка: ${event.venue.name}`, packages: [], distanceKm: null, address: addressOf(event), point: event.venue };
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

function placeLine(place: BoardPlace): HTMLLIElement {
  const text =
    place.kind === 'venue'
      ? `${place.name}, ${place.address}`
      : `${place.name} — ${place.distanceKm !== null ? `${words.km(place.distanceKm)} до площадки` : 'расстояние до площадки неизвестно'} (${place.packages.length > 1 ? 'пакеты' : 'пакет'} ${place.packages.join(', ')})`;
  return h('li', { class: `place place-${place.kind}` }, h('span', { class: `board-marker board-marker-${place.kind}` }, h('span', null, place.badge)), ' ', text);
}

const MAP_NOTES: Readonly<Record<MapState, string>> = {
  loading: 'Загружаем карту…',
  ready: '',
  failed: 'Карта не загрузилась, поэтому места — списком, с расстоянием до площадки по прямой.',
};

export function createTripBoard(root: HTMLElement, host: BoardHost = {}): TripBoard {
  const status = block(root, 'status');
  const places = block(root, 'places');
  const mapCanvas = slot(places, 'map');
  const mapNote = slot(places, 'note');
  let view: View | null = null;
  let selected: number | null = null;

  const setMapState = (state: MapState | 'none') => {
    root.dataset.map = state;
    show(mapCanvas, state === 'loading' || state === 'ready');
    mapCanvas.classList.toggle('is-pending', state === 'loading');
    const note = state === 'none' ? '' : MAP_NOTES[state];
    mapNote.textContent = note;
    show(mapNote, note !== '');
  };
  const map = new BoardMap(mapCanvas, { url: root.dataset.tileUrl ?? '', attribution: root.dataset.tileAttribution ?? '' }, setMapState);

  const select = (number: number) => {
    const pkg = view?.packages.find((p) => p.number === number);
    if (!view || !pkg) return;
    selected = number;
    markSelected();
    map.focus(number);
    places.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    host.packageSelected?.({ tripId: view.tripId, webUrl: view.webUrl, event: view.event, pkg });
  };

  function markSelected(): void {
    for (const card of root.querySelectorAll<HTMLElement>('.package-card')) card.classList.toggle('is-selected', card.dataset.package === String(selected));
  }

  if (host.openLink) {
    const open = host.openLink;
    root.addEventListener('click', (event) => {
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!anchor || event.defaultPrevented || anchor.getAttribute('href')!.startsWith('#')) return;
      event.preventDefault();
      open((anchor as HTMLAnchorElement).href);
    });
  }

  function renderPlaces(current: View): void {
    if (!current.event) {
      show(places, false);
      setMapState('none');
      return;
    }
    show(places, true);
    const all = placesOf(current.event, current.packages);
    fill(slot(places, 'list'), ...all.map(placeLine));
    if (map.current === 'failed') return;
    setMapState(map.current);
    map.show(
      all.flatMap((p): MapPlace[] => (p.point ? [{ kind: p.kind, lat: p.point.lat, lon: p.point.lon, badge: p.badge, title: p.name, packages: p.packages }] : [])),
    );
  }

  function renderCoverage(section: HTMLElement, current: View): void {
    const trip = current.trip;
    show(section, trip !== null);
    if (!trip) return;
    const list = (items: string[], empty: string) => (items.length > 0 ? h('ul', null, ...items.map((item) => h('li', null, item))) : h('p', { class: 'board-muted' }, empty));
    fill(
      slot(section, 'body'),
      h('p', null, trip.budget.note),
      h('p', null, trip.coverage.summary),
      h('h3', null, 'Что искали'),
      list(trip.coverage.searched, 'Ничего не искали.'),
      h('h3', null, 'Чего не нашли'),
      list(trip.coverage.not_found, 'Всё, что искали, нашлось.'),
      h('h3', null, 'Что не входит'),
      list(trip.coverage.not_covered, ''),
    );
  }

  function renderOthers(section: HTMLElement, current: View): void {
    const others = current.trip?.other_events ?? [];
    show(section, others.length > 0);
    fill(slot(section, 'body'), ...others.map((o) => h('li', null, h('strong', null, o.title), ` — ${o.city}, ${words.moment(o.starts_at)}`)));
  }

  return {
    render(state) {
      const current = viewOf(state);
      if (!current) return;
      view = current;
      show(status, false);
      const notice = block(root, 'notice');
      notice.textContent = current.notice ?? '';
      show(notice, current.notice !== null);
      const event = block(root, 'event');
      show(event, true);
      renderEvent(event, current);
      renderWeather(block(root, 'weather'), current);
      renderPackages(block(root, 'packages'), current, select);
      markSelected();
      renderPlaces(current);
      renderCoverage(block(root, 'coverage'), current);
      renderOthers(block(root, 'others'), current);
      const footnote = block(root, 'footnote');
      fill(footnote, 'Доска собирается заново по ссылке при каждом открытии, с текущими ценами Туту. Веб-версия: ', link(current.webUrl, 'открыть в браузере'));
      show(footnote, true);
      const pending = current.packages.some((p) => !current.details.has(p.number));
      root.dataset.details = pending ? 'pending' : 'complete';
      root.setAttribute('aria-busy', String(pending));
    },
    message(text, tone) {
      status.textContent = text;
      status.classList.toggle('board-problem', tone === 'problem');
      show(status, true);
      root.setAttribute('aria-busy', String(tone === 'wait'));
    },
    refreshMap() {
      map.invalidateSize();
    },
  };
}
