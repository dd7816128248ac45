/**
 * The public web pages over real HTTP: the `/agents` search display (full listing, results, the
 * three empty statuses with the words that caused them, input errors), every scene detail page
 * against its reviewed release file, the 404, privacy and home pages, the page frame (doctype,
 * viewport, security headers), `/health` and X-Request-Id correlation.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED_VERSION, startChengdu, type RunningChengdu } from './support/start-chengdu.ts';

const VERSION = BUNDLED_VERSION;
const RELEASE_DIR = new URL(`../catalog/releases/${VERSION}/`, import.meta.url);

interface SceneFile {
  cardId: string;
  name: { en: string; zh: string };
  summary: string;
  overview: string;
  visitCaveat: string;
  review: { reviewedOn: string; scopeNote: string };
  unknowns: string[];
  selectionOnly: boolean;
  usuallyOvernight?: boolean;
  location:
    | { providerPlaceId: string }
    | { navigation: { kind: keyof typeof KIND_LABEL; note: string; points: Array<{ name: { en: string; zh: string }; providerPlaceId: string }> } };
}
interface PlaceFile {
  providerPlaceId: string;
  name: { en: string; zh: string };
  point: { lat: number; lon: number };
  precision: 'exact' | 'approximate';
}

/** What a reader sees for each navigation kind. */
const KIND_LABEL = {
  metro_arrivals: 'Metro arrival options',
  area_anchor: 'Area meeting point',
  scenic_area: 'Scenic area',
} as const;

const readJson = (path: string) => JSON.parse(readFileSync(new URL(path, RELEASE_DIR), 'utf8'));
const SCENES: SceneFile[] = readdirSync(new URL('scenes/', RELEASE_DIR))
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => readJson(`scenes/${f}`));
const PLACES = new Map<string, PlaceFile>((readJson('places.json').places as PlaceFile[]).map((p) => [p.providerPlaceId, p]));
const scene = (cardId: string) => SCENES.find((s) => s.cardId === cardId)!;

let server: RunningChengdu;

beforeAll(async () => {
  server = await startChengdu();
});
afterAll(async () => {
  await server?.stop();
});

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(new URL(path, server.url), { headers });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

const agents = (params: Record<string, string>) => get(`/agents?${new URLSearchParams(params)}`);

// --- Small HTML readers: the pages are server-rendered without nesting surprises. ---

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) => {
    if (e[0] === '#') return String.fromCodePoint(e[1]!.toLowerCase() === 'x' ? parseInt(e.slice(2), 16) : Number(e.slice(1)));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[e.toLowerCase()]!;
  });
}

/** Visible text of an HTML fragment, whitespace collapsed. */
function textOf(fragment: string): string {
  return decode(fragment.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

/** The HTML between two markers (the end marker excluded); fails loudly when a marker is missing. */
function between(html: string, start: string, end: string): string {
  const from = html.indexOf(start);
  expect(from, `page has ${start}`).toBeGreaterThanOrEqual(0);
  const to = html.indexOf(end, from + start.length);
  expect(to, `page has ${end} after ${start}`).toBeGreaterThan(from);
  return html.slice(from + start.length, to);
}

/** Inner HTML of every (non-nested) `<tag>` element in a fragment. */
function elements(fragment: string, tag: string): string[] {
  return [...fragment.matchAll(new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => m[1]!);
}

/** The status section of a search, or undefined when the page has none. */
function statusSection(html: string): { status: string; body: string } | undefined {
  const match = /<section\b[^>]*data-status="([^"]+)"[^>]*>([\s\S]*?)<\/section>/.exec(html);
  return match ? { status: match[1]!, body: match[2]! } : undefined;
}

/** Each result item: its link, English and Chinese names and tags. */
function resultItems(fragment: string) {
  const lists = [...fragment.matchAll(/<ul class="results">([\s\S]*?)<\/ul>/g)].map((m) => m[1]!);
  return lists
    .flatMap((list) => elements(list, 'li'))
    .map((li) => ({
      href: /<a href="([^"]+)"/.exec(li)?.[1],
      en: textOf(elements(li, 'strong')[0] ?? ''),
      zh: textOf(/<span class="zh" lang="zh-CN">([\s\S]*?)<\/span>/.exec(li)?.[1] ?? ''),
      tags: [...li.matchAll(/<span class="tag">([\s\S]*?)<\/span>/g)].map((m) => textOf(m[1]!)),
    }));
}

