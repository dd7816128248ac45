/**
 * The traveler's downloads over real HTTP, read back by real parsers: the calendar file by
 * ical.js (an iCalendar implementation calendar apps use) and the GPX file by an XML DOM parser
 * that refuses malformed XML. A plan is proposed and published by the official MCP client, as an
 * agent would, then each file is fetched through the links the traveler's page shows.
 */
import { DOMParser } from '@xmldom/xmldom';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { connectClient } from '@agent-products/kit/testing';
import type { PageSnapshot } from '../src/planning/page-snapshot.ts';
import { issueCredential, startChengdu, type RunningChengdu } from './support/start-chengdu.ts';

let now = new Date();
let server: RunningChengdu;
let agent: Client;
let pageUrl: string;
let snapshot: PageSnapshot;

async function call(name: string, args: Record<string, unknown>) {
  const result = await agent.callTool({ name, arguments: args });
  expect(result.isError, JSON.stringify(result.content)).not.toBe(true);
  return result.structuredContent as any;
}

beforeAll(async () => {
  server = await startChengdu({ clock: () => now });
  const { token } = await issueCredential(server, { now });
  agent = await connectClient(server.url, { Authorization: `Bearer ${token}` });
  const catalogVersion = server.release.manifest.catalogVersion;
  const panda = await call('get_chengdu_scene', { cardId: 'panda-base', catalogVersion });
  const teahouse = await call('get_chengdu_scene', { cardId: 'peoples-park-heming', catalogVersion });
  const draft = await call('propose_chengdu_itinerary', {
    dayCount: 3,
    rhythm: 'balanced',
    discovery: 'blend',
    atmosphere: 'quiet',
    sceneSelection: [panda.selection, teahouse.selection],
    idempotencyKey: `downloads-${Date.now()}`,
  });
  const confirmed = await call('confirm_chengdu_draft', {
    draftRef: draft.draftRef,
    expectedRevision: draft.revision,
    expectedContentHash: draft.contentHash,
    confirmation: { action: 'publish' },
    idempotencyKey: `downloads-confirm-${Date.now()}`,
  });
  pageUrl = confirmed.publication.pageUrl;
  const found = await server.service.pages.lookup(pageUrl.split('/p/')[1]!, now);
  if (found.state !== 'live') throw new Error(`the page is ${found.state}`);
  snapshot = found.snapshot;
});
afterAll(async () => {
  await agent?.close();
  await server?.stop();
});

/** The href of the page's link whose text contains `words`. */
async function linkOnPage(url: string, words: string): Promise<string | undefined> {
  const html = await (await fetch(url)).text();
  const link = [...html.matchAll(/<a href="([^"]+)"[^>]*>([\s\S]*?)<\/a>/g)].find((m) => m[2]!.includes(words));
  return link ? new URL(link[1]!.replace(/&amp;/g, '&'), url).href : undefined;
}

