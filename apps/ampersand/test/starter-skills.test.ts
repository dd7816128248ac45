/**
 * The built-in starter skills on a default start (no model provider, no hosted runtime), black
 * box through the web app as the andee uses it: "Start Get to know me" on the Loop shelf, Run
 * now, and the Loop page shows a completed ending and an artifact whose every line cites facts
 * the andee approved; a second run with nothing changed writes nothing and says so; a new fact
 * changes the artifact on the next run. "Connect" recommends the andee whose number is in the
 * andee's contacts. Too little evidence is an honest no-write "completed". A Loop an outside
 * client created without a skill waits for one plainly, and its owner can give it a starter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listItems } from '../src/loops/loop-items.ts';
import { listRuns } from '../src/loops/runs.ts';
import { starterById } from '../src/loops/starter-skills.ts';
import { formValue, type CookieBrowser } from './support/cookie-browser.ts';
import { authorizedAgent, signIn, type Agent } from './support/loop-agent.ts';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';

let amp: RunningAmpersand;

beforeAll(async () => {
  amp = await startAmpersand();
}, 120_000);
afterAll(async () => {
  await amp?.close();
});

async function fact(
  andeeId: string,
  value: string,
  hdsCode: string,
  status: 'approved' | 'pending' = 'approved',
  visibility: 'public' | 'private' = 'private',
) {
  const written = await amp.api.signals.write(andeeId, { value, hdsCode, visibility, status, provenance: { source: 'cli' } }, new Date());
  if (!written.written) throw new Error('not written');
  return written.signal.signalId;
}

/** "Start <starter>" on the shelf: the Loop page it lands on, and the Loop's id. */
async function start(browser: CookieBrowser, starter: string): Promise<string> {
  const shelf = await browser.get(`${amp.apiUrl}/loops`);
  expect(shelf.text).toContain('Start a Loop');
  const page = await browser.post(`${amp.apiUrl}/loops/start`, { csrf: formValue(shelf.text, 'csrf'), starter });
  expect(page.status).toBe(200);
  return /data-loop-id="([^"]+)"/.exec(page.text)![1]!;
}

/** Run now on the Loop page, then the page once the run has ended, with the run. */
async function runNow(browser: CookieBrowser, loopId: string) {
  const before = await browser.get(`${amp.apiUrl}/loops/${loopId}`);
  const pressed = await browser.post(`${amp.apiUrl}/loops/${loopId}/run`, { csrf: formValue(before.text, 'csrf') });
  expect(pressed.status).toBe(200);
  for (;;) {
    const [run] = await listRuns(amp.database.db, loopId, 1);
    if (run && run.state !== 'running') return { run, page: (await browser.get(`${amp.apiUrl}/loops/${loopId}`)).text };
    await new Promise((r) => setTimeout(r, 50));
  }
}

function endingOf(page: string, runId: string): string {
  const li = new RegExp(`<li[^>]*data-run-id="${runId}" data-terminal-state="([a-z_]+)"[^>]*>([\\s\\S]*?)</li>`).exec(page);
  expect(li).not.toBeNull();
  return `${li![1]}|${li![2]}`;
}

/** The bullet lines of the artifact on the page. */
function artifactLines(page: string): string[] {
  const article = /<article class="card"[^>]*>([\s\S]*?)<\/article>/.exec(page)?.[1] ?? '';
  return [...article.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) => m[1]!);
}

