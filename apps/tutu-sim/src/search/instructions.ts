/**
 * The `get_*_instructions` tools and `fetch_resource` on the stand-in: usage notes per product
 * and the four tutu:// resources, answered as JSON text like every other tool.
 */
import { CITIES } from '../fixtures/cities.ts';
import { SimToolError } from '../sim-context.ts';
import { DATA_SOURCE } from './argument-checks.ts';

export const INSTRUCTIONS: Readonly<Record<string, string[]>> = {
  avia: [
    'Города указывайте по-русски или кодом IATA; латиница может найти не тот пункт.',
    'Цена предложения — за всех пассажиров (meta.pricing.basis = party_total).',
    'Для create_checkout_link передайте поля checkout_ref, включая passengers_full, passengers_child, passengers_infant, иначе корзина откроется на одного взрослого.',
    'Перелёт туда-обратно: добавьте is_round_trip=true и return_departure_at; с пересадкой корзина не собирается (search_redirect).',
    'Корзина по deeplink открывается только в браузере с активной сессией Туту.',
  ],
  rail: [
    'Цена — за одно место (meta.pricing.basis = per_seat).',
    'Категории мест: SEDENTARY, RESERVED_SEAT, COMPARTMENT, LUX, SOFT, SHARED.',
    'В одном заказе не больше 4 пассажиров.',
    'create_checkout_link по checkout_ref категории мест вернёт seats_url — выбор мест в поезде.',
  ],
  bus: ['Цена — за всех пассажиров (party_total).', 'create_checkout_link вернёт order_url.'],
  etrain: ['Электрички ищутся по названиям станций; билеты покупаются на месте или в приложении перевозчика.'],
  hotels: [
    'price в best_offer — за весь срок и всех гостей; price_per_night — в среднем за ночь; price_max фильтрует за ночь.',
    'offerpack_hash из search_hotels открывает страницу отеля (hotel_page). Корзину (checkout_deeplink) даёт только offerpack_hash номера из get_offer_details.',
    'get_offer_details по умолчанию считает двух взрослых: передавайте adults явно.',
  ],
  multitransport: ['Сравнивает поезда, самолёты и автобусы за день; цены — за всех пассажиров.'],
};

export function instructionsFor(product: string) {
  const notes = INSTRUCTIONS[product];
  if (!notes) throw new TypeError(`No instructions for ${product}`);
  return { product, instructions: notes, data_source: DATA_SOURCE };
}

export function fetchResource(uri: string) {
  switch (uri) {
    case 'tutu://help/overview':
      return {
        uri,
        text: 'Туту: поиск поездов, самолётов, автобусов, электричек и отелей; ссылки на оформление на tutu.ru. Все инструменты только читают данные.',
        data_source: DATA_SOURCE,
      };
    case 'tutu://geo':
      return { uri, cities: CITIES.map((c) => ({ name: c.name, geo_id: c.geoId, airports: c.airports.map((a) => a.iata) })), data_source: DATA_SOURCE };
    case 'tutu://status':
      return { uri, status: 'ok', data_source: DATA_SOURCE };
    case 'tutu://special-offers':
      return { uri, offers: [], note: 'Спецпредложений сейчас нет.', data_source: DATA_SOURCE };
    default:
      throw new SimToolError(`Ресурс ${uri} не найден. Доступны: tutu://help/overview, tutu://geo, tutu://status, tutu://special-offers.`);
  }
}
