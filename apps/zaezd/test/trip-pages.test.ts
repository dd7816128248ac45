/**
 * The web faces of a trip, stateless by construction: `/t/:trip_id` rebuilds exactly the
 * TripResult find_event_trips answered — in this process or a fresh one — as JSON or as the trip
 * board page (the BoardState embedded for the board's own script);
 * `/t/:id/checkout/:package` is a package's checkout answer as JSON, for the board's script;
 * `/t/:id/go/:package/:item` asks Tutu for a fresh link at click time and redirects, or offers
 * the search results when Tutu will not give one, in Russian; a malformed or altered ID is a 400;
 * any other address is zaezd's own 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { connectClient } from '@agent-products/kit/testing';
import { startStack, type RunningStack } from './support/start-stack.ts';
import { callThroughClient } from './support/client-call.ts';

let stack: RunningStack;
let client: Client;
beforeAll(async () => {
  stack = await startStack({ tutuTimeoutMs: 1500 });
  client = await connectClient(stack.url);
});
afterAll(async () => {
  await client?.close();
  await stack?.stop();
});

const REQUESTS = [
  { topics: ['jazz', 'festival'], origin: 'Moscow', budget: 40000, date_from: '2026-12-01', date_to: '2026-12-31', adults: 2 },
  { topics: ['ballet'], origin: 'Казань', budget: 2000, date_from: '2026-12-05', date_to: '2026-12-25' },
  { topics: ['exhibition'], origin: 'Санкт-Петербург', adults: 3 },
  { topics: ['xyzzyplugh'], origin: 'Сочи' },
];

const json = (url: string) => fetch(url, { headers: { accept: 'application/json' } });

describe('GET /t/:trip_id', () => {
  it('serves the same TripResult find_event_trips answered, as JSON', async () => {
    for (const request of REQUESTS) {
      const found = (await callThroughClient(client, 'find_event_trips', request)).data;
      const response = await json(`${stack.url}/t/${found.trip_id}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.json()).toEqual(found);
    }
  });

  it('rebuilds the trip from the ID alone in another process with its own upstream connection and cache', async () => {
    const found = (await callThroughClient(client, 'find_event_trips', REQUESTS[0]!)).data;
    const other = await startStack();
    try {
      const rebuilt = await (await json(`${other.url}/t/${found.trip_id}`)).json();
      expect({ ...rebuilt, web_url: undefined }).toEqual({ ...found, web_url: undefined });
      expect(rebuilt.web_url).toBe(`${other.url}/t/${found.trip_id}`);
    } finally {
      await other.stop();
    }
  });

  it('serves the trip board page: the skeleton, the trip and every package’s details embedded, and only the board’s own script', async () => {
    const found = (await callThroughClient(client, 'find_event_trips', REQUESTS[0]!)).data;
    const response = await fetch(`${stack.url}/t/${found.trip_id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("img-src 'self' data: https://tile.openstreetmap.org;");
    // The board's script asks for a package's checkout links in place, from zaezd alone.
    expect(csp).toContain("connect-src 'self';");
    const html = await response.text();
    expect(html.startsWith('<!DOCTYPE html><html lang="ru">')).toBe(true);
    expect(html).toContain('<div id="trip-board" class="trip-board" data-tile-url="https://tile.openstreetmap.org/{z}/{x}/{y}.png"');
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]);
    expect(scripts).toEqual([' type="application/json" id="trip-board-data"', expect.stringMatching(/^ src="\/assets\/trip-board\.js\?v=[\w-]+" defer=""$/)]);
    const embedded = JSON.parse(/<script type="application\/json" id="trip-board-data">(.*?)<\/script>/s.exec(html)![1]!);
    expect(embedded.trip).toEqual(found);
    expect(embedded.checkout).toBeNull();
    for (const pkg of found.packages) {
      const details = (await callThroughClient(client, 'get_trip_details', { trip_id: found.trip_id, package: pkg.number })).data;
      expect(embedded.details.find((d: any) => d.package === pkg.number)).toEqual({ package: pkg.number, details });
    }
  });

  it('serves the board’s script and stylesheet under versioned, long-lived URLs', async () => {
    const found = (await callThroughClient(client, 'find_event_trips', REQUESTS[0]!)).data;
    const html = await (await fetch(`${stack.url}/t/${found.trip_id}`)).text();
    for (const path of [/\/assets\/trip-board\.js\?v=[\w-]+/, /\/assets\/trip-board\.css\?v=[\w-]+/]) {
      const url = path.exec(html)![0];
      const asset = await fetch(`${stack.url}${url}`);
      expect(asset.status).toBe(200);
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect((await asset.text()).length).toBeGreaterThan(10_000);
    }
  });

  it('answers a malformed, altered or unknown-version ID with 400, as JSON or a page, never a 500', async () => {
    const found = (await callThroughClient(client, 'find_event_trips', REQUESTS[0]!)).data;
    const [version, payload, check] = found.trip_id.split('.');
    const flipped = payload.slice(0, 10) + (payload[10] === 'A' ? 'B' : 'A') + payload.slice(11);
    const bad = [
      'hello',
      `${version}.${flipped}.${check}`,
      `${version}.${payload}.AAAAAA`,
      `2.${payload}.${check}`,
      `${version}.${payload.slice(0, -4)}.${check}`,
      `${version}.%C3%28.${check}`,
    ];
    for (const id of bad) {
      const asJson = await json(`${stack.url}/t/${id}`);
      expect(asJson.status, id).toBe(400);
      expect((await asJson.json()).error).toMatchObject({ code: 'invalid_trip_id', retryable: false });
      const page = await fetch(`${stack.url}/t/${id}`);
      expect(page.status).toBe(400);
      expect(await page.text()).toContain('cannot be read');
    }
  });
});

describe('GET /t/:trip_id/checkout/:package', () => {
  it('answers create_trip_checkout’s answer for that package as JSON, with fresh links from Tutu', async () => {
    const found = (await callThroughClient(client, 'find_event_trips', REQUESTS[0]!)).data;
    const before = stack.sim.control.snapshot().calls.create_checkout_link ?? 0;
    const response = await json(`${stack.url}/t/${found.trip_id}/checkout/1`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const answer = await response.json();
    const direct = (await callThroughClient(client, 'create_trip_checkout', { trip_id: found.trip_id, package: 1 })).data;
    expect(answer.items.map((i: any) => [i.item, i.stable_url, i.label])).toEqual(direct.items.map((i: any) => [i.item, i.stable_url, i.label]));
    expect(stack.sim.control.snapshot().calls.create_checkout_link).toBe(before + 2 * found.packages[0].checkout_items.length);
  });

  it('refuses a package the trip does not have, or a broken ID, with the structured error', async () => {
    const found = (await callThroughClient(client, 'find_event_trips', REQUESTS[0]!)).data;
    const missing = await json(`${stack.url}/t/${found.trip_id}/checkout/7`);
    expect(missing.status).toBe(404);
    expect((await missing.json()).error).toMatchObject({ code: 'unknown_package', retryable: false });
    const broken = await json(`${stack.url}/t/hello/checkout/1`);
    expect(broken.status).toBe(400);
    expect((await broken.json()).error).toMatchObject({ code: 'invalid_trip_id' });
  });
});

describe('an address with no page', () => {
  it('answers zaezd’s own 404 page in Russian with the way back, or the structured error as JSON', async () => {
    for (const path of ['/nope', '/t', '/t/x/y/z/w', '/assets/nothing.js']) {
      const page = await fetch(`${stack.url}${path}`);
      expect(page.status, path).toBe(404);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await page.text();
      expect(html.startsWith('<!DOCTYPE html><html lang="ru">')).toBe(true);
      expect(html).toContain('<title>Такой страницы нет · zaezd</title>');
      expect(html).toContain('<a href="/">Найти поездку на мероприятие</a>');
    }
    const asJson = await json(`${stack.url}/nope`);
    expect(asJson.status).toBe(404);
    expect((await asJson.json()).error).toMatchObject({ code: 'not_found', retryable: false });
  });
});

describe('GET /t/:trip_id/go/:package/:item', () => {
  it('asks Tutu for a fresh link at every click and redirects to it', async () => {
    const found = (await callThroughClient(client, 'find_event_trips', REQUESTS[0]!)).data;
    const before = stack.sim.control.snapshot().calls.create_checkout_link ?? 0;
    for (const click of [1, 2]) {
      const response = await fetch(`${stack.url}/t/${found.trip_id}/go/1/there`, { redirect: 'manual' });
      expect(response.status).toBe(302);
      const location = new URL(response.headers.get('location')!);
      expect(location.origin).toBe(stack.simUrl);
      expect(location.pathname).toBe('/demo/checkout/rail');
      expect(location.searchParams.get('adults')).toBe('2');
      expect(stack.sim.control.snapshot().calls.create_checkout_link).toBe(before + click);
    }
  });

  it('offers the search results, labelled «Открыть поиск, корзины не будет», when the live call fails', async () => {
    const found = (await callThroughClient(client, 'find_event_trips', REQUESTS[0]!)).data;
    stack.sim.control.update({ faults: [{ tool: 'create_checkout_link', fault: 'timeout', times: 1 }] });
    try {
      const response = await fetch(`${stack.url}/t/${found.trip_id}/go/1/there`, { redirect: 'manual' });
      expect(response.status).toBe(502);
      const html = await response.text();
      expect(html).toContain('Открыть поиск, корзины не будет');
      expect(html).toMatch(new RegExp(`href="${stack.simUrl}/demo/search/rail\\?[^"]+"`));
      expect(html).toContain(`/t/${found.trip_id}`);
    } finally {
      stack.sim.control.reset();
    }
  });

  it('says in Russian that Tutu gave no link when Tutu fails inside, and keeps Tutu’s own words off the page', async () => {
    const found = (await callThroughClient(client, 'find_event_trips', REQUESTS[0]!)).data;
    stack.sim.control.update({ faults: [{ tool: 'create_checkout_link', fault: 'error' }] });
    try {
      const response = await fetch(`${stack.url}/t/${found.trip_id}/go/1/there`, { redirect: 'manual' });
      expect(response.status).toBe(502);
      const html = await response.text();
      expect(html).toContain('Туту сейчас не выдал ссылку на корзину для этой части поездки.');
      expect(html).toMatch(/<p>Билет туда — [\d\u00a0]+\u00a0₽<\/p>/);
      expect(html).not.toMatch(/Tutu failed|Error executing|\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b|\(\d{5,}\)/);
    } finally {
      stack.sim.control.reset();
    }
  });

  it('refuses an item or package the trip does not have', async () => {
    const found = (await callThroughClient(client, 'find_event_trips', REQUESTS[0]!)).data;
    expect((await fetch(`${stack.url}/t/${found.trip_id}/go/1/flight`, { redirect: 'manual' })).status).toBe(400);
    expect((await fetch(`${stack.url}/t/${found.trip_id}/go/7/there`, { redirect: 'manual' })).status).toBe(404);
    expect((await json(`${stack.url}/t/not-an-id/go/1/there`)).status).toBe(400);
  });
});

describe('links outside the provider’s hosts', () => {
  it('are never redirected to or handed out, whatever Tutu answers', async () => {
    const foreign = await startStack({ simPublicUrl: 'https://tutu.ru.evil.example' });
    try {
      const foreignClient = await connectClient(foreign.url);
      try {
        const found = (await callThroughClient(foreignClient, 'find_event_trips', REQUESTS[0]!)).data;
        const { data } = await callThroughClient(foreignClient, 'create_trip_checkout', { trip_id: found.trip_id, package: 1 });
        for (const item of data.items) {
          expect(item).toMatchObject({ status: 'unavailable', url: null, search_results_url: null });
          expect(item.problem).toMatch(/outside its own site \(https:\/\/tutu\.ru\.evil\.example\)/);
        }
        const response = await fetch(`${foreign.url}/t/${found.trip_id}/go/1/there`, { redirect: 'manual' });
        expect(response.status).toBe(502);
        expect(response.headers.get('location')).toBeNull();
        expect(await response.text()).not.toMatch(/href="https:\/\/tutu\.ru\.evil/);
      } finally {
        await foreignClient.close();
      }
    } finally {
      await foreign.stop();
    }
  });
});
