/**
 * find_event_trips through the official MCP client against zaezd wired to the Tutu stand-in:
 * the published contract, the headline request ("a jazz festival from Moscow next month for
 * under 40 000 ₽"), packages that lead with rail and label air as the alternative, hotel nights
 * that cover the event, budget verdicts, the coverage note, and forgiving input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { connectClient } from '@agent-products/kit/testing';
import { startStack, type RunningStack } from './support/start-stack.ts';
import { callThroughClient } from './support/client-call.ts';

let stack: RunningStack;
let client: Client;

beforeAll(async () => {
  stack = await startStack();
  client = await connectClient(stack.url);
});
afterAll(async () => {
  await client?.close();
  await stack?.stop();
});

const HEADLINE = { topics: ['jazz', 'festival'], origin: 'Moscow', budget: 40000, date_from: '2026-12-01', date_to: '2026-12-31', adults: 2 };
const call = (args?: Record<string, unknown>) => callThroughClient(client, 'find_event_trips', args);

describe('tools/list', () => {
  it('publishes exactly the three tools with output schemas and the annotations the rules give', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['create_trip_checkout', 'find_event_trips', 'get_trip_details']);
    for (const tool of tools) {
      expect(tool.title).toBeTruthy();
      expect(tool.description!.length).toBeGreaterThan(100);
      expect(tool.outputSchema?.type).toBe('object');
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    }
    expect(tools.find((t) => t.name === 'create_trip_checkout')!.annotations!.idempotentHint).toBe(false);
    expect(tools.find((t) => t.name === 'find_event_trips')!.inputSchema.required).toEqual(['topics', 'origin']);
  });
});

describe('the headline request', () => {
  it('chooses an event away from the origin and offers rail first, then air labelled as the alternative', async () => {
    const { isError, data, text } = await call(HEADLINE);
    expect(isError).toBe(false);
    expect(data.status).toBe('ok');
    expect(data.event.city.name).not.toBe('Москва');
    expect(data.event.matched_topics).toContain('jazz');
    expect(data.packages.length).toBeGreaterThanOrEqual(2);
    expect(data.packages.length).toBeLessThanOrEqual(3);
    expect(data.packages[0]).toMatchObject({ number: 1, mode: 'rail', alternative: false });
    const air = data.packages.filter((p: any) => p.mode === 'air');
    expect(air.length).toBeGreaterThan(0);
    for (const p of air) {
      expect(p.alternative).toBe(true);
      expect(p.label).toMatch(/^Альтернатива/);
    }
    expect(data.packages.findIndex((p: any) => p.mode === 'air')).toBeGreaterThan(data.packages.findLastIndex((p: any) => p.mode === 'rail'));
    expect(text).toContain('Package 1');
    expect(text).toContain(data.web_url);
  });

  it('prices round trips for the whole party, within the budget, with hotel nights covering the visit', async () => {
    const { data } = await call(HEADLINE);
    const eventStart = Date.parse(data.event.starts_at);
    for (const p of data.packages) {
      expect(p.within_budget).toBe(true);
      expect(p.total_price).toBeLessThanOrEqual(40000);
      expect(p.total_price).toBe(p.price_breakdown.transport + p.price_breakdown.hotel);
      expect(p.legs.map((l: any) => l.direction)).toEqual(['there', 'back']);
      expect(Date.parse(p.legs[0].arrives_at)).toBeLessThan(eventStart);
      expect(p.hotel.check_in <= data.event.visit.from).toBe(true);
      expect(p.hotel.check_out > data.event.visit.to).toBe(true);
      expect(p.hotel.price_total).toBe(p.price_breakdown.hotel);
      if (p.mode === 'rail') {
        expect(p.legs[0].price + p.legs[1].price).toBe(p.price_breakdown.transport);
        expect(p.checkout_items).toEqual(['there', 'back', 'hotel']);
      } else {
        expect(p.checkout_items).toEqual(['flight', 'hotel']);
      }
    }
    expect(data.budget).toMatchObject({ amount: 40000, status: 'within' });
  });

  it('says it is demo data, and links to the web version of the trip', async () => {
    const { data } = await call(HEADLINE);
    expect(data.demo_data).toBe(true);
    expect(data.notice).toMatch(/tutu-sim/);
    expect(data.coverage.not_covered.join(' ')).toMatch(/tutu-sim/);
    expect(data.web_url).toBe(`${stack.url}/t/${data.trip_id}`);
  });

  it('writes a coverage note: what was searched, what was not found, what is never covered', async () => {
    const { data } = await call(HEADLINE);
    expect(data.coverage.searched).toHaveLength(6);
    expect(data.coverage.searched[0]).toMatch(/^Events/);
    expect(data.coverage.searched.join('\n')).toMatch(/Trains Москва → Санкт-Петербург/);
    expect(data.coverage.not_found.join('\n')).toMatch(/No event matches all of jazz/);
    expect(data.coverage.not_covered.join('\n')).toMatch(/Tickets for the event itself/);
    expect(data.coverage.summary.length).toBeGreaterThan(40);
  });

  it('doubles the rail fare for two travellers: rail prices are per seat', async () => {
    const one = (await call({ ...HEADLINE, adults: 1, budget: undefined })).data;
    const two = (await call({ ...HEADLINE, budget: undefined })).data;
    const perSeat = (trip: any) => trip.packages[0].legs.map((l: any) => l.train_number);
    expect(perSeat(one)).toEqual(perSeat(two));
    expect(two.packages[0].legs[0].price).toBe(2 * one.packages[0].legs[0].price);
  });
});

describe('budget verdicts', () => {
  it('shows the single cheapest package, labelled, when nothing fits', async () => {
    const { isError, data } = await call({ ...HEADLINE, budget: 3000 });
    expect(isError).toBe(false);
    expect(data.status).toBe('over_budget');
    expect(data.budget.status).toBe('none_fit');
    expect(data.packages).toHaveLength(1);
    expect(data.packages[0].within_budget).toBe(false);
    expect(data.packages[0].label).toMatch(/^Дороже бюджета/);
    expect(data.budget.note).toMatch(/Nothing fits/);
    expect(data.coverage.not_found.join('\n')).toMatch(/Nothing fits/);
  });

  it('marks packages without a verdict when no budget is given', async () => {
    const { data } = await call({ topics: ['opera'], origin: 'Санкт-Петербург', date_from: '2026-12-01', date_to: '2026-12-20' });
    expect(data.budget.status).toBe('not_given');
    for (const p of data.packages) expect(p.within_budget).toBeNull();
  });
});

describe('an event Tutu cannot reach', () => {
  it('is passed over for the next best one, and the coverage note says so', async () => {
    // Nizhny Novgorod is the nearest city with an exhibition, but the stand-in has no train or flight to it from Yekaterinburg.
    const { data } = await call({ topics: ['exhibition'], origin: 'Екатеринбург', date_from: '2026-12-01', date_to: '2026-12-20' });
    expect(data.status).toBe('ok');
    expect(data.event.city.name).not.toBe('Нижний Новгород');
    expect(data.coverage.not_found.join('\n')).toMatch(
      /«Выставки в «Арсенале» Нижегородского кремля» \(Нижний Новгород, [\d-]+\) ranked higher, .* passed over/,
    );
    const again = await (await fetch(`${stack.url}/t/${data.trip_id}`, { headers: { accept: 'application/json' } })).json();
    expect(again).toEqual(data);
  });
});

describe('no matching event', () => {
  it('answers with the reason, not an error and not an invented event', async () => {
    const { isError, data } = await call({ topics: ['xyzzyplugh'], origin: 'Москва' });
    expect(isError).toBe(false);
    expect(data.status).toBe('no_event');
    expect(data.event).toBeNull();
    expect(data.packages).toEqual([]);
    expect(data.coverage.not_found.join('\n')).toMatch(/No event matching/);
  });
});

describe('forgiving input', () => {
  it('reads topics as an array, a JSON string or a comma-separated string, in Russian or English, to the same trip', async () => {
    const base = (await call(HEADLINE)).data.trip_id;
    const variants = [
      { ...HEADLINE, topics: '["джаз", "фестиваль"]' },
      { ...HEADLINE, topics: 'jazz, festival' },
      { ...HEADLINE, topics: ['джазовый фестиваль'] },
      { ...HEADLINE, origin: 'москвы', budget: '40 000 ₽', adults: '2', date_from: '01.12.2026', date_to: '2026-12-31T00:00:00+03:00' },
    ];
    for (const args of variants) {
      const { isError, data } = await call(args);
      expect(isError, JSON.stringify(args)).toBe(false);
      expect(data.trip_id).toBe(base);
    }
  });

  it('treats a missing argument object as empty and names every required field', async () => {
    const { isError, data } = await call(undefined);
    expect(isError).toBe(true);
    expect(data.error.code).toBe('invalid_arguments');
    expect(data.error.details.fields.map((f: any) => f.field).sort()).toEqual(['origin', 'topics']);
  });

  it('names the field it cannot understand', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ topics: ['jazz'], origin: 'Владивосток' }, 'origin'],
      [{ topics: ['jazz'], origin: 'Москва', adults: 'two' }, 'adults'],
      [{ topics: ['jazz'], origin: 'Москва', adults: 12 }, 'adults'],
      [{ topics: ['jazz'], origin: 'Москва', budget: 'cheap' }, 'budget'],
      [{ topics: ['jazz'], origin: 'Москва', date_from: '2026-11-01' }, 'date_from'],
      [{ topics: ['jazz'], origin: 'Москва', date_from: '2026-12-10', date_to: '2026-12-01' }, 'date_to'],
      [{ topics: ['jazz'], origin: 'Москва', date_from: '31/12/2026' }, 'date_from'],
      [{ topics: [], origin: 'Москва' }, 'topics'],
      [{ topics: ['jazz'], origin: 'Москва', city: 'Казань' }, 'city'],
    ];
    for (const [args, field] of cases) {
      const { isError, data } = await call(args);
      expect(isError, JSON.stringify(args)).toBe(true);
      expect(data.error.code).toBe('invalid_arguments');
      expect(data.error.details.fields.map((f: any) => f.field)).toContain(field);
      expect(data.error.retryable).toBe(false);
      expect(data.error.correlationId).toBeTruthy();
    }
  });
});

describe('parties larger than Tutu takes', () => {
  it('skip the modes whose limit they exceed, say so, and send nothing Tutu would refuse', async () => {
    const before = stack.sim.control.snapshot().calls;
    const { isError, data } = await call({ topics: ['jazz'], origin: 'Москва', date_from: '2026-12-01', date_to: '2026-12-31', adults: 7 });
    expect(isError).toBe(false);
    expect(data.status).toBe('no_packages');
    const notFound = data.coverage.not_found.join('\n');
    expect(notFound).toMatch(/Trains .*: not searched — Tutu sells train tickets for at most 6 traveller\(s\) in one search/);
    expect(notFound).toMatch(/Hotels .*: not searched — Tutu sells hotel rooms for at most 6 traveller\(s\)/);
    expect(notFound).not.toMatch(/none found/);
    expect(data.coverage.summary).toMatch(/1 Tutu searches ran for it; 4 could not be sent for a party this size/);
    const after = stack.sim.control.snapshot().calls;
    expect(after.search_rail ?? 0).toBe(before.search_rail ?? 0);
    expect(after.search_hotels ?? 0).toBe(before.search_hotels ?? 0);
  });
});