/** The words a status section lists on its "<label>: ..." terms line (each quoted in a <q>). */
function listedTerms(body: string, label: string): string[] {
  const line = [...body.matchAll(/<p class="terms">([\s\S]*?)<\/p>/g)].map((m) => m[1]!).find((p) => p.startsWith(`${label}:`));
  return line ? elements(line, 'q').map(textOf) : [];
}

/** The one-click searches a status section offers under "What you can do". */
function nextSearches(body: string): string[] {
  const steps = between(body, '<h3>What you can do</h3>', '</ul>');
  return [...steps.matchAll(/<a href="([^"]+)"/g)].map((m) => decode(m[1]!));
}

describe('/agents without a query', () => {
  it('lists every scene of the release, each with its English and Chinese name and a detail link', async () => {
    const { status, html } = await get('/agents');
    expect(status).toBe(200);
    expect(SCENES).toHaveLength(server.release.scenes.length);
    expect(textOf(html)).toContain(`All ${SCENES.length} scenes`);
    expect(textOf(elements(html, 'h1')[0]!)).not.toContain(VERSION);
    expect(textOf(html)).toContain(`Catalog ${VERSION}`);
    const items = resultItems(html);
    expect(items).toHaveLength(SCENES.length);
    expect(items.map((i) => i.href).sort()).toEqual(SCENES.map((s) => `/agents/scenes/${s.cardId}`).sort());
    for (const s of SCENES) {
      const item = items.find((i) => i.href === `/agents/scenes/${s.cardId}`)!;
      expect(item.en).toBe(s.name.en);
      expect(item.zh).toBe(s.name.zh);
    }
  });

  it('marks exactly the selectionOnly scenes as optional outings: day trips, or usually overnight', async () => {
    const items = resultItems((await get('/agents')).html);
    const marked = items.filter((i) => i.tags.includes('optional day trip')).map((i) => i.href);
    expect(marked.sort()).toEqual(
      SCENES.filter((s) => s.selectionOnly && !s.usuallyOvernight)
        .map((s) => `/agents/scenes/${s.cardId}`)
        .sort(),
    );
    expect(marked.length).toBeGreaterThan(0);
    const overnight = items.filter((i) => i.tags.includes('optional outing, usually overnight')).map((i) => i.href);
    expect(overnight).toEqual(SCENES.filter((s) => s.usuallyOvernight).map((s) => `/agents/scenes/${s.cardId}`));
    expect(overnight).toEqual(['/agents/scenes/mount-emei']);
  });

  it('groups the city scenes by area and puts the day trips in their own group, explaining the labels', async () => {
    const { html } = await get('/agents');
    const headings = elements(html, 'h2').map(textOf);
    expect(headings).toEqual(expect.arrayContaining(['In the city 市内', 'Day trips out of the city 周边一日游', 'What the labels mean']));
    const dayTrips = resultItems(between(html, 'id="area-day-trips"', '</section>'));
    // Mount Emei, usually overnight by its own caveat, is not under "Day trips" but in its own group after them.
    expect(dayTrips.map((i) => i.href).sort()).toEqual(
      SCENES.filter((s) => s.selectionOnly && !s.usuallyOvernight)
        .map((s) => `/agents/scenes/${s.cardId}`)
        .sort(),
    );
    expect(resultItems(between(html, 'id="area-overnight"', '</section>')).map((i) => i.href)).toEqual(['/agents/scenes/mount-emei']);
    expect(headings).toContain('Longer outings, usually overnight 过夜行程');
    const areas = elements(between(html, 'In the city', 'id="area-day-trips"'), 'h3').map(textOf);
    expect(areas[0]).toBe('Central Chengdu 市中心');
    expect(areas.length).toBeGreaterThan(2);
    // Jump links lead to every group by the ids the headings carry.
    const jumps = [...between(html, '<nav class="jump-links"', '</nav>').matchAll(/href="#([^"]+)"/g)].map((m) => m[1]!);
    expect(jumps.length).toBe(areas.length + 2);
    for (const id of jumps) expect(html).toContain(`id="${id}"`);
    const legend = textOf(between(html, 'What the labels mean</h2>', '</section>'));
    for (const label of ['quiet', 'mixed', 'lively', 'local', 'blend', 'iconic', 'optional day trip']) expect(legend).toContain(label);
  });

  it('treats a blank query as no query', async () => {
    const { status, html } = await agents({ q: '   ' });
    expect(status).toBe(200);
    expect(statusSection(html)).toBeUndefined();
    expect(resultItems(html)).toHaveLength(SCENES.length);
  });
});

