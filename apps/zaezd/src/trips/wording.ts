/**
 * How trip facts are written for people: roubles with grouped digits, local times as
 * "06:50, 11 Dec", seat categories and package labels in Russian (the traveller's language on
 * Tutu), everything else in plain English for the agent to relay.
 */

const SEAT_CATEGORY_RU: Readonly<Record<string, string>> = {
  SEDENTARY: 'сидячий',
  RESERVED_SEAT: 'плацкарт',
  COMPARTMENT: 'купе',
  LUX: 'СВ',
  SOFT: 'люкс',
  SHARED: 'общий',
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A car category in Russian; null when Tutu gave no breakdown by category. */
export function seatCategoryRu(category: string | null): string {
  if (category === null) return 'вагон на выбор';
  return SEAT_CATEGORY_RU[category] ?? category.toLowerCase();
}

export function roubles(amount: number): string {
  return `${String(Math.round(amount)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} ₽`;
}

/** "06:50, 11 Dec" from a local ISO date-time; the clock time is the local one it carries. */
export function localTime(isoDateTime: string): string {
  const month = MONTHS[Number(isoDateTime.slice(5, 7)) - 1];
  return `${isoDateTime.slice(11, 16)}, ${Number(isoDateTime.slice(8, 10))} ${month}`;
}

/** "11 Dec 2026" from a date. */
export function dayText(date: string): string {
  return `${Number(date.slice(8, 10))} ${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;
}

export const PACKAGE_LABELS = {
  railCheapest: 'Поезд + отель — дешевле всего',
  railComfort: (category: string | null) => `Поезд (${seatCategoryRu(category)}) + отель ближе к площадке`,
  railNearHotel: 'Поезд + отель ближе к площадке',
  railComfortCheapHotel: (category: string | null) => `Поезд (${seatCategoryRu(category)}) + недорогой отель`,
  air: 'Альтернатива: самолёт + отель',
  airNearHotel: 'Альтернатива: самолёт + отель ближе к площадке',
  overBudget: (label: string) => `Дороже бюджета — ${label}`,
} as const;
