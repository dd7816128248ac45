/**
 * The board's own words, in Russian like the rest of the traveller's journey on Tutu: money,
 * dates and times read from the local ISO strings the answers carry (no time-zone arithmetic in
 * the browser, so a trip reads the same on every device), plurals, and Russian names for the
 * codes the answers use. Prose the answers already carry (notes, the coverage note) is quoted as
 * given.
 */

const MONTHS = ['января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря'];
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
  return `${weekday}, ${dayOfMonth} ${MONTHS[month - 1]}`;
}

/** «12 декабря 2026». */
export function fullDay(date: string): string {
  return `${Number(date.slice(8, 10))} ${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;
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

/** What each checkout item opens, before Tutu says what kind of link it is. */
export const CHECKOUT_ITEM_NAMES: Readonly<Record<string, string>> = {
  there: 'Поезд туда',
  back: 'Поезд обратно',
  flight: 'Авиабилеты туда и обратно',
  hotel: 'Отель',
};
