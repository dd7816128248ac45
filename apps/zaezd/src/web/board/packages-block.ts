/**
 * The trip board's packages block: one card per package — legs with times, durations and prices
 * large, the hotel, what the price is made of, the package's notes and its checkout checklist.
 */
import type { Leg, TripPackage } from '../../trips/trip-result.ts';
import * as words from '../../wording.ts';
import type { PackageDetails } from './board-data.ts';
import type { BoardUi, View } from './board-view-model.ts';
import { facts, foreign } from './block-parts.ts';
import { checkoutAction, checkoutCard, checkoutItemsList } from './checkout-checklist.ts';
import { baggageRu, cancellationRu, stationRu } from './russian-text.ts';
import { m, type Markup, type MarkupElement } from './markup.ts';

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
    m('p', null, foreign(`${stationRu(leg.from)} → ${stationRu(leg.to)}`)),
    m('p', { class: 'board-muted' }, foreign([legTitle(leg), stops, leg.price !== null ? words.rub(leg.price) : null].filter(Boolean).join(' · '))),
  );
}

function hotelBlock(pkg: TripPackage, entry: PackageDetails | undefined, eventStartsAt: string | null): MarkupElement[] {
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
    const cancellation = details.cancellation_note ? cancellationRu(details.cancellation_note, eventStartsAt) : null;
    if (cancellation) lines.push(m('p', null, cancellation));
    else if (details.free_cancellation !== null) lines.push(m('p', null, details.free_cancellation ? 'Бесплатная отмена' : 'Без бесплатной отмены'));
    if (details.amenities.length > 0) lines.push(m('p', { class: 'board-muted' }, details.amenities.map(words.amenity).join(', ')));
    if (details.details_note) lines.push(m('p', { class: 'board-muted' }, 'Подробности номера Туту не отдал; показан номер из поиска.'));
  } else if (entry && 'problem' in entry) {
    lines.push(m('p', { class: 'board-problem' }, 'Подробности отеля сейчас не получены: Туту не ответил. Откройте доску ещё раз через минуту.'));
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
      notes.push(
        'Самолёт — запасной вариант: ссылка на авиабилеты открывает корзину только в браузере, где вы вошли в Туту; в другом браузере откроется поиск.',
      );
    } else if (note.startsWith('Baggage: ')) notes.push(`Багаж: ${baggageRu(note.slice('Baggage: '.length))}.`);
  }
  return notes;
}

function packageCard(view: View, pkg: TripPackage, ui: BoardUi): MarkupElement {
  const entry = view.details.get(pkg.number);
  const badges = [
    pkg.alternative ? 'Альтернатива' : null,
    pkg.within_budget === true ? 'В бюджете' : pkg.within_budget === false ? 'Дороже бюджета' : null,
  ].filter((b): b is string => b !== null);
  const classes = [
    'package-card',
    pkg.alternative ? 'is-alternative' : '',
    pkg.within_budget === false ? 'is-over-budget' : '',
    ui.selected === pkg.number ? 'is-selected' : '',
  ]
    .filter(Boolean)
    .join(' ');
  const notes = packageNotes(pkg);
  const perPerson = view.adults !== null && view.adults > 1 ? ` · ${words.rub(pkg.total_price / view.adults)} на человека` : '';
  // Opened when the traveller is looking at this package: its checkout links or its place on the map.
  const open = view.checkout?.package === pkg.number || ui.selected === pkg.number;
  return m(
    'article',
    { class: classes, 'data-package': String(pkg.number), id: `package-${pkg.number}` },
    m('h3', null, `${pkg.number}. ${pkg.label}`),
    badges.length > 0 ? m('p', { class: 'board-badges' }, ...badges.map((b) => m('span', { class: 'board-badge' }, b))) : null,
    m('p', { class: 'board-price' }, words.rub(pkg.total_price)),
    m('p', { class: 'board-muted' }, `${view.adults !== null ? `за ${words.adults(view.adults)}, ` : ''}дорога и отель${perPerson}`),
    m('p', { class: 'board-route' }, routeLine(view, pkg)),
    ...checkoutAction(view, pkg, ui),
    m(
      'details',
      { class: 'package-more', open: open ? '' : null },
      m('summary', null, 'Подробнее: дорога, отель, из чего цена'),
      m('ul', { class: 'board-legs', 'aria-label': pkg.mode === 'rail' ? 'Поезда' : 'Перелёт' }, ...pkg.legs.map(legItem)),
      m('h4', null, 'Отель'),
      ...hotelBlock(pkg, entry, view.event?.starts_at ?? null),
      m('h4', null, 'Из чего цена'),
      ratesBlock(pkg, entry, view.adults),
      notes.length > 0 ? m('ul', { class: 'board-notes' }, ...notes.map((note) => m('li', null, note))) : null,
      ...checkoutItemsList(view, pkg),
      ui.map === 'ready' ? m('button', { type: 'button', class: 'board-select', 'data-select': String(pkg.number) }, 'Показать на карте') : null,
    ),
  );
}

/** The card's summary line: how, from where to where, on which days, and the hotel's nights. */
function routeLine(view: View, pkg: TripPackage): string {
  const from = view.trip?.request.origin.name;
  const to = view.event?.city.name;
  const there = pkg.legs.find((l) => l.direction === 'there');
  const back = pkg.legs.find((l) => l.direction === 'back');
  const how = pkg.mode === 'rail' ? 'Поезд' : 'Самолёт';
  const days = there && back ? `${words.day(there.departs_at)} — ${words.day(back.departs_at)}` : null;
  return [from && to ? `${how} ${from} → ${to}` : how, days, `${words.nights(pkg.hotel.nights)} в отеле`].filter(Boolean).join(' · ');
}

export function packagesBlock(view: View, ui: BoardUi): Markup[] | null {
  const cards = view.packages.map((pkg) => packageCard(view, pkg, ui));
  if (view.checkout && !view.packages.some((p) => p.number === view.checkout!.package)) cards.push(checkoutCard(view.checkout, ui));
  if (cards.length === 0) return null;
  return [m('h2', null, 'Варианты поездки'), m('div', { class: 'package-grid' }, ...cards)];
}
