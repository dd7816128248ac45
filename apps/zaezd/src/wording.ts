/**
 * How zaezd words trip facts, for both of its readers. The traveller's board speaks Russian like
 * the rest of the journey on Tutu: money, dates and times read from the local ISO strings the
 * answers carry (no time-zone arithmetic in the browser, so a trip reads the same on every
 * device), plurals, and Russian names for the codes the answers use; prose the answers already
 * carry (notes, the coverage note) is quoted as given. The trips' own answers, which an agent
 * relays, are plain English with roubles, "06:50, 11 Dec" times and Russian package labels (the
 * traveller's language on Tutu). Codes both use (seat categories, checkout items) are named once.
 */
import { TOPICS } from './events/topics.ts';

const MONTHS_RU = ['января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря'];
const WEEKDAYS = ['вс', 'пн', 'вт', 'ср', 'чт', 'пт', 'сб'];

/** 1 ночь, 2 ночи, 5 ночей. */
export function plural(count: number, forms: readonly [string, string, string]): string {
  const tens = count % 100;
  const units = count % 10;
  const form = tens >= 11 && tens <= 14 ? forms[2] : units === 1 ? forms[0] : units >= 2 && units <= 4 ? forms[1] : forms[2];
  return `${count} ${form}`;
}

export const nights = (count: number) => plural(count, ['ночь', 'ночи', 'ночей']);
export const adults = (count: number) => plural(count, ['взрослый', 'взрослых', 'взрослых']);

/** «12 345 ₽», digits grouped by no-break spaces so a price never wraps. */
export function rub(amount: number): string {
  return `${String(Math.round(amount)).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0')}\u00a0₽`;
}

/** «сб, 12 декабря» from YYYY-MM-DD (or the date part of a local date-time). */
export function day(date: string): string {
  const [year, month, dayOfMonth] = [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, dayOfMonth)).getUTCDay()];
  return `${weekday}, ${dayOfMonth} ${MONTHS_RU[month - 1]}`;
}