describe('/agents search results', () => {
  it('finds the panda scenes for 熊猫 with English and Chinese names', async () => {
    const { status, html } = await agents({ q: '熊猫' });
    expect(status).toBe(200);
    const section = statusSection(html)!;
    expect(section.status).toBe('ok');
    const items = resultItems(section.body);
    const panda = items.find((i) => i.href === '/agents/scenes/panda-base');
    expect(panda).toEqual(expect.objectContaining({ en: 'Chengdu Research Base of Giant Panda Breeding', zh: '成都大熊猫繁育研究基地' }));
    expect(items.map((i) => i.href)).toContain('/agents/scenes/chengdu-zoo');
    expect(textOf(section.body)).toContain(`${items.length} scenes match.`);
  });

  it('keeps the query in the search box', async () => {
    const { html } = await agents({ q: '熊猫' });
    expect(html).toMatch(/<input[^>]*id="q"[^>]*value="熊猫"/);
  });

  it('applies every word and filter, honours the limit and says when more match', async () => {
    const { html } = await agents({ q: 'quiet park', limit: '3' });
    const section = statusSection(html)!;
    expect(section.status).toBe('ok');
    const items = resultItems(section.body);
    expect(items).toHaveLength(3);
    for (const item of items) expect(item.tags).toContain('quiet');
    expect(textOf(section.body)).toMatch(/\d+ scenes match; showing 3\./);
    expect(textOf(section.body)).toContain('More scenes match.');
    // "Show all N" instead of a number box: one link asks for every match.
    const total = Number(/(\d+) scenes match/.exec(textOf(section.body))![1]);
    const all = [...section.body.matchAll(/<a href="([^"]+)">Show all (\d+)<\/a>/g)][0]!;
    expect(Number(all[2])).toBe(total);
    expect(decode(all[1]!)).toBe(`/agents?q=quiet+park&limit=${total}`);
    expect(resultItems(statusSection((await get(decode(all[1]!))).html)!.body)).toHaveLength(total);
    expect(html).not.toContain('name="limit"');
  });
});

