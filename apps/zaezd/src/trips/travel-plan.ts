/**
 * The dates a trip is searched for. The rule is simple and stated in every answer: travel the
 * day before the visit, return the day after it. Hotels are searched for two stays — from the
 * outbound day, and from the first visit day for overnight trains that arrive that morning — so
 * nobody pays for a night spent on a train.
 */
import { addDays } from '../calendar.ts';
import type { Visit } from './choose-event.ts';

export interface Stay {
  checkIn: string;
  checkOut: string;
}

export interface TravelPlan {
  outboundDate: string;
  returnDate: string;
  /** For arrivals on the outbound day. */
  fullStay: Stay;
  /** For overnight arrivals on the first visit day. */
  lateStay: Stay;
}

export const TRAVEL_RULE = 'Outbound the day before the first event day, return the day after the last; the hotel covers every night in between.';

export function travelPlan(visit: Visit): TravelPlan {
  const outboundDate = addDays(visit.from, -1);
  const returnDate = addDays(visit.to, 1);
  return {
    outboundDate,
    returnDate,
    fullStay: { checkIn: outboundDate, checkOut: returnDate },
    lateStay: { checkIn: visit.from, checkOut: returnDate },
  };
}
