/**
 * What a stay costs on the stand-in: each night priced on its own (Friday and Saturday nights
 * and the New Year holidays cost more), for the rooms the party needs — two adults share a room,
 * an odd adult takes a single at 85 %. Breakfast is added per guest and night.
 */
import { addDays, daysBetween, weekday } from '../calendar.ts';
import { unitHash } from '../deterministic.ts';
import { BREAKFAST_PER_GUEST_NIGHT, type Hotel, type Meal, type RoomType } from '../fixtures/hotels.ts';

export interface StayPrice {
  total: number;
  perNight: number;
  nights: number;
  rooms: number;
}

export function roomsFor(adults: number): number {
  return Math.ceil(adults / 2);
}

function occupancyFactor(adults: number): number {
  return Math.floor(adults / 2) + (adults % 2 === 1 ? 0.85 : 0);
}

function nightFactor(date: string): number {
  const day = weekday(date);
  const [, month, dayOfMonth] = date.split('-').map(Number) as [number, number, number];
  let factor = day === 5 || day === 6 ? 1.15 : 1;
  if ((month === 12 && dayOfMonth >= 30) || (month === 1 && dayOfMonth <= 7)) factor *= 1.3;
  return factor;
}

export function stayPrice(hotel: Hotel, room: RoomType, meal: Meal, checkIn: string, checkOut: string, adults: number): StayPrice {
  const nights = daysBetween(checkIn, checkOut);
  let total = 0;
  for (let i = 0; i < nights; i += 1) {
    const night = addDays(checkIn, i);
    const spread = 0.9 + unitHash(`${hotel.id}|${night}|night`) * 0.2;
    total += hotel.basePerNight * room.factor * occupancyFactor(adults) * nightFactor(night) * spread;
    if (meal === 'BB') total += BREAKFAST_PER_GUEST_NIGHT * adults;
  }
  const rounded = Math.round(total / 10) * 10;
  return { total: rounded, perNight: Math.round(rounded / nights), nights, rooms: roomsFor(adults) };
}

/** A hotel with no rooms left for a check-in date, stable per hotel and date. */
export function soldOut(hotel: Hotel, checkIn: string): boolean {
  return unitHash(`${hotel.id}|${checkIn}|soldout`) < 0.1;
}