describe('/agents empty statuses explain which words caused them', () => {
  it('needs_clarification names the unrecognized word', async () => {
    const { status, html } = await agents({ q: 'xyzzy' });
    expect(status).toBe(200);
    const section = statusSection(html)!;
    expect(section.status).toBe('needs_clarification');
    expect(textOf(section.body)).toContain('Some words were not understood');
    expect(listedTerms(section.body, 'Not recognized')).toEqual(['xyzzy']);
    expect(resultItems(section.body)).toEqual([]);
    expect(textOf(section.body)).not.toMatch(/ask the traveler/i);
    expect(nextSearches(section.body).filter((href) => href.startsWith('/agents?q=')).length).toBeGreaterThanOrEqual(6);
  });

  it('offers the recognized part of a half-understood search as a one-click search', async () => {
    const section = statusSection((await agents({ q: 'quiet xyzzy teahouse' })).html)!;
    expect(section.status).toBe('needs_clarification');
    expect(nextSearches(section.body)[0]).toBe('/agents?q=quiet+teahouse');
    const again = statusSection((await get(nextSearches(section.body)[0]!)).html)!;
    expect(again.status).toBe('ok');
  });

  it('unsupported_request names what cannot be verified and the words asking for it', async () => {
    const { status, html } = await agents({ q: 'opening hours' });
    expect(status).toBe(200);
    const section = statusSection(html)!;
    expect(section.status).toBe('unsupported_request');
    expect(textOf(section.body)).toContain('This asks for something we cannot check');
    expect(textOf(section.body)).toContain('Cannot check: opening hours or times of day (you wrote opening hours');
    expect(nextSearches(section.body).some((href) => href.includes('opening'))).toBe(false);
    expect(textOf(section.body)).not.toMatch(/ask the traveler/i);
    expect(resultItems(section.body)).toEqual([]);
  });

  it('no_match names the words that exclude each other', async () => {
    const { status, html } = await agents({ q: 'quiet lively' });
    expect(status).toBe(200);
    const section = statusSection(html)!;
    expect(section.status).toBe('no_match');
    expect(textOf(section.body)).toContain('No scene matches all of these together');
    expect(listedTerms(section.body, 'Conflicting')).toEqual(['quiet', 'lively']);
    expect(nextSearches(section.body).slice(0, 2)).toEqual(['/agents?q=quiet', '/agents?q=lively']);
    expect(resultItems(section.body)).toEqual([]);
  });

  it.for(['hotpot', '火锅'])(
    'a single recognised word no scene is about (%s) is not called conflicting: it says so and suggests related keywords',
    async (q) => {
      const { status, html } = await agents({ q });
      expect(status).toBe(200);
      const section = statusSection(html)!;
      expect(section.status).toBe('no_match');
      expect(textOf(section.body)).toContain(`No scene is about ${q}`);
      expect(textOf(section.body)).not.toMatch(/Conflicting|together|at once/);
      const next = nextSearches(section.body);
      // The lexicon's neighbours of hotpot that lead somewhere: snacks, the night market, street food, nightlife.
      expect(next.slice(0, 2)).toEqual(['/agents?q=snacks', `/agents?q=${encodeURIComponent('小吃')}`]);
      for (const href of next.filter((h) => h.startsWith('/agents?q='))) {
        expect(statusSection((await get(href)).html)!.status, href).toBe('ok');
      }
    },
  );

  it('no_match names a form filter that contradicts a query word', async () => {
    const { html } = await agents({ q: 'lively', atmosphere: 'quiet' });
    const section = statusSection(html)!;
    expect(section.status).toBe('no_match');
    expect(listedTerms(section.body, 'Conflicting')).toEqual(['lively', 'quiet']);
    expect(textOf(section.body)).toContain('the Mood filter quiet');
    expect(nextSearches(section.body)).toContain('/agents?q=lively');
    expect(html).toMatch(/<option value="quiet" selected[^>]*>quiet: /);
  });
});

describe('/agents invalid input', () => {
  it.for<{ params: Record<string, string>; field: string }>([
    { params: { q: 'park', limit: '99' }, field: 'limit' },
    { params: { q: 'park', limit: '0' }, field: 'limit' },
    { params: { q: 'park', limit: 'abc' }, field: 'limit' },
    { params: { q: 'park', atmosphere: 'loud' }, field: 'atmosphere' },
    { params: { q: 'park', discovery: 'secret' }, field: 'discovery' },
  ])('answers 400 with an alert naming $field for $params', async ({ params, field }) => {
    const { status, html } = await agents(params);
    expect(status).toBe(400);
    const alert = /<[a-z]+\b[^>]*role="alert"[^>]*>([\s\S]*?)<\/[a-z]+>/.exec(html);
    expect(alert, 'page has a role="alert" message').not.toBeNull();
    expect(textOf(alert![1]!)).toContain(field);
    expect(statusSection(html)).toBeUndefined();
    // The form is shown again with what was typed, so the reader can correct it.
    expect(html).toMatch(/<input[^>]*id="q"[^>]*value="park"/);
  });
});

