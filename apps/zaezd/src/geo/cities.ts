/**
 * The cities zaezd plans trips between: the ones its events dataset and the Tutu stand-in cover.
 * Each carries the Russian name Tutu expects (Latin names can resolve to the wrong place), the
 * names and inflections travellers type, KudaGo's location slug where KudaGo covers it, and the
 * time zone Open-Meteo reports in.
 */

import { CITY_NAMES_RU } from './city-names.ts';

export const CITY_KEYS = ['msk', 'spb', 'kzn', 'nnv', 'yar', 'ekb', 'vrn', 'aer', 'kuf'] as const;
export type CityKey = (typeof CITY_KEYS)[number];

export interface City {
  key: CityKey;
  /** The name Tutu resolves. */
  nameRu: string;
  nameEn: string;
  /** Lower-case spellings a traveller may type, including Russian case forms. */
  aliases: string[];
  kudagoSlug: string | null;
  timezone: string;
  utcOffsetHours: number;
  centre: { lat: number; lon: number };
}

export const CITIES: readonly City[] = [
  {
    key: 'msk',
    nameRu: CITY_NAMES_RU.msk,
    nameEn: 'Moscow',
    kudagoSlug: 'msk',
    timezone: 'Europe/Moscow',
    utcOffsetHours: 3,
    centre: { lat: 55.7558, lon: 37.6173 },
    aliases: ['москва', 'москвы', 'москве', 'москву', 'мск', 'moscow', 'moskva', 'msk', 'mow'],
  },
  {
    key: 'spb',
    nameRu: CITY_NAMES_RU.spb,
    nameEn: 'Saint Petersburg',
    kudagoSlug: 'spb',
    timezone: 'Europe/Moscow',
    utcOffsetHours: 3,
    centre: { lat: 59.9386, lon: 30.3141 },
    aliases: [
      'санкт-петербург',
      'санкт-петербурга',
      'санкт-петербурге',
      'петербург',
      'петербурга',
      'петербурге',
      'питер',
      'питера',
      'спб',
      'saint petersburg',
      'st petersburg',
      'st. petersburg',
      'sankt-peterburg',
      'petersburg',
      'spb',
      'led',
    ],
  },
  {
    key: 'kzn',
    nameRu: CITY_NAMES_RU.kzn,
    nameEn: 'Kazan',
    kudagoSlug: 'kzn',
    timezone: 'Europe/Moscow',
    utcOffsetHours: 3,
    centre: { lat: 55.7887, lon: 49.1221 },
    aliases: ['казань', 'казани', 'kazan', 'kzn'],
  },
  {
    key: 'nnv',
    nameRu: CITY_NAMES_RU.nnv,
    nameEn: 'Nizhny Novgorod',
    kudagoSlug: 'nnv',
    timezone: 'Europe/Moscow',
    utcOffsetHours: 3,
    centre: { lat: 56.3269, lon: 44.0059 },
    aliases: ['нижний новгород', 'нижнего новгорода', 'нижнем новгороде', 'нижний', 'nizhny novgorod', 'nizhniy novgorod', 'nnov', 'goj'],
  },
  {
    key: 'yar',
    nameRu: CITY_NAMES_RU.yar,
    nameEn: 'Yaroslavl',
    kudagoSlug: null,
    timezone: 'Europe/Moscow',
    utcOffsetHours: 3,
    centre: { lat: 57.6261, lon: 39.8845 },
    aliases: ['ярославль', 'ярославля', 'ярославле', 'yaroslavl'],
  },
  {
    key: 'ekb',
    nameRu: CITY_NAMES_RU.ekb,
    nameEn: 'Yekaterinburg',
    kudagoSlug: 'ekb',
    timezone: 'Asia/Yekaterinburg',
    utcOffsetHours: 5,
    centre: { lat: 56.8389, lon: 60.6057 },
    aliases: ['екатеринбург', 'екатеринбурга', 'екатеринбурге', 'екб', 'yekaterinburg', 'ekaterinburg', 'ekb', 'svx'],
  },
  {
    key: 'vrn',
    nameRu: CITY_NAMES_RU.vrn,
    nameEn: 'Voronezh',
    kudagoSlug: null,
    timezone: 'Europe/Moscow',
    utcOffsetHours: 3,
    centre: { lat: 51.6608, lon: 39.2003 },
    aliases: ['воронеж', 'воронежа', 'воронеже', 'voronezh', 'voz'],
  },
  {
    key: 'aer',
    nameRu: CITY_NAMES_RU.aer,
    nameEn: 'Sochi',
    kudagoSlug: null,
    timezone: 'Europe/Moscow',
    utcOffsetHours: 3,
    centre: { lat: 43.5855, lon: 39.7231 },
    aliases: ['сочи', 'sochi', 'aer'],
  },
  {
    key: 'kuf',
    nameRu: CITY_NAMES_RU.kuf,
    nameEn: 'Samara',
    kudagoSlug: null,
    timezone: 'Europe/Samara',
    utcOffsetHours: 4,
    centre: { lat: 53.1959, lon: 50.1002 },
    aliases: ['самара', 'самары', 'самаре', 'samara', 'kuf'],
  },
];

export function cityByKey(key: CityKey): City {
  return CITIES.find((c) => c.key === key)!;
}

export function isCityKey(value: string): value is CityKey {
  return (CITY_KEYS as readonly string[]).includes(value);
}

function normalizeName(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replaceAll('ё', 'е')
    .replace(/[\s_]+/g, ' ')
    .replace(/^(г\.|город|city of)\s*/, '');
}

/** The city a traveller's spelling names, in Russian or English, or undefined. */
export function findCity(input: string): City | undefined {
  const wanted = normalizeName(input);
  return CITIES.find((c) => c.aliases.includes(wanted) || normalizeName(c.nameRu) === wanted || normalizeName(c.nameEn) === wanted);
}

/** Great-circle distance in kilometres, one decimal. */
export function distanceKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return Math.round(2 * 6371 * Math.asin(Math.sqrt(h)) * 10) / 10;
}
