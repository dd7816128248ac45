/**
 * find_event_trips end to end against a replay of the live Tutu server (its recorded answers,
 * shifted to the trip's dates, over the wire protocol it speaks: JSON responses and an
 * `mcp-session-id`): zaezd builds rail + hotel packages with Tutu's real prices — rail fares per
 * seat for the party, hotel prices as the stay's total — opens a new session when the server
 * forgets one, and reports the real server's validation refusal as its own defect, not as "no
 * flights".
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { connectClient } from '@agent-products/kit/testing';
import { createLogger } from '@agent-products/kit/log';
import { McpToolCaller, UpstreamError } from '../src/tutu/index.ts';
import { callThroughClient } from './support/client-call.ts';
import { startReplayTutu, type ReplayTutu } from './support/replay-tutu.ts';
import { startStack, type RunningStack } from './support/start-stack.ts';
import { answerOf, recording, recordingsAvailable } from './support/tutu-recordings.ts';

const REQUEST = { topics: ['jazz'], origin: 'Москва', date_from: '2026-12-01', date_to: '2026-12-31', adults: 2 };

describe.runIf(recordingsAvailable())('trips over the recorded live Tutu', () => {
  let replay: ReplayTutu;
  let stack: RunningStack;
  let client: Client;
  beforeAll(async () => {
    replay = await startReplayTutu();
    stack = await startStack({ tutuUrl: replay.url, tutuCacheTtlMs: 0 });
    client = await connectClient(stack.url);
  });
  afterAll(async () => {
    await client?.close();
    await stack?.stop();
    await replay?.close();
  });

  it('builds rail + hotel packages with Tutu’s real prices', async () => {
    const { isError, data } = await callThroughClient(client, 'find_event_trips', REQUEST);
    expect(isError, JSON.stringify(data)).toBe(false);
    expect(data.event.city.name).toBe('Санкт-Петербург');
    expect(data).toMatchObject({ status: 'ok', demo_data: false, notice: null });
    expect(data.packages.length).toBeGreaterThan(0);

    const rail = answerOf(recording('search_rail', 'spb_msk_basic')) as {
      offers: Array<{ fares: { seat_categories: Record<string, { price_from: number }> }; price: { amount: number } }>;
    };
    const fares = new Set(rail.offers.flatMap((o) => [o.price.amount, ...Object.values(o.fares.seat_categories).map((c) => c.price_from)]));
    const hotels = answerOf(recording('search_hotels', 'spb_basic')) as { hotels: Array<{ name: string; best_offer: { price: { amount: number } } }> };
    for (const pkg of data.packages) {
      expect(pkg.mode).toBe('rail');
      const [there, back] = pkg.legs;
      const perSeat = pkg.transport_pricing.note.match(/[\d ]+(?:\.\d+)? ₽/g);
      expect(perSeat).toHaveLength(2);
      expect(there.price + back.price).toBeCloseTo(pkg.price_breakdown.transport, 2);
      expect(fares.has(Math.round((there.price / 2) * 100) / 100)).toBe(true);
      expect(fares.has(Math.round((back.price / 2) * 100) / 100)).toBe(true);
      const hotel = hotels.hotels.find((h) => h.name === pkg.hotel.name)!;
      expect(hotel, pkg.hotel.name).toBeDefined();
      expect(pkg.hotel.price_total).toBe(hotel.best_offer.price.amount);
      expect(pkg.hotel.nights).toBe(2);
      expect(pkg.total_price).toBeCloseTo(pkg.price_breakdown.transport + pkg.price_breakdown.hotel, 2);
    }
    expect(data.coverage.not_found.join('\n')).toMatch(/no round-trip offer/);
    expect(data.coverage.searched.join('\n')).not.toMatch(/failed/);
    const railCall = replay.calls.find((c) => c.tool === 'search_rail')!;
    expect(railCall.args).toMatchObject({ departure_date: data.travel.outbound_date, passengers: 2 });
  });

  it('opens a new session when Tutu has forgotten its own, and answers the same', async () => {
    const first = (await callThroughClient(client, 'find_event_trips', REQUEST)).data;
    const before = stack.zaezd.tutu.stats.reconnects;
    replay.expireSessions();
    const again = (await callThroughClient(client, 'find_event_trips', REQUEST)).data;
    expect(stack.zaezd.tutu.stats.reconnects).toBeGreaterThan(before);
    expect(again.packages).toEqual(first.packages);
  });

  it('reports the real server’s validation refusal as a failed search of its own making, and the other packages stand', async () => {
    replay.failWith('search_avia', recording('search_rail', 'invalid_date').result.text.replaceAll('search_rail', 'search_avia'));
    const { isError, data } = await callThroughClient(client, 'find_event_trips', REQUEST);
    expect(isError).toBe(false);
    expect(data.coverage.searched.join('\n')).toMatch(/Round-trip flights .*: failed \(invalid_arguments\)/);
    expect(data.coverage.not_found.join('\n')).toMatch(/a defect in zaezd, not a lack of offers/);
    expect(data.coverage.not_found.join('\n')).not.toMatch(/Round-trip flights [^\n]*: none found/);
    expect(data.packages.length).toBeGreaterThan(0);
  });

  it('logs the refused call as a defect with the names of the arguments sent, not their values', async () => {
    const lines: string[] = [];
    const destination = new Writable({
      write: (chunk, _encoding, done) => {
        lines.push(String(chunk));
        done();
      },
    });
    const caller = new McpToolCaller({
      url: replay.url,
      timeoutMs: 5000,
      retries: 1,
      backoffMs: 10,
      cacheTtlMs: 0,
      log: createLogger({ name: 'test', level: 'info', destination }),
      clientName: 'test',
      clientVersion: '1',
    });
    try {
      const error = await caller
        .call('search_avia', { origin: 'Москва', destination: 'Санкт-Петербург', departure_date: '2026-12-02' }, { idempotent: true })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UpstreamError);
      expect((error as UpstreamError).failure).toBe('invalid_arguments');
      expect(caller.stats.retries).toBe(0);
      const logged = lines.map((l) => JSON.parse(l)).find((l) => l.msg?.includes('a defect in zaezd'));
      expect(logged).toMatchObject({ level: 50, tool: 'search_avia', argumentNames: ['departure_date', 'destination', 'origin'] });
      expect(JSON.stringify(logged)).not.toContain('Санкт-Петербург');
    } finally {
      await caller.close();
    }
  });
});