describe('scene detail pages', () => {
  it.for(SCENES)('$cardId shows the reviewed text of its release file', async (s) => {
    const { status, html } = await get(`/agents/scenes/${s.cardId}`);
    expect(status).toBe(200);
    expect(textOf(elements(html, 'h1')[0]!)).toBe(`${s.name.en} ${s.name.zh}`);
    expect(html).toContain(`<span class="zh" lang="zh-CN">${s.name.zh}</span>`);
    expect(textOf(between(html, '<h2>Overview</h2>', '<h2>Before you go</h2>'))).toBe(s.overview);
    expect(textOf(between(html, '<h2>Before you go</h2>', '<h2>Not known</h2>'))).toBe(s.visitCaveat);
    expect(elements(between(html, '<h2>Not known</h2>', '<h2>Location</h2>'), 'li').map(textOf)).toEqual(s.unknowns);
    const review = between(html, '<h2>Review</h2>', '</dl>');
    expect(textOf(between(review, '<dt>Scope</dt>', '</dd>'))).toBe(s.review.scopeNote);
    expect(textOf(between(review, '<dt>Reviewed</dt>', '</dd>'))).toBe(s.review.reviewedOn);
    expect(textOf(between(html, '</dl>', '</main>'))).toMatch(new RegExp(`For agents: scene ${s.cardId} ?, catalog ${VERSION.replaceAll('.', '\\.')} ?\\.`));
  });

  it.for(SCENES)('$cardId shows its location with every point and a map link of the right precision', async (s, { skip }) => {
    if (!('navigation' in s.location)) return skip('scene uses a single provider place');
    const nav = s.location.navigation;
    const { html } = await get(`/agents/scenes/${s.cardId}`);
    const location = between(html, '<h2>Location</h2>', '<h2>Review</h2>');
    expect(textOf(location)).toContain(`${KIND_LABEL[nav.kind]}.`);
    expect(textOf(location)).toContain(nav.note);
    const points = elements(between(location, '<ul class="points">', '</ul>'), 'li');
    expect(points).toHaveLength(nav.points.length);
    nav.points.forEach((point, i) => {
      const place = PLACES.get(point.providerPlaceId)!;
      const item = points[i]!;
      expect(textOf(item)).toContain(`${point.name.en} ${point.name.zh}`);
      const links = [...item.matchAll(/<a href="([^"]+)"[^>]*>([\s\S]*?)<\/a>/g)].map((m) => [textOf(m[2]!), decode(m[1]!)]);
      const { lat, lon } = place.point;
      expect(links).toEqual([
        [
          'Amap 高德',
          `https://uri.amap.com/marker?position=${lon},${lat}&name=${encodeURIComponent(point.name.zh)}&coordinate=wgs84&callnative=1&src=chengdu-soul`,
        ],
        [
          'Baidu 百度',
          `https://api.map.baidu.com/marker?location=${lat},${lon}&title=${encodeURIComponent(point.name.zh)}&content=${encodeURIComponent(point.name.zh)}&coord_type=wgs84&output=html&src=webapp.chengdusoul.page`,
        ],
        ['Apple Maps', `https://maps.apple.com/?ll=${lat},${lon}&q=${encodeURIComponent(point.name.zh)}`],
        ['OpenStreetMap', `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`],
      ]);
      expect(textOf(item)).toContain(`(${place.precision === 'exact' ? 'exact point' : 'approximate point'})`);
    });
  });

  it.for(SCENES)('$cardId says what its location point is not once', async (s) => {
    const location = textOf(between((await get(`/agents/scenes/${s.cardId}`)).html, '<h2>Location</h2>', '<h2>Review</h2>'));
    for (const phrase of [/does not guarantee access/g, /not the scene itself/g, /not a district boundary/g]) {
      expect((location.match(phrase) ?? []).length, `${phrase}`).toBeLessThanOrEqual(1);
    }
  });

  it('an outing says how people usually get there when its review does, and only then', async () => {
    const base = textOf((await get('/agents/scenes/dujiangyan-panda-base')).html);
    expect(base).toContain('How people usually get there: Travelers usually reach it by the train to Qingchengshan, then a bus or taxi.');
    for (const other of ['dujiangyan', 'mount-emei', 'kuanzhai-alley']) {
      expect(textOf((await get(`/agents/scenes/${other}`)).html), other).not.toContain('How people usually get there');
    }
  });

  it('a scene page carries its catalog points for the map, numbered like its list, and the map files come from this server', async () => {
    const { html, headers } = await get('/agents/scenes/kuanzhai-alley');
    const attribute = /data-points="([^"]+)"/.exec(html)![1]!;
    const points = JSON.parse(decode(attribute));
    const nav = (
      SCENES.find((s) => s.cardId === 'kuanzhai-alley')!.location as { navigation: { points: Array<{ providerPlaceId: string; name: { en: string } }> } }
    ).navigation;
    expect(points).toEqual(nav.points.map((p, i) => ({ ...PLACES.get(p.providerPlaceId)!.point, badge: String(i + 1), title: `${i + 1}. ${p.name.en}` })));
    expect(html).toContain('<script src="/assets/leaflet.js" defer=""></script>');
    expect(html).not.toMatch(/unpkg|jsdelivr|cdnjs|cdn\./);
    expect(headers.get('content-security-policy')).toContain("script-src 'self'");
    for (const path of ['/assets/leaflet.js', '/assets/points-map.js', '/assets/map.css']) {
      const asset = await fetch(new URL(path, server.url));
      expect(asset.status, path).toBe(200);
    }
    expect(await (await fetch(new URL('/assets/leaflet.js', server.url))).text()).toContain('Leaflet');
  });

  it('shows the panda base in English and Chinese with its approximate map point', async () => {
    const { html } = await get('/agents/scenes/panda-base');
    const text = textOf(html);
    expect(text).toContain('Chengdu Research Base of Giant Panda Breeding 成都大熊猫繁育研究基地');
    expect(text).toContain('Scenic area.');
    expect(text).toContain('(approximate point)');
    expect(text).toContain(scene('panda-base').visitCaveat);
    // An ordinary scene carries no optional-outing notice.
    expect(text).not.toContain('optional day trip:');
    expect(text).not.toContain('optional day trip');
  });

  it('marks a selectionOnly day trip as an optional outing that is never added automatically', async () => {
    const dayTrip = scene('dujiangyan');
    expect(dayTrip.selectionOnly).toBe(true);
    const { status, html } = await get('/agents/scenes/dujiangyan');
    expect(status).toBe(200);
    const notices = [...html.matchAll(/<p class="notice">([\s\S]*?)<\/p>/g)].map((m) => textOf(m[1]!));
    expect(notices).toContain('An optional day trip: a long journey out of the city that fills a whole day. A plan only includes it when you choose it.');
    expect(textOf(html)).not.toMatch(/the traveler’s choice/);
    // The outing's own caveat is still shown as the "Before you go" notice.
    expect(notices).toContain(dayTrip.visitCaveat);
    expect(textOf(html)).toContain('optional day trip');
  });

  it('answers 404 with a way back for an unknown scene', async () => {
    for (const id of ['no-such-scene', '__proto__', 'constructor']) {
      const { status, html } = await get(`/agents/scenes/${id}`);
      expect(status, id).toBe(404);
      expect(textOf(elements(html, 'h1')[0]!)).toBe('Scene not found');
      expect(html).toContain('<a href="/agents">');
      expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    }
  });
});

