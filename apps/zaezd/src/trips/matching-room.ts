/**
 * The room of Tutu's room list that is the offer a package was built from: same meal and price,
 * else the cheapest with that meal. The details view shows it; checkout needs its rate to make a
 * cart.
 */
import type { HotelRooms } from '../tutu/index.ts';

export function matchingRoom(rooms: HotelRooms, meal: string | null, price: number) {
  const sameMeal = rooms.rooms.filter((r) => meal === null || r.meal === meal);
  return sameMeal.find((r) => r.price === price) ?? [...sameMeal].sort((a, b) => a.price - b.price)[0];
}