describe('Get to know me, with no model', () => {
  let ada: { andeeId: string; browser: CookieBrowser };
  let loopId: string;
  const facts: string[] = [];

  beforeAll(async () => {
    ada = await signIn(amp, 'ada');
    facts.push(await fact(ada.andeeId, 'I make fresh pasta by hand every Sunday.', 'preferences.food'));
    facts.push(await fact(ada.andeeId, 'I work as a structural engineer on bridges.', 'work.role'));
    facts.push(await fact(ada.andeeId, 'I play jazz piano in a trio.', 'interests.music_making'));
    facts.push(await fact(ada.andeeId, 'I love live jazz in small clubs.', 'interests.music_making'));
    await fact(ada.andeeId, 'I live in Lisbon.', 'places.home', 'pending');
  }, 60_000);

  it('the first run completes with a synthesis whose every line cites the facts it rests on by what they say, each linked, never by id, pinned like any skill', async () => {
    loopId = await start(ada.browser, 'get_to_know_me');
    const { run, page } = await runNow(ada.browser, loopId);
    expect(run.state).toBe('completed');
    const starter = starterById('get_to_know_me')!;
    expect(run.envelope.skill).toEqual({ skillId: 'get_to_know_me', version: 1, digest: starter.digest });
    expect(run.envelope.outcomeSpec).toEqual(starter.outcomeSpec);
    expect(endingOf(page, run.runId)).toMatch(/^completed\|[\s\S]*What &amp; knows about you[\s\S]*1 item saved/);
    // The pending suggestion is not in the artifact; the area with no fact gets one question.
    expect(endingOf(page, run.runId)).toMatch(/1 suggestion waits for your review[\s\S]*One question: Is this right: “I live in Lisbon\.”/);

    const [item] = await listItems(amp.database.db, loopId, true);
    expect(item).toMatchObject({ kind: 'synthesis', title: 'What & knows about you', visibility: 'owner', version: 1 });
    expect(item!.provenance).toEqual({ runId: run.runId, skillId: 'get_to_know_me', version: 1, digest: starter.digest });
    expect([...item!.grounding].sort()).toEqual([...facts].sort());
    const lines = artifactLines(page);
    expect(lines.length).toBeGreaterThanOrEqual(3);
    for (const line of lines) {
      const shown = line.replace(/<[^>]+>/g, '');
      for (const fact of facts) expect(shown, line).not.toContain(fact.slice(0, 8));
      // Each quoted fact links to where the andee keeps it, by an address, not by words on the screen.
      const links = [...line.matchAll(/<a href="\/review#fact-([0-9a-f-]+)">“[^”]+”<\/a>/g)].map((m) => m[1]!);
      expect(links.length, line).toBeGreaterThan(0);
      for (const id of links) expect(facts, line).toContain(id);
    }
    expect(page).toContain('Lisbon'); // in the question, not in the artifact
    expect(lines.some((l) => l.includes('Lisbon'))).toBe(false);
    // One line per HDS leaf: both music facts share one, citing both (in approval order, which a same-millisecond write leaves to the ids).
    const music = lines.find((l) => l.includes('piano'))!;
    expect(music).toContain('“I play jazz piano in a trio.”');
    expect(music).toContain('“I love live jazz in small clubs.”');
    expect(music).toMatch(/”<\/a>; <a [^>]+>“[^”]+”<\/a>$/);
  }, 60_000);

  it('a second run with nothing changed writes nothing, completed, and says why', async () => {
    const { run, page } = await runNow(ada.browser, loopId);
    expect(run.state).toBe('completed');
    expect(run.terminal).toMatchObject({ outcomeEvidence: { itemIds: [] } });
    expect(endingOf(page, run.runId)).toMatch(/^completed\|[\s\S]*Nothing changed since the last pass[\s\S]*Nothing new was saved/);
    const items = await listItems(amp.database.db, loopId, true);
    expect(items).toHaveLength(1);
    expect(items[0]!.version).toBe(1);
  }, 60_000);

  it('a new approved fact changes only what changed: the same artifact, a new version citing it', async () => {
    const added = await fact(ada.andeeId, 'I value honesty over politeness.', 'values.principles');
    const { run, page } = await runNow(ada.browser, loopId);
    expect(run.state).toBe('completed');
    expect(endingOf(page, run.runId)).toMatch(/added 1 fact \(Values\)/);
    const items = await listItems(amp.database.db, loopId, true);
    expect(items).toHaveLength(1);
    expect(items[0]!.version).toBe(2);
    expect(items[0]!.grounding).toContain(added);
    expect(artifactLines(page).some((l) => l.includes(added.slice(0, 8)) && l.includes('honesty'))).toBe(true);
  }, 60_000);

  it('too little evidence is an honest no-write completed with the reason, not a placeholder and not "Not run"', async () => {
    const kit = await signIn(amp, 'kit');
    await fact(kit.andeeId, 'I keep bees.', 'interests.general');
    const kitLoop = await start(kit.browser, 'get_to_know_me');
    const { run, page } = await runNow(kit.browser, kitLoop);
    expect(run.state).toBe('completed');
    expect(endingOf(page, run.runId)).toMatch(
      /^completed\|[\s\S]*Nothing written: &amp; knows 1 approved fact about you[\s\S]*One question: What do you spend most of your days on/,
    );
    expect(page).not.toContain('Not run');
    expect(await listItems(amp.database.db, kitLoop, true)).toEqual([]);
  }, 60_000);
});