describe('privacy and home pages', () => {
  it('/privacy says what is stored and how to ask for removal', async () => {
    const { status, html } = await get('/privacy');
    expect(status).toBe(200);
    expect(elements(html, 'h2').map(textOf)).toContain('Removal and feedback');
    const text = textOf(html);
    expect(text).toContain('To ask for removal of data about you');
    expect(text).toContain('stores nothing about you');
  });

  it('/ introduces the service and links to the scenes with the current count', async () => {
    const { status, html } = await get('/');
    expect(status).toBe(200);
    expect(html).toContain('<a href="/agents">');
    expect(textOf(html)).toContain(`(${SCENES.length} scenes)`);
  });

  it('/ shows a sample two-day plan from the current catalog, said to be a sample, and the words to give an agent; the limits once', async () => {
    const { html } = await get('/');
    const sample = between(html, 'id="sample-title"', '</section>');
    expect(textOf(sample)).toMatch(/^>?A sample: two quiet days/);
    expect(textOf(sample)).toContain(`Drawn by the planner from today’s catalog (${VERSION})`);
    const days = elements(between(sample, '<ol class="sample-days">', '</ol>'), 'li');
    expect(days).toHaveLength(2);
    const ids = new Set(SCENES.filter((s) => !s.selectionOnly).map((s) => s.cardId));
    for (const day of days) {
      const linked = [...day.matchAll(/href="\/agents\/scenes\/([^"]+)"/g)].map((m) => m[1]!);
      expect(linked.length).toBeGreaterThan(0);
      for (const id of linked) expect(ids.has(id), id).toBe(true);
    }
    expect(html).toMatch(/<textarea id="traveler-prompt"[^>]*>Plan two quiet days in Chengdu with Chengdu Soul.<\/textarea>/);
    expect(html).not.toContain('What it is not');
    expect(textOf(html).match(/Not a timed route|not a timed route/g)).toHaveLength(1);
  });

  it.for(['/', '/agents', '/agents?q=xyzzy', '/agents/scenes/dujiangyan'])(
    '%s speaks to people: no agent instructions, protocol versions or operator commands',
    async (path) => {
      const text = textOf((await get(path)).html);
      expect(text).not.toMatch(/ask the traveler|the traveler’s choice|2025-06-18|2025-03-26|npm run|POST \/mcp/i);
      expect((await get(path)).html).toContain('href="/for-agents"');
    },
  );

  it('/for-agents carries what agents need: endpoint, protocol versions, the six tools and the handoff rules', async () => {
    const { status, html } = await get('/for-agents');
    expect(status).toBe(200);
    const text = textOf(html);
    for (const word of [
      'POST /mcp',
      '2025-06-18',
      '2025-03-26',
      'list_chengdu_scenes',
      'search_chengdu_scenes',
      'get_chengdu_scene',
      'propose_chengdu_itinerary',
      'revise_chengdu_draft',
      'confirm_chengdu_draft',
      'ask the traveler to clarify',
      'npm run operator -- issue-signin-link',
    ]) {
      expect(text).toContain(word);
    }
  });
});

