/**
 * Place resolution as Tutu does it: Russian names (case and ё-insensitive), geo IDs, and for
 * flights IATA codes. A Latin name is refused with a sentence telling the caller to use the
 * Russian one, which is the behaviour a client of the real server has to be written for.
 */
import { CITIES, type SimCity } from './fixtures/cities.ts';
import { SimToolError } from './sim-context.ts';

export interface ResolvedPlace {
  city: SimCity;
  /** Set when the caller named one airport rather than the city. */
  airport?: string;
}

function normalize(name: string): string {
  return name.trim().toLowerCase().replaceAll('ё', 'е').replace(/\s+/g, ' ');
}

export function resolvePlace(input: unknown, field: string): ResolvedPlace {
  if (input === null || input === undefined) throw new SimToolError(`Не указан пункт (${field}).`);
  if (typeof input === 'number' || (typeof input === 'string' && /^\d+$/.test(input.trim()))) {
    const city = CITIES.find((c) => c.geoId === Number(input));
    if (!city) throw new SimToolError(`Не найден пункт с geo_id ${String(input)} (${field}).`);
    return { city };
  }
  if (typeof input !== 'string' || input.trim() === '') throw new SimToolError(`Не указан пункт (${field}).`);
  const wanted = normalize(input);
  const byName = CITIES.find((c) => normalize(c.name) === wanted);
  if (byName) return { city: byName };
  const code = input.trim().toUpperCase();
  for (const city of CITIES) {
    if (city.airports.some((a) => a.iata === code)) return { city, airport: code };
  }
  if (code === 'MOW') return { city: CITIES[0]! };
  if (/^[a-z .'-]+$/i.test(input.trim())) {
    throw new SimToolError(`Не найден пункт «${input.trim()}» (${field}). Укажите название по-русски, например «Москва».`);
  }
  throw new SimToolError(`Не найден пункт «${input.trim()}» (${field}).`);
}

/** A place in a search's `meta`, as Tutu writes it (the geo id as a string). */
export function placeMeta(city: SimCity) {
  return { name: city.name, geo_id: String(city.geoId), region: city.name, ...(city.alsoNamed.length > 0 ? { also_named: city.alsoNamed } : {}) };
}
