/**
 * get_trip_details through the official MCP client: the hotel with its distance to the venue,
 * the rates with the pricing basis Tutu stated, and the weather — from a real local HTTP server
 * answering in Open-Meteo's shape, and honestly absent when Open-Meteo is unreachable, slow, or
 * the event is beyond its forecast range.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { connectClient } from '@agent-products/kit/testing';
import { startStack, type RunningStack } from './support/start-stack.ts';
import { startJsonServer, type JsonServer } from './support/json-server.ts';
import { callThroughClient } from './support/client-call.ts';
import { openMeteoDays } from './support/open-meteo-fixture.ts';

const REQUEST = { topics: ['jazz'], origin: 'Москва', date_from: '2026-12-01', date_to: '2026-12-31', adults: 2 };

describe('with Open-Meteo answering', () => {
  let weather: JsonServer;
  let stack: RunningStack;
  let client: Client;
  beforeAll(async () => {
    weather = await startJsonServer((url) =>
      url.pathname === '/v1/forecast' ? { body: openMeteoDays(url) } : { status: 404, body: { error: true, reason: 'not found' } },
    );
    stack = await startStack({ weatherUrl: weather.url });
    client = await connectClient(stack.url);
  });
  afterAll(async () => {
    await client?.close();
    await stack?.stop();
    await weather?.close();
  });

  it('details a package: legs, hotel with distance to the venue, rates with their basis, and the forecast', async () => {
    const trip = (await callThroughClient(client, 'find_event_trips', REQUEST)).data;
    const { isError, data, text } = await callThroughClient(client, 'get_trip_details', { trip_id: trip.trip_id, package: 1 });
    expect(isError).toBe(false);
    expect(data.package).toEqual(trip.packages[0]);
    expect(data.event).toEqual(trip.event);
    expect(data.hotel).toMatchObject({ name: trip.packages[0].hotel.name, check_in_time: '14:00', check_out_time: '12:00' });
    expect(data.hotel.address).toBeTruthy();
    expect(data.hotel.distance_to_venue_km).toBeGreaterThanOrEqual(0);
    expect(data.hotel.distance_to_venue_km).toBeLessThan(10);
    expect(data.hotel.room).toBeTruthy();
    expect(data.rates.hotel.pricing_basis).toBe('stay_total');
    expect(data.rates.hotel.total).toBe(trip.packages[0].hotel.price_total);
    expect(data.rates.hotel.per_night * data.rates.hotel.nights).toBeCloseTo(data.rates.hotel.total, -2);
    expect(data.rates.transport.pricing_basis).toBe('per_seat');
    expect(data.rates.transport.per_seat).toHaveLength(2);
    expect(data.rates.transport.per_seat.reduce((a: number, b: number) => a + b, 0) * 2).toBe(data.rates.transport.total);
    expect(data.rates.party_total).toBe(trip.packages[0].total_price);
    expect(data.weather.status).toBe('forecast');
    expect(data.weather.days.map((d: any) => d.date)).toEqual(dayRange(trip.event.visit.from, trip.event.visit.to));
    expect(data.weather.days[0]).toMatchObject({ summary: 'snow', temperature_max_c: -2.5, precipitation_probability: 80 });
    expect(text).toMatch(/snow/);
    const asked = weather.requests.at(-1)!;
    expect(asked.searchParams.get('timezone')).toBe('Europe/Moscow');
    expect(Number(asked.searchParams.get('latitude'))).toBeCloseTo(trip.event.venue.lat, 3);
    expect(asked.searchParams.get('daily')).toContain('precipitation_probability_max');
  });

  it('explains why there is no forecast for an event beyond the 16-day range, without asking', async () => {
    const before = weather.requests.length;
    const trip = (await callThroughClient(client, 'find_event_trips', { ...REQUEST, date_from: '2027-01-10', date_to: '2027-01-31' })).data;
    const { data } = await callThroughClient(client, 'get_trip_details', { trip_id: trip.trip_id, package: '1' });
    expect(data.weather.status).toBe('unavailable');
    expect(data.weather.reason).toMatch(/16 days ahead/);
    expect(weather.requests.length).toBe(before);
  });

  it('refuses a package the trip does not have, naming the ones it has', async () => {
    const trip = (await callThroughClient(client, 'find_event_trips', { ...REQUEST, budget: 3000 })).data;
    const { isError, data } = await callThroughClient(client, 'get_trip_details', { trip_id: trip.trip_id, package: 3 });
    expect(isError).toBe(true);
    expect(data.error).toMatchObject({ code: 'unknown_package', retryable: false, details: { packages: [1] } });
  });
});

describe('with Open-Meteo unreachable or slow', () => {
  let slow: JsonServer;
  beforeAll(async () => {
    // It answers only after every test has ended, so any answer from zaezd shows its own timeout
    // cut the request off (no wall-clock bound, which a loaded machine would break).
    slow = await startJsonServer((url) => ({ body: openMeteoDays(url), delayMs: 600_000 }));
  });
  afterAll(async () => slow?.close());

  for (const [name, weatherUrl, reason] of [
    ['unreachable', undefined, /could not be reached/],
    ['slower than the timeout', 'slow', /did not answer within 500 ms/],
  ] as const) {
    it(`says why weather is absent when Open-Meteo is ${name}, and still answers the rest`, async () => {
      const stack = await startStack(weatherUrl ? { weatherUrl: slow.url, weatherTimeoutMs: 500 } : {});
      const client = await connectClient(stack.url);
      try {
        const trip = (await callThroughClient(client, 'find_event_trips', REQUEST)).data;
        const { isError, data } = await callThroughClient(client, 'get_trip_details', { trip_id: trip.trip_id, package: 1 });
        expect(isError).toBe(false);
        expect(data.weather).toMatchObject({ status: 'unavailable', days: [] });
        expect(data.weather.reason).toMatch(reason);
        expect(data.hotel.name).toBeTruthy();
      } finally {
        await client.close();
        await stack.stop();
      }
    });
  }
});

function dayRange(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to; d = new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)) days.push(d);
  return days;
}