describe('page frame and security headers', () => {
  const PAGES = [
    '/',
    '/privacy',
    '/for-agents',
    '/agents',
    '/agents?q=%E7%86%8A%E7%8C%AB',
    '/agents?q=park&limit=99',
    '/agents/scenes/panda-base',
    '/agents/scenes/no-such-scene',
  ];

  it.for(PAGES)('%s is HTML with a strict CSP, nosniff and no framing', async (path) => {
    const { headers } = await get(path);
    expect(headers.get('content-type')).toMatch(/^text\/html; charset=utf-8$/i);
    const csp = headers.get('content-security-policy') ?? '';
    expect(csp.split(';').map((d) => d.trim())).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('x-frame-options')).toBe('DENY');
  });

  it.for(PAGES)('%s declares a phone viewport and the page language', async (path) => {
    const { html } = await get(path);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
    expect(html).toMatch(/<html lang="en">/);
    expect(html).toContain('<meta charset="utf-8"/>');
  });

  // Without a doctype browsers render in quirks mode. The error page (webErrorPage) adds one;
  // the route pages must too.
  it('every page starts with <!DOCTYPE html> so browsers use standards mode', async () => {
    const withoutDoctype: string[] = [];
    for (const path of PAGES) {
      const { html } = await get(path);
      if (!/^\s*<!doctype html>/i.test(html)) withoutDoctype.push(path);
    }
    expect(withoutDoctype).toEqual([]);
  });

  // style-src 'self' blocks style="" attributes: they would be dropped with a console error.
  it('/agents carries no inline style attribute that its own CSP would block', async () => {
    const { html } = await get('/agents');
    expect(html.match(/<[^>]+\sstyle="[^"]*"/g) ?? []).toEqual([]);
  });

  it('serves the stylesheet the pages link to', async () => {
    const response = await fetch(new URL('/assets/site.css', server.url));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/css/);
    expect(await response.text()).toContain('box-sizing');
  });
});

describe('/health', () => {
  it('answers ok with the published catalog version', async () => {
    const response = await fetch(new URL('/health', server.url));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', service: 'chengdu-soul', catalogVersion: VERSION, database: { reachable: true } });
  });
});

describe('X-Request-Id correlation', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

  it('echoes a request id the caller sends', async () => {
    for (const path of ['/agents', '/agents/scenes/no-such-scene', '/health']) {
      const { headers } = await get(path, { 'X-Request-Id': 'web-pages-test.42' });
      expect(headers.get('x-request-id'), path).toBe('web-pages-test.42');
    }
  });

  it('generates a fresh id when none is sent', async () => {
    const first = (await get('/agents')).headers.get('x-request-id');
    const second = (await get('/agents')).headers.get('x-request-id');
    expect(first).toMatch(UUID);
    expect(second).toMatch(UUID);
    expect(first).not.toBe(second);
  });

  it('replaces an id that is not a sane token instead of echoing it', async () => {
    const unsafe = 'x'.repeat(200);
    const { headers } = await get('/privacy', { 'X-Request-Id': unsafe });
    expect(headers.get('x-request-id')).toMatch(UUID);
  });
});
