/**
 * The three tools' arguments, forgiving as the MCP layer rules ask: a list may come as an array,
 * a JSON string or a comma-separated string; numbers may come as numeric strings (a budget may
 * carry spaces and a rouble sign); dates may be YYYY-MM-DD, DD.MM.YYYY or a full ISO date-time;
 * a missing argument object counts as empty. What still cannot be understood — including an
 * argument the contract does not define — is refused with an error naming the field.
 * The advertised JSON Schema shows the canonical form.
 */
import * as z from 'zod';
import { isIsoDate } from '../calendar.ts';
import { REQUEST_LIMITS } from '../trips/trip-request.ts';

function listFrom(value: unknown): unknown {
  if (typeof value === 'number') return [String(value)];
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'number' ? String(item) : item));
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text.startsWith('[')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return value;
    }
  }
  return text
    .split(/[,;]/)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

function numberFrom(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(/(₽|руб(\.|лей|ля|ль)?|rub|rur|р\.)$/i, '')
    .replace(',', '.');
  return text !== '' && /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : value;
}

function dateFrom(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  const dotted = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text);
  if (dotted) return `${dotted[3]}-${dotted[2]!.padStart(2, '0')}-${dotted[1]!.padStart(2, '0')}`;
  const isoDateTime = /^(\d{4}-\d{2}-\d{2})T[\d:.]+(Z|[+-]\d{2}:?\d{2})?$/.exec(text);
  return isoDateTime ? isoDateTime[1] : text;
}

const isoDate = z.preprocess(dateFrom, z.string().refine(isIsoDate, 'must be a date such as 2026-12-31'));
const wholeNumber = (min: number, max: number) => z.preprocess(numberFrom, z.number().int().min(min).max(max));

export const FindEventTripsInput = z.strictObject({
  topics: z
    .preprocess(listFrom, z.array(z.string().trim().min(1).max(80)).min(1).max(REQUEST_LIMITS.maxTopics))
    .describe(
      'What the traveller wants to see, in Russian or English, e.g. ["jazz", "festival"] or ["джаз", "фестиваль"]. Also accepted as a JSON string or a comma-separated string.',
    ),
  origin: z.string().trim().min(1).max(80).describe('The city the traveller leaves from, in Russian or English, e.g. "Москва" or "Moscow".'),
  budget: z
    .preprocess(numberFrom, z.number().positive().max(REQUEST_LIMITS.maxBudget).transform(Math.round))
    .optional()
    .describe('Most the whole trip may cost for the whole party, in roubles (transport there and back + hotel; event tickets excluded).'),
  date_from: isoDate.optional().describe('Earliest event day, YYYY-MM-DD. Default: tomorrow.'),
  date_to: isoDate.optional().describe(`Latest event day, YYYY-MM-DD. Default: ${REQUEST_LIMITS.defaultWindowDays} days after date_from.`),
  adults: wholeNumber(1, REQUEST_LIMITS.maxAdults).optional().describe(`Number of adult travellers, 1–${REQUEST_LIMITS.maxAdults}. Default 1.`),
});

const tripId = z.string().trim().min(3).max(1500).describe('The trip_id returned by find_event_trips.');
const packageNumber = wholeNumber(1, 3).describe('The package number (1–3) from find_event_trips.');

export const GetTripDetailsInput = z.strictObject({ trip_id: tripId, package: packageNumber });
export const CreateTripCheckoutInput = z.strictObject({ trip_id: tripId, package: packageNumber });
