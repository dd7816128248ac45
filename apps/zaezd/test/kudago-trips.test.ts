/**
 * zaezd with KudaGo as its events source (a real local server in KudaGo's shape) and the Tutu
 * stand-in as upstream: the trip is built around the live listing's event, and its trip_id
 * reproduces it by looking the event up again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { connectClient } from '@agent-products/kit/testing';
import { startStack, type RunningStack } from './support/start-stack.ts';
import { startJsonServer, type JsonServer } from './support/json-server.ts';
import { KUDAGO_EVENTS, kudagoPage } from './support/kudago-fixture.ts';
import { callThroughClient } from './support/client-call.ts';

let kudago: JsonServer;
let stack: RunningStack;
let client: Client;
beforeAll(async () => {
  kudago = await startJsonServer((url) => {
    if (url.pathname === '/public-api/v1.4/events/201801/') return { body: KUDAGO_EVENTS.spbJazz };
    return { body: kudagoPage(url.searchParams.get('location') === 'spb' ? [KUDAGO_EVENTS.spbJazz, KUDAGO_EVENTS.spbExhibition] : []) };
  });
  stack = await startStack({ events: { source: 'kudago', baseUrl: `${kudago.url}/public-api/v1.4`, timeoutMs: 1000 } });
  client = await connectClient(stack.url);
});
afterAll(async () => {
  await client?.close();
  await stack?.stop();
  await kudago?.close();
});

describe('trips over KudaGo events', () => {
  it('builds packages around the KudaGo event and reproduces them from the trip_id', async () => {
    const { isError, data } = await callThroughClient(client, 'find_event_trips', {
      topics: ['джаз'],
      origin: 'Москва',
      date_from: '2026-12-01',
      date_to: '2026-12-31',
    });
    expect(isError).toBe(false);
    expect(data.event).toMatchObject({
      source: 'kudago',
      id: '201801',
      city: { name: 'Санкт-Петербург' },
      price_note: 'Tickets: от 1500 до 3000 рублей (KudaGo).',
    });
    expect(data.packages.length).toBeGreaterThan(0);
    expect(data.coverage.searched[0]).toMatch(/KudaGo/);
    expect(data.coverage.not_found.join('\n')).toMatch(/KudaGo does not cover Ярославль, Воронеж, Сочи, Самара/);
    const again = await (await fetch(`${stack.url}/t/${data.trip_id}`, { headers: { accept: 'application/json' } })).json();
    expect(again).toEqual(data);
    expect(kudago.requests.some((r) => r.pathname === '/public-api/v1.4/events/201801/')).toBe(true);
  });
});
