/**
 * The `WeatherSource` over Open-Meteo's daily forecast (plain fetch, short timeout,
 * cached). The forecast reaches 16 days ahead; outside that, or when the service does not answer
 * in time, the answer says why there is no forecast instead of leaving a blank. The free endpoint
 * is for non-commercial use only and rate limited, which is why answers are cached and the
 * timeout is short; with an API key the commercial endpoint is asked instead (`apikey`).
 */
import * as z from 'zod';
import { addDays, daysBetween, earlierDate, laterDate } from '../calendar.ts';
import { TtlCache } from '../cache/ttl-cache.ts';
import type { Weather, WeatherDay, WeatherQuery, WeatherSource } from './weather.ts';
import { tracedFetch } from '@agent-products/kit/observe';

export interface OpenMeteoOptions {
  /** e.g. https://api.open-meteo.com */
  baseUrl: string;
  timeoutMs: number;
  cacheTtlMs: number;
  /** Open-Meteo's commercial API key, sent as `apikey`; never logged or shown. */
  apiKey?: string | undefined;
}

/** Open-Meteo forecasts today and 15 more days. */
export const FORECAST_DAYS = 16;
const SOURCE = 'Open-Meteo (open-meteo.com), daily forecast';

const Daily = z.looseObject({
  daily: z.looseObject({
    time: z.array(z.string()),
    weather_code: z.array(z.number().nullable()),
    temperature_2m_max: z.array(z.number().nullable()).optional(),
    temperature_2m_min: z.array(z.number().nullable()).optional(),
    precipitation_sum: z.array(z.number().nullable()).optional(),
    precipitation_probability_max: z.array(z.number().nullable()).optional(),
  }),
});

/** WMO weather interpretation codes, as Open-Meteo documents them. */
export function describeWeatherCode(code: number): string {
  if (code === 0) return 'clear sky';
  if (code <= 2) return 'partly cloudy';
  if (code === 3) return 'overcast';
  if (code === 45 || code === 48) return 'fog';
  if (code >= 51 && code <= 57) return 'drizzle';
  if (code >= 61 && code <= 67) return 'rain';
  if (code >= 71 && code <= 77) return 'snow';
  if (code >= 80 && code <= 82) return 'rain showers';
  if (code === 85 || code === 86) return 'snow showers';
  if (code >= 95) return 'thunderstorm';
  return `weather code ${code}`;
}

export class OpenMeteoWeather implements WeatherSource {
  readonly name = 'open-meteo';

  private readonly cache: TtlCache<WeatherDay[]>;

  constructor(private readonly options: OpenMeteoOptions) {
    this.cache = new TtlCache(options.cacheTtlMs);
  }

  async forecast(query: WeatherQuery): Promise<Weather> {
    const lastForecastDay = addDays(query.today, FORECAST_DAYS - 1);
    if (query.to < query.today) return { status: 'unavailable', source: SOURCE, reason: 'The event dates are in the past.' };
    if (query.from > lastForecastDay) {
      return {
        status: 'unavailable',
        source: SOURCE,
        reason: `No forecast yet: Open-Meteo forecasts ${FORECAST_DAYS} days ahead and the event starts ${daysBetween(query.today, query.from)} days from today (${query.from}). Ask again from ${addDays(query.from, -(FORECAST_DAYS - 1))}.`,
      };
    }
    const from = laterDate(query.from, query.today);
    const to = earlierDate(query.to, lastForecastDay);
    const url = new URL('/v1/forecast', this.options.baseUrl);
    url.search = new URLSearchParams({
      latitude: query.lat.toFixed(4),
      longitude: query.lon.toFixed(4),
      daily: 'weather_code,temperature_2m_max,temperature_2m_min,precipitation_sum,precipitation_probability_max',
      timezone: query.timezone,
      start_date: from,
      end_date: to,
    }).toString();
    const cacheKey = url.toString();
    if (this.options.apiKey) url.searchParams.set('apikey', this.options.apiKey);
    try {
      const { value: days } = await this.cache.getOrCompute(cacheKey, () => this.fetchDays(url));
      const partial = from !== query.from || to !== query.to;
      return {
        status: 'forecast',
        source: SOURCE,
        days,
        note: partial ? `Forecast covers ${from} to ${to} only; the rest is beyond Open-Meteo's range.` : null,
      };
    } catch (error) {
      return { status: 'unavailable', source: SOURCE, reason: (error as Error).message };
    }
  }

  private async fetchDays(url: URL): Promise<WeatherDay[]> {
    let response: Response;
    try {
      response = await tracedFetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(this.options.timeoutMs) });
    } catch (error) {
      throw new Error(
        (error as Error).name === 'TimeoutError'
          ? `No forecast: Open-Meteo did not answer within ${this.options.timeoutMs} ms.`
          : 'No forecast: Open-Meteo could not be reached.',
      );
    }
    if (!response.ok) {
      const reason = await response.json().then(
        (b: { reason?: unknown }) => (typeof b.reason === 'string' ? `: ${b.reason.replace(/\.$/, '')}` : ''),
        () => '',
      );
      throw new Error(`No forecast: Open-Meteo answered HTTP ${response.status}${reason}.`);
    }
    const parsed = Daily.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) throw new Error('No forecast: Open-Meteo’s answer could not be read.');
    const daily = parsed.data.daily;
    return daily.time.flatMap((date, i) => {
      const code = daily.weather_code[i];
      if (code === undefined || code === null) return [];
      return [
        {
          date,
          summary: describeWeatherCode(code),
          weatherCode: code,
          temperatureMaxC: daily.temperature_2m_max?.[i] ?? null,
          temperatureMinC: daily.temperature_2m_min?.[i] ?? null,
          precipitationMm: daily.precipitation_sum?.[i] ?? null,
          precipitationProbability: daily.precipitation_probability_max?.[i] ?? null,
        },
      ];
    });
  }
}