describe('the calendar file', () => {
  it('is offered only once the traveler gives the first day, and then holds one all-day event per day', async () => {
    expect(await linkOnPage(pageUrl, 'Add these days to your calendar')).toBeUndefined();
    const href = await linkOnPage(`${pageUrl}?start=2027-03-30`, 'Add these days to your calendar');
    expect(href).toBe(`${pageUrl}/calendar.ics?start=2027-03-30`);

    const response = await fetch(href!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="chengdu-days.ics"');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = await response.text();
    // Every content line ends in CRLF and stays within 75 octets (folded lines included).
    expect(body.endsWith('\r\n')).toBe(true);
    for (const line of body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);

    const calendar = new ICAL.Component(ICAL.parse(body));
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    const events = calendar.getAllSubcomponents('vevent').map((v) => ({ event: new ICAL.Event(v), component: v }));
    expect(events).toHaveLength(snapshot.days.length);
    // 30 March to 1 April: across a month's end, and the European clock change the night before.
    expect(events.map(({ event }) => [event.startDate.toString(), event.endDate.toString(), event.startDate.isDate])).toEqual([
      ['2027-03-30', '2027-03-31', true],
      ['2027-03-31', '2027-04-01', true],
      ['2027-04-01', '2027-04-02', true],
    ]);
    for (const [index, { event, component }] of events.entries()) {
      const day = snapshot.days[index]!;
      expect(component.getFirstPropertyValue('url')).toBe(`${pageUrl}#day-${day.day}`);
      for (const scene of day.scenes) {
        expect(event.summary).toContain(scene.name.en);
        // The parser gives back exactly what the catalog says: escaping and folding lost nothing.
        expect(event.description).toContain(`${scene.name.en} ${scene.name.zh}`);
        expect(event.description).toContain(`Before you go: ${scene.visitCaveat}`);
      }
      if (day.scenes[0]) expect(event.location).toBe(`${day.scenes[0].name.en} ${day.scenes[0].name.zh}`);
    }
    const uids = events.map(({ event }) => event.uid);
    expect(new Set(uids).size).toBe(uids.length);
    // A second download carries the same UIDs, so a calendar updates its events rather than doubling them.
    const again = new ICAL.Component(ICAL.parse(await (await fetch(href!)).text()));
    expect(again.getAllSubcomponents('vevent').map((v) => v.getFirstPropertyValue('uid'))).toEqual(uids);
  });

  it('without a readable first day answers 400 and leads back to the page’s date form', async () => {
    for (const query of ['', '?start=2027-02-30', '?start=tomorrow']) {
      const response = await fetch(`${pageUrl}/calendar.ics${query}`);
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await response.text()).toContain(`href="/p/${pageUrl.split('/p/')[1]}#dates"`);
    }
  });
});