/** «12 декабря 2026». */
export function fullDay(date: string): string {
  return `${Number(date.slice(8, 10))} ${MONTHS_RU[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;
}

/** «19:00, сб, 12 декабря» from a local date-time with its offset: the clock time it carries. */
export function moment(localDateTime: string): string {
  return `${localDateTime.slice(11, 16)}, ${day(localDateTime)}`;
}

export function duration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours === 0 ? `${rest} мин` : rest === 0 ? `${hours} ч` : `${hours} ч ${rest} мин`;
}

/** «0,6 км». */
export function km(distance: number): string {
  return `${String(distance).replace('.', ',')}\u00a0км`;
}

/** «−8…−2 °C», with a true minus sign. */
export function temperatureRange(min: number | null, max: number | null): string | null {
  const t = (value: number) => `${value < 0 ? '−' : ''}${String(Math.abs(Math.round(value)))}`;
  if (min === null && max === null) return null;
  if (min === null || max === null) return `${t((min ?? max)!)}\u00a0°C`;
  return `${t(min)}…${t(max)}\u00a0°C`;
}

const SEAT_CATEGORIES: Readonly<Record<string, string>> = {
  SEDENTARY: 'сидячий',
  RESERVED_SEAT: 'плацкарт',
  COMPARTMENT: 'купе',
  LUX: 'СВ',
  SOFT: 'люкс',
  SHARED: 'общий',
};

export function seatCategory(code: string): string {
  return SEAT_CATEGORIES[code] ?? code.toLowerCase();
}

/** A car category in Russian; when Tutu gave no breakdown by category, the traveller picks the car. */
export function seatCategoryRu(category: string | null): string {
  return category === null ? 'вагон на выбор' : seatCategory(category);
}

const MEALS: Readonly<Record<string, string>> = {
  RO: 'без питания',
  BB: 'завтрак',
  HB: 'завтрак и ужин',
  FB: 'трёхразовое питание',
  AI: 'всё включено',
};

export function meal(code: string): string {
  return MEALS[code.toUpperCase()] ?? code;
}

const AMENITIES: Readonly<Record<string, string>> = {
  wifi: 'Wi-Fi',
  restaurant: 'ресторан',
  reception_24h: 'круглосуточная стойка',
  luggage_storage: 'камера хранения',
  shared_kitchen: 'общая кухня',
  kitchen: 'кухня',
  washing_machine: 'стиральная машина',
  parking: 'парковка',
  pool: 'бассейн',
  spa: 'спа',
  gym: 'спортзал',
};

export function amenity(code: string): string {
  return AMENITIES[code] ?? code.replaceAll('_', ' ');
}

/** Open-Meteo's WMO summaries as the weather adapter words them. */
const WEATHER: Readonly<Record<string, string>> = {
  'clear sky': 'ясно',
  'partly cloudy': 'переменная облачность',
  overcast: 'пасмурно',
  fog: 'туман',
  drizzle: 'морось',
  rain: 'дождь',
  snow: 'снег',
  'rain showers': 'ливни',
  'snow showers': 'снегопад',
  thunderstorm: 'гроза',
};

export function weatherSummary(summary: string): string {
  return WEATHER[summary] ?? summary;
}

/** Each checkout item as its button names it. */
export const CHECKOUT_ITEM_NAMES: Readonly<Record<string, string>> = {
  there: 'Билет туда',
  back: 'Билет обратно',
  flight: 'Авиабилеты туда и обратно',
  hotel: 'Отель',
};

/** A topic key in Russian: «фестиваль» for `festival`. */
export function topicKeyRu(key: string): string {
  const topic = TOPICS.find((t) => t.key === key);
  return topic ? topicRu(topic.label) : key;
}

/** «джаз» from a topic label «jazz / джаз»: the Russian half of zaezd's bilingual labels. */
export function topicRu(label: string): string {
  const slash = label.lastIndexOf(' / ');
  return slash >= 0 ? label.slice(slash + 3) : label;
}

/** The interpreted request «jazz / джаз + festival / фестиваль» in Russian. */
export function meansRu(means: string): string {
  if (means.startsWith('nothing')) return 'ничего (слов темы нет)';
  return means
    .split(' + ')
    .map((part) => {
      const free = /^"(.+)" \(not a known topic/.exec(part)?.[1];
      return free ? `«${free}» (не тема из списка — искали в названиях)` : topicRu(part);
    })
    .join(' + ');
}

/**
 * zaezd's fixed sentences, as the tool results carry them in English, and as the board says them.
 * A sentence missing here is shown as given, marked as English (see foreign()).
 */
const FIXED_SENTENCES: Readonly<Record<string, string>> = {
  'Demo data: the trains, flights, hotels and prices come from tutu-sim, a local stand-in for Tutu with fixture data — none of it is a real offer.':
    'Демо-данные: поезда, рейсы, отели и цены взяты из tutu-sim — локальной замены Туту с тестовыми данными. Ни одно из предложений не настоящее.',
  'Outbound the day before the first event day, return the day after the last; the hotel covers every night in between.':
    'Туда — накануне первого дня мероприятия, обратно — на следующий день после последнего; отель покрывает все ночи между ними.',
  'Tickets for the event itself: zaezd neither sells nor checks them.': 'Билеты на само мероприятие: zaezd их не продаёт и не проверяет.',
  'Transfers between the station or airport, the hotel and the venue.': 'Дорога между вокзалом или аэропортом, отелем и площадкой.',
  'Buses, commuter trains and itineraries other than the direct trains and the flights Tutu returned.':
    'Автобусы, электрички и любые маршруты, кроме прямых поездов и рейсов, которые вернул Туту.',
  'Children and infants: packages are priced for adults only.': 'Дети и младенцы: цены пакетов — только для взрослых.',
  'Prices and availability are Tutu’s at the moment of the search and can change until you pay; nothing is booked or held.':
    'Цены и наличие мест — те, что Туту показал в момент поиска; до оплаты они могут измениться. Ничего не забронировано и не удержано.',
};

/** A fixed sentence in Russian, or null when the board has no Russian for it. */
export function fixedSentence(english: string): string | null {
  return FIXED_SENTENCES[english] ?? null;
}

/**
 * Whether a text is in a Latin-script language: three Latin words in a row and no Cyrillic word
 * longer than a name. Such text is marked `lang="en"` where it stands, so the Russian page stays
 * Russian for screen readers and translators.
 */
export function isLatinText(text: string): boolean {
  return /[A-Za-z]{2,}(?:[^A-Za-zА-Яа-яЁё]+[A-Za-z]{2,}){2,}/.test(text) || (/[A-Za-z]{3,}/.test(text) && !/[А-Яа-яЁё]/.test(text));
}

// The trips' answers (English for the agent to relay).

const MONTHS_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "12 345 ₽" with plain spaces, as the agent's text carries it. */
export function roubles(amount: number): string {
  return `${String(Math.round(amount)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} ₽`;
}

/** "06:50, 11 Dec" from a local ISO date-time; the clock time is the local one it carries. */
export function localTime(isoDateTime: string): string {
  const month = MONTHS_EN[Number(isoDateTime.slice(5, 7)) - 1];
  return `${isoDateTime.slice(11, 16)}, ${Number(isoDateTime.slice(8, 10))} ${month}`;
}

/** "11 Dec 2026" from a date. */
export function dayText(date: string): string {
  return `${Number(date.slice(8, 10))} ${MONTHS_EN[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;
}

/** Package labels, in Russian: the traveller sees them on the board and the agent quotes them. */
export const PACKAGE_LABELS = {
  railCheapest: 'Поезд + отель — дешевле всего',
  railComfort: (category: string | null) => `Поезд (${seatCategoryRu(category)}) + отель ближе к площадке`,
  railNearHotel: 'Поезд + отель ближе к площадке',
  railComfortCheapHotel: (category: string | null) => `Поезд (${seatCategoryRu(category)}) + недорогой отель`,
  air: 'Альтернатива: самолёт + отель',
  airNearHotel: 'Альтернатива: самолёт + отель ближе к площадке',
  overBudget: (label: string) => `Дороже бюджета — ${label}`,
} as const;
