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
    'price предложения — самый дешёвый тариф для всех искомых пассажиров; variants[] — все тарифы с багажом.',
    'Для create_checkout_link передайте поля checkout_ref, включая passengers_full, passengers_child, passengers_infant, иначе корзина откроется на одного взрослого.',
    'Перелёт туда-обратно: добавьте is_round_trip=true и return_departure_at; с пересадкой корзина не собирается (search_redirect).',
    'Корзина по deeplink открывается только в браузере с активной сессией Туту.',
  ],
  rail: [
    'price и fares — цена одного билета (одного места); fares.seat_categories — самая низкая цена по категориям вагонов.',
    'Категории мест: SEDENTARY, RESERVED_SEAT, COMPARTMENT, LUX, SOFT, SHARED.',
    'Пассажиров в одном поиске — от 1 до 6.',
    'create_checkout_link по checkout_ref поезда вернёт deeplink — выбор мест в этом поезде.',
  ],
  bus: ['Цена — за всех пассажиров (party_total).', 'create_checkout_link вернёт order_url.'],
  etrain: ['Электрички ищутся по названиям станций; билеты покупаются на месте или в приложении перевозчика.'],
  hotels: [
    'best_offer.price — за весь срок и всех гостей (price_basis = stay_total): не умножайте на число ночей; price_max фильтрует за ночь.',
    'checkout_ref отеля даёт deeplink на страницу отеля. Корзину (checkout_deeplink) даёт только offerpack_hash тарифа из get_offer_details, переданный как offer_pack_hash.',
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
