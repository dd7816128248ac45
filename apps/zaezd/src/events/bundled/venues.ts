/**
 * Real venues in the cities zaezd covers, with their street addresses and coordinates (to about
 * a hundred metres: enough for hotel distances and the weather, not for navigation).
 */
import type { CityKey } from '../../geo/cities.ts';
import type { Venue } from '../event.ts';

export interface BundledVenue extends Venue {
  city: CityKey;
}

export const VENUES = {
  'spb-philharmonia': {
    city: 'spb',
    name: 'Большой зал Филармонии им. Д. Д. Шостаковича',
    address: 'Санкт-Петербург, Михайловская ул., 2',
    lat: 59.9359,
    lon: 30.331,
  },
  'spb-jazz-hall': { city: 'spb', name: 'Филармония джазовой музыки', address: 'Санкт-Петербург, Загородный пр., 27', lat: 59.9248, lon: 30.3447 },
  'spb-mariinsky': { city: 'spb', name: 'Мариинский театр', address: 'Санкт-Петербург, Театральная пл., 1', lat: 59.9256, lon: 30.2961 },
  'spb-hermitage': { city: 'spb', name: 'Государственный Эрмитаж', address: 'Санкт-Петербург, Дворцовая пл., 2', lat: 59.9398, lon: 30.3146 },
  'msk-pushkin-museum': { city: 'msk', name: 'ГМИИ им. А. С. Пушкина', address: 'Москва, ул. Волхонка, 12', lat: 55.7473, lon: 37.6051 },
  'msk-bolshoi': { city: 'msk', name: 'Большой театр', address: 'Москва, Театральная пл., 1', lat: 55.7601, lon: 37.6186 },
  'msk-tchaikovsky-hall': { city: 'msk', name: 'Концертный зал им. П. И. Чайковского', address: 'Москва, Триумфальная пл., 4/31', lat: 55.7699, lon: 37.5958 },
  'msk-kozlov-club': { city: 'msk', name: 'Джаз-клуб Алексея Козлова', address: 'Москва, ул. Мясницкая, 21, стр. 1', lat: 55.7642, lon: 37.6364 },
  'msk-tretyakov': { city: 'msk', name: 'Третьяковская галерея', address: 'Москва, Лаврушинский пер., 10', lat: 55.7414, lon: 37.6208 },
  'kzn-opera': { city: 'kzn', name: 'Татарский театр оперы и балета им. М. Джалиля', address: 'Казань, пл. Свободы, 2', lat: 55.7929, lon: 49.1235 },
  'kzn-saydashev-hall': { city: 'kzn', name: 'Большой концертный зал им. С. Сайдашева', address: 'Казань, пл. Свободы, 3', lat: 55.7936, lon: 49.1262 },
  'nnv-philharmonia': {
    city: 'nnv',
    name: 'Нижегородская филармония им. М. Л. Ростроповича',
    address: 'Нижний Новгород, Кремль, корп. 2',
    lat: 56.3283,
    lon: 44.0039,
  },
  'nnv-arsenal': {
    city: 'nnv',
    name: '«Арсенал», Волго-Вятский филиал ГМИИ им. А. С. Пушкина',
    address: 'Нижний Новгород, Кремль, корп. 6',
    lat: 56.329,
    lon: 44.0058,
  },
  'yar-philharmonia': {
    city: 'yar',
    name: 'Ярославская филармония, концертный зал им. Л. В. Собинова',
    address: 'Ярославль, ул. Максимова, 13',
    lat: 57.6247,
    lon: 39.8836,
  },
  'yar-volkov-theatre': { city: 'yar', name: 'Волковский театр', address: 'Ярославль, пл. Волкова, 1', lat: 57.6266, lon: 39.8878 },
  'ekb-philharmonia': { city: 'ekb', name: 'Свердловская филармония', address: 'Екатеринбург, ул. Карла Либкнехта, 38', lat: 56.8421, lon: 60.6107 },
  'ekb-yeltsin-center': { city: 'ekb', name: 'Ельцин Центр', address: 'Екатеринбург, ул. Бориса Ельцина, 3', lat: 56.8446, lon: 60.5915 },
  'ekb-ural-centre': { city: 'ekb', name: 'Центр культуры «Урал»', address: 'Екатеринбург, ул. Студенческая, 3', lat: 56.8447, lon: 60.6517 },
  'vrn-opera': { city: 'vrn', name: 'Воронежский театр оперы и балета', address: 'Воронеж, пл. Ленина, 7', lat: 51.6613, lon: 39.2026 },
  'vrn-koltsovsky-square': {
    city: 'vrn',
    name: 'Центр Воронежа: площадки Платоновского фестиваля',
    address: 'Воронеж, Кольцовский сквер',
    lat: 51.6663,
    lon: 39.2014,
  },
  'aer-winter-theatre': { city: 'aer', name: 'Зимний театр', address: 'Сочи, Театральная ул., 2', lat: 43.5869, lon: 39.7186 },
  'kuf-opera': { city: 'kuf', name: 'Самарский театр оперы и балета им. Д. Д. Шостаковича', address: 'Самара, пл. Куйбышева, 1', lat: 53.1935, lon: 50.1005 },
  'kuf-philharmonia': { city: 'kuf', name: 'Самарская филармония', address: 'Самара, ул. Фрунзе, 141', lat: 53.1903, lon: 50.093 },
} as const satisfies Record<string, BundledVenue>;

export type VenueKey = keyof typeof VENUES;
