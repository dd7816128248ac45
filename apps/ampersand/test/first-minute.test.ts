/**
 * Issue 44's first-minute actions over HTTP, where a browser cannot reach: Add a fact refuses bad
 * input with a structured error and writes nothing, files a duplicate once; "People to try" is
 * only the seeded demo andees (a person who registers a `demo_` tag is not one, and Connect to
 * them is refused), and Connect pressed twice leaves one connection; `/` lands on what waits and
 * on Connected apps when nothing does. On an install without the demo graph there are no people
 * to try.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formValue, type CookieBrowser } from './support/cookie-browser.ts';
import { signIn } from './support/loop-agent.ts';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';

let amp: RunningAmpersand;
let zoe: { andeeId: string; browser: CookieBrowser };

beforeAll(async () => {
  amp = await startAmpersand();
  zoe = await signIn(amp, 'zoe');
}, 120_000);
afterAll(async () => {
  await amp?.close();
});

async function csrf(browser: CookieBrowser): Promise<string> {
  return formValue((await browser.get(`${amp.apiUrl}/home`)).text, 'csrf');
}

describe('the first minute, without the demo graph', () => {
  it('a new andee with nothing waiting lands on Connected apps; the home page offers no people to try', async () => {
    const landing = await zoe.browser.get(`${amp.apiUrl}/`);
    expect(new URL(landing.url).pathname).toBe('/apps');
    const home = await zoe.browser.get(`${amp.apiUrl}/home`);
    expect(home.text).toContain('Nothing waits for you.');
    expect(home.text).toContain('Add a fact about yourself');
    expect(home.text).not.toContain('People to try');
  });

  it('Add a fact refuses a visibility that is none of the three, and an empty fact, writing nothing', async () => {
    const token = await csrf(zoe.browser);
    const badVisibility = await zoe.browser.post(`${amp.apiUrl}/facts`, { csrf: token, back: 'home', value: 'I like kites.', visibility: 'everyone' });
    expect(badVisibility.status).toBe(400);
    expect(badVisibility.text).toContain('Choose who may see the fact');
    const empty = await zoe.browser.post(`${amp.apiUrl}/facts`, { csrf: token, back: 'home', value: '   ', visibility: 'public' });
    expect(empty.status).toBe(400);
    expect(await amp.api.signals.list(zoe.andeeId, 'approved')).toEqual([]);
    const withoutCsrf = await zoe.browser.post(`${amp.apiUrl}/facts`, { back: 'home', value: 'I like kites.', visibility: 'public' });
    expect(withoutCsrf.status).toBe(403);
    expect(await amp.api.signals.list(zoe.andeeId, 'approved')).toEqual([]);
  });

  it('files a fact approved with the chosen visibility, and the same fact again writes nothing and says so', async () => {
    const token = await csrf(zoe.browser);
    const added = await zoe.browser.post(`${amp.apiUrl}/facts`, { csrf: token, back: 'review', value: 'I fly kites on the beach.', visibility: 'public' });
    expect(new URL(added.url).pathname).toBe('/review');
    expect(added.text).toContain('Added to your identity.');
    const again = await zoe.browser.post(`${amp.apiUrl}/facts`, { csrf: token, back: 'review', value: 'I fly  kites on the beach.', visibility: 'private' });
    expect(again.text).toContain('already in your identity or waiting in Review');
    const facts = await amp.api.signals.list(zoe.andeeId, 'approved');
    expect(facts).toHaveLength(1);
    expect(facts[0]).toMatchObject({ value: 'I fly kites on the beach.', visibility: 'public', source: 'web', status: 'approved' });
  });
});

describe('people to try, with the demo graph', () => {
  beforeAll(async () => {
    await amp.api.seedDemo();
  });

  it('lists only the seeded demo andees: a person who registers a demo_ tag is not one, and Connect to them is refused', async () => {
    const impostor = await signIn(amp, 'demo_zed');
    const home = (await zoe.browser.get(`${amp.apiUrl}/home`)).text;
    expect([...home.matchAll(/data-demo-tag="([a-z_]+)"/g)].map((m) => m[1])).toEqual([
      'demo_ada',
      'demo_ben',
      'demo_cleo',
      'demo_dev',
      'demo_eli',
      'demo_fern',
      'demo_gio',
      'demo_hana',
    ]);
    const refused = await zoe.browser.post(`${amp.apiUrl}/people-to-try/connect`, { csrf: await csrf(zoe.browser), tag: 'demo_zed' });
    expect(refused.status).toBe(404);
    expect(await amp.api.connections.active(zoe.andeeId, 10)).toEqual([]);
    expect((await amp.api.connections.pendingPage(impostor.andeeId, { limit: 10 })).requests).toEqual([]);
  });

  it('Connect pressed twice leaves one connection, and her acceptance is what waits: / lands on the home page', async () => {
    const token = await csrf(zoe.browser);
    for (let i = 0; i < 2; i++) {
      const connected = await zoe.browser.post(`${amp.apiUrl}/people-to-try/connect`, { csrf: token, tag: 'demo_fern' });
      expect(connected.status).toBe(200);
      expect(connected.text).toContain('You and Fern Alvarez (demo) are connected.');
    }
    expect((await amp.api.connections.active(zoe.andeeId, 10)).map((c) => c.tag)).toEqual(['&demo_fern']);
    const landing = await zoe.browser.get(`${amp.apiUrl}/`);
    expect(new URL(landing.url).pathname).toBe('/home');
    expect(landing.text).toContain('Fern Alvarez (demo) (&amp;demo_fern) accepted your connection request.');
  });

  it('a demo andee’s own waiting request is accepted rather than crossed by a new one', async () => {
    const ada = await signIn(amp, 'demo_ada');
    const home = (await ada.browser.get(`${amp.apiUrl}/home`)).text;
    // Hana's request to Ada waits (the demo graph sent it); Connect with Hana accepts it.
    expect(home).toContain('Hana Sato (demo)</a> wants to connect');
    await ada.browser.post(`${amp.apiUrl}/people-to-try/connect`, { csrf: formValue(home, 'csrf'), tag: 'demo_hana' });
    expect((await amp.api.connections.active(ada.andeeId, 20)).map((c) => c.tag)).toContain('&demo_hana');
    expect((await amp.api.connections.pendingPage(ada.andeeId, { limit: 20 })).requests.map((r) => r.tag)).not.toContain('&demo_hana');
  });
});