describe('Connect, with no model', () => {
  it('recommends the andee whose number is in the contacts, and a second run with nothing changed writes nothing', async () => {
    const bea = await signIn(amp, 'bea');
    const sam = await signIn(amp, 'sam');
    expect(await amp.api.contacts.setOwnPhone(sam.andeeId, '+44 20 7946 0101', undefined, new Date())).toBe(true);
    await amp.api.contacts.upload(bea.andeeId, ['+44 20 7946 0101', '+44 20 7946 0999'], undefined, new Date());
    await fact(bea.andeeId, 'I go climbing at the bouldering gym.', 'interests.sports');
    await fact(sam.andeeId, 'I go bouldering twice a week.', 'interests.sports', 'approved', 'public');
    await fact(sam.andeeId, 'My climbing partner is my sister.', 'relationships.family', 'approved', 'private');

    const loopId = await start(bea.browser, 'connect');
    const { run, page } = await runNow(bea.browser, loopId);
    expect(run.state).toBe('completed');
    expect(run.envelope.skill).toMatchObject({ skillId: 'connect', digest: starterById('connect')!.digest });
    const [item] = await listItems(amp.database.db, loopId, true);
    expect(item).toMatchObject({ kind: 'recommendation_set', title: 'People to connect with', visibility: 'owner' });
    expect(item!.blocks).toEqual([
      {
        type: 'recommendation',
        name: 'Sam (&sam)',
        reason: expect.stringMatching(/^Matched through phone contacts; they shared publicly: “I go bouldering twice a week\.”/),
      },
    ]);
    // Sam's private fact is never a reason, and who holds whose number is never said.
    expect(page).not.toContain('climbing partner');
    expect(page).toContain('Sam (&amp;sam)');

    const again = await runNow(bea.browser, loopId);
    expect(again.run.state).toBe('completed');
    expect(endingOf(again.page, again.run.runId)).toMatch(/Nothing changed since the last pass/);
    expect((await listItems(amp.database.db, loopId, true))[0]!.version).toBe(1);
  }, 60_000);

  it('with nobody to recommend it writes nothing and says what would help', async () => {
    const lone = await signIn(amp, 'lone');
    const loopId = await start(lone.browser, 'connect');
    const { run, page } = await runNow(lone.browser, loopId);
    expect(run.state).toBe('completed');
    expect(endingOf(page, run.runId)).toMatch(/Nothing written: none of your phone contacts is on &amp;[\s\S]*Add your phone contacts/);
    expect(await listItems(amp.database.db, loopId, true)).toEqual([]);
  }, 60_000);
});

describe('a Loop an outside client created without a skill', () => {
  let mara: Agent;
  beforeAll(async () => {
    mara = await authorizedAgent(amp, 'mara');
  }, 60_000);
  afterAll(async () => {
    await mara?.close();
  });

  it('says plainly it waits for a skill, offers the starters instead of Run now, and runs once its owner picks one', async () => {
    const created = (await mara.client.callTool({
      name: 'loop_create',
      arguments: { title: 'About me', renderer: 'synthesis', skillId: 'skill_about_me' },
    })) as { structuredContent: any };
    const loopId = created.structuredContent.loop.loopId as string;
    const waiting = await mara.browser.get(`${amp.apiUrl}/loops/${loopId}`);
    expect(waiting.text).toContain('This Loop has no skill yet, so it cannot run.');
    expect(waiting.text).not.toContain('Run now');
    expect(waiting.text).toContain(`action="/loops/${loopId}/skill"`);

    // Run now pressed anyway (an old page): refused with what to do, never "press Run now again".
    const refused = await runNow(mara.browser, loopId);
    expect(refused.run.terminal).toMatchObject({ state: 'refused', unmetContract: 'pinned_skill' });
    expect(endingOf(refused.page, refused.run.runId)).toMatch(/Pick a starter skill for it on this page, or it waits for &amp; to add one/);
    expect(endingOf(refused.page, refused.run.runId)).not.toMatch(/press Run now again/);

    for (const value of ['I sail on weekends.', 'I teach chemistry.', 'I love spicy food.'])
      await fact(mara.andeeId, value, value.includes('sail') ? 'interests.sports' : value.includes('teach') ? 'work.role' : 'preferences.food');
    const pinned = await mara.browser.post(`${amp.apiUrl}/loops/${loopId}/skill`, { csrf: formValue(waiting.text, 'csrf'), starter: 'get_to_know_me' });
    expect(pinned.status).toBe(200);
    expect(pinned.text).toContain('Run now');
    const read = (await mara.client.callTool({ name: 'loop_read', arguments: { loopId } })) as { structuredContent: any };
    // The Loop keeps its own skill id; the release pinned on it is the starter's, by digest.
    expect(read.structuredContent.loop).toMatchObject({ skillId: 'skill_about_me', skill: { version: 1, digest: starterById('get_to_know_me')!.digest } });
    const { run } = await runNow(mara.browser, loopId);
    expect(run.state).toBe('completed');
    expect((await listItems(amp.database.db, loopId, true))[0]!.provenance).toMatchObject({
      skillId: 'skill_about_me',
      digest: starterById('get_to_know_me')!.digest,
    });

    const again = await mara.browser.post(`${amp.apiUrl}/loops/${loopId}/skill`, { csrf: formValue(waiting.text, 'csrf'), starter: 'connect' });
    expect(again.status).toBe(409);
  }, 60_000);
});