describe('the GPX points file', () => {
  function parseGpx(text: string) {
    const problems: string[] = [];
    const doc = new DOMParser({ onError: (level, message) => problems.push(`${level}: ${message}`) }).parseFromString(text, 'application/xml');
    expect(problems).toEqual([]);
    const root = doc.documentElement!;
    expect([root.localName, root.namespaceURI, root.getAttribute('version')]).toEqual(['gpx', 'http://www.topografix.com/GPX/1/1', '1.1']);
    return Array.from(root.getElementsByTagName('wpt')).map((w) => ({
      lat: Number(w.getAttribute('lat')),
      lon: Number(w.getAttribute('lon')),
      name: w.getElementsByTagName('name')[0]!.textContent!,
      desc: w.getElementsByTagName('desc')[0]!.textContent!,
      type: w.getElementsByTagName('type')[0]!.textContent!,
    }));
  }

  it('holds every point of the plan as a waypoint named by its day and scene, and no route', async () => {
    const href = await linkOnPage(pageUrl, 'Every point for an offline map app');
    expect(href).toBe(`${pageUrl}/points.gpx`);
    const response = await fetch(href!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/gpx+xml; charset=utf-8');
    const text = await response.text();
    expect(text).not.toMatch(/<rte|<trk/);
    const waypoints = parseGpx(text);
    const expected = snapshot.days.flatMap((day) => day.scenes.flatMap((scene) => scene.location.points.map(() => ({ day: day.day, scene }))));
    expect(waypoints).toHaveLength(expected.length);
    for (const [index, { day, scene }] of expected.entries()) {
      const waypoint = waypoints[index]!;
      expect(waypoint.name.startsWith(`Day ${day} · ${scene.name.en}`)).toBe(true);
      expect(waypoint.type).toBe(`Day ${day}`);
      expect(waypoint.desc).toContain(scene.name.zh);
      // Sichuan, not the origin of a coordinate that failed to parse.
      expect(waypoint.lat).toBeGreaterThan(28);
      expect(waypoint.lat).toBeLessThan(33);
      expect(waypoint.lon).toBeGreaterThan(102);
      expect(waypoint.lon).toBeLessThan(106);
    }
  });

  it('for one day holds that day’s points only; a day the plan does not have is 404', async () => {
    const day = snapshot.days.find((d) => d.scenes.length > 0)!;
    const href = await linkOnPage(pageUrl, `Day ${day.day}’s points for an offline map app`);
    expect(href).toBe(`${pageUrl}/points.gpx?day=${day.day}`);
    const waypoints = parseGpx(await (await fetch(href!)).text());
    expect(waypoints.length).toBe(day.scenes.reduce((sum, scene) => sum + scene.location.points.length, 0));
    expect(new Set(waypoints.map((w) => w.type))).toEqual(new Set([`Day ${day.day}`]));
    for (const query of ['?day=9', '?day=1.0', '?day=']) expect((await fetch(`${pageUrl}/points.gpx${query}`)).status).toBe(404);
  });
});

describe('a link that no longer works', () => {
  it('serves no download: 404 for an unknown link, 410 once the page has expired', async () => {
    expect((await fetch(`${server.url}/p/${'x'.repeat(43)}/points.gpx`)).status).toBe(404);
    const expiresAt = new Date(snapshot.expiresAt);
    now = new Date(expiresAt.getTime() + 1000);
    try {
      expect((await fetch(`${pageUrl}/points.gpx`)).status).toBe(410);
      expect((await fetch(`${pageUrl}/calendar.ics?start=2027-03-30`)).status).toBe(410);
    } finally {
      now = new Date();
    }
  });
});

describe('weekly closures', () => {
  /** A one-day plan with the Chengdu Museum, closed on Mondays in the catalog (release 2026-12-07.1 on). */
  async function museumPlan(): Promise<string> {
    const catalogVersion = server.release.manifest.catalogVersion;
    const draft = await call('propose_chengdu_itinerary', {
      dayCount: 1,
      rhythm: 'balanced',
      discovery: 'blend',
      atmosphere: 'quiet',
      sceneSelection: { catalogVersion, requiredCardIds: ['chengdu-museum'] },
      idempotencyKey: `downloads-museum-${Date.now()}`,
    });
    const confirmed = await call('confirm_chengdu_draft', {
      draftRef: draft.draftRef,
      expectedRevision: draft.revision,
      expectedContentHash: draft.contentHash,
      confirmation: { action: 'publish' },
      idempotencyKey: `downloads-museum-confirm-${Date.now()}`,
    });
    return confirmed.publication.pageUrl;
  }

  it('flag a day that falls on one, on the page and in the calendar, and nothing on another weekday', async () => {
    const museum = await museumPlan();
    const monday = '2027-03-29';
    const tuesday = '2027-03-30';
    const flagged = await (await fetch(`${museum}?start=${monday}`)).text();
    const warning = flagged.match(/<span class="closure-warning">([\s\S]*?)<\/span>/)?.[1]?.replace(/\s+/g, ' ');
    expect(warning).toBe('Chengdu Museum is closed on Mondays: this day falls on one. Swap it with another day, or plan without it.');
    // Inside the day's summary: seen with the day folded.
    expect(flagged.indexOf('closure-warning')).toBeLessThan(flagged.indexOf('</summary>'));
    expect(await (await fetch(`${museum}?start=${tuesday}`)).text()).not.toContain('closure-warning');
    expect(await (await fetch(museum)).text()).not.toContain('closure-warning');

    const event = (start: string) =>
      fetch(`${museum}/calendar.ics?start=${start}`)
        .then((r) => r.text())
        .then((body) => new ICAL.Event(new ICAL.Component(ICAL.parse(body)).getFirstSubcomponent('vevent')!));
    expect((await event(monday)).description).toMatch(/^Closed on Mondays: Chengdu Museum\. Swap this day with another, or skip it\./);
    expect((await event(tuesday)).description).not.toContain('Closed on Tuesdays');
  });
});
