/**
 * Weather for a trip's event days, whichever service forecasts it: the days of a forecast, or why
 * there is none (too far ahead, in the past, the service did not answer), so a trip never shows a
 * blank. A trip asks a `WeatherSource` and never a service directly, as it asks an `EventsSource`
 * for events.
 */

export interface WeatherDay {
  date: string;
  summary: string;
  weatherCode: number;
  temperatureMaxC: number | null;
  temperatureMinC: number | null;
  precipitationMm: number | null;
  precipitationProbability: number | null;
}

export type Weather =
  | { status: 'forecast'; source: string; days: WeatherDay[]; note: string | null }
  | { status: 'unavailable'; source: string; reason: string };

export interface WeatherQuery {
  lat: number;
  lon: number;
  /** The venue's IANA time zone, so days are the venue's days. */
  timezone: string;
  from: string;
  to: string;
  /** Today at the venue (YYYY-MM-DD). */
  today: string;
}

export interface WeatherSource {
  readonly name: string;
  /** Never throws for the service being down or slow: that is an `unavailable` answer. */
  forecast(query: WeatherQuery): Promise<Weather>;
}
