/**
 * The covered cities' Russian names, the ones Tutu resolves, by key: on their own so the trip
 * board's browser script can name the cities (the no-match suggestions) without the aliases,
 * slugs and coordinates of cities.ts, which takes its names from here.
 */
export const CITY_NAMES_RU = {
  msk: 'Москва',
  spb: 'Санкт-Петербург',
  kzn: 'Казань',
  nnv: 'Нижний Новгород',
  yar: 'Ярославль',
  ekb: 'Екатеринбург',
  vrn: 'Воронеж',
  aer: 'Сочи',
  kuf: 'Самара',
} as const;
