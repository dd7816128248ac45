/**
 * The Loop page in a real headless Chromium: the shelf, Send, Run now and Cancel as plain forms,
 * and each of the five terminal states shown in plain words with its safe next step — one test
 * per state, each asserting that the durable run record, the chat message read over the API
 * (loop_read) and the rendered page carry the same correlation id.
 *
 * Without a Chromium executable the suite is skipped unless REQUIRE_BROWSER=1, when it fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable, launchChromium, reportMissingBrowser } from '@agent-products/kit/testing';
import { listRuns, type RunView } from '../src/loops/runs.ts';
import { pinSkill } from '../src/loops/skill-pins.ts';
import { authorizedAgent, type Agent } from './support/loop-agent.ts';
import { startModelStandIn, type ModelStandIn } from './support/model-stand-in.ts';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';

reportMissingBrowser('ampersand loop-page-browser.test');

describe.skipIf(!browserAvailable)('the Loop page in headless Chromium', () => {
  let browser: Browser;
  let page: Page;
  let amp: RunningAmpersand;
  let model: ModelStandIn;
  let mara: Agent;
  let loopId: string;

  beforeAll(async () => {
    model = await startModelStandIn();
    [browser, amp] = await Promise.all([launchChromium(), startAmpersand({ settings: { modelUrl: model.url, turnSeconds: 20 } })]);
    mara = await authorizedAgent(amp, 'mara');
    loopId = (
      (await mara.client.callTool({
        name: 'loop_create',
        arguments: { title: 'Family movie night', renderer: 'recommendations', skillId: 'skill_family_movie_night' },
      })) as any
    ).structuredContent.loop.loopId;
    await pinSkill(
      amp.database.db,
      loopId,
      { instructions: 'Pick films for the family.' },
      { artifactKinds: ['recommendation_set'], terminalModes: ['completed'] },
      new Date(),
    );
    page = await (await browser.newContext()).newPage();
    await page.goto(`${amp.apiUrl}/sign-in/link/${(await amp.api.sessions.issueLink(mara.andeeId, new Date())).token}`);
    await Promise.all([page.waitForURL((url) => !url.pathname.startsWith('/sign-in/link')), page.click('#sign-in-link button')]);
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await mara?.close();
    await amp?.close();
    await model?.close();
  });

  async function endingOf(runIndex: number, ofLoop = loopId) {
    for (;;) {
      const runs = await listRuns(amp.database.db, ofLoop);
      const run = runs.length > runIndex ? runs[0]! : undefined;
      if (run && run.state !== 'running') return run;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** The durable record, the chat message over the API and the page in Chromium: one state, one correlation id. */
  async function expectSameEnding(run: RunView, state: string, words: RegExp) {
    const ofLoop = run.loopId!;
    expect(run).toMatchObject({ state, terminal: { state } });
    const conversation = ((await mara.client.callTool({ name: 'loop_read', arguments: { loopId: ofLoop } })) as any).structuredContent.loop
      .conversation as any[];
    const messages = conversation.filter((m) => m.runId === run.runId && m.terminalState);
    expect(messages).toEqual([expect.objectContaining({ terminalState: state, correlationId: run.correlationId })]);
    await page.goto(`${amp.apiUrl}/loops/${ofLoop}`);
    const ending = page.locator(`li[data-run-id="${run.runId}"]`);
    expect(await ending.count()).toBe(1);
    expect(await ending.getAttribute('data-terminal-state')).toBe(state);
    expect(await ending.getAttribute('data-correlation-id')).toBe(run.correlationId);
    const text = await ending.innerText();
    expect(text).toMatch(words);
    // The reference is kept under the message's "Details", off the screen until asked for.
    expect(text).not.toContain(`Reference ${run.correlationId}`);
    await ending.locator('details.ids summary').click();
    expect(await ending.innerText()).toContain(`Reference ${run.correlationId}`);
    return text;
  }

  async function newLoop(title: string, pinned: boolean): Promise<string> {
    const id = (
      (await mara.client.callTool({ name: 'loop_create', arguments: { title, renderer: 'recommendations', skillId: 'skill_family_movie_night' } })) as any
    ).structuredContent.loop.loopId as string;
    if (pinned)
      await pinSkill(
        amp.database.db,
        id,
        { instructions: 'Pick films for the family.' },
        { artifactKinds: ['recommendation_set'], terminalModes: ['completed'] },
        new Date(),
      );
    return id;
  }

  it('Send runs a turn and the page shows the result, what changed and the artifact', async () => {
    model.script([
      {
        toolCalls: [
          {
            name: 'loop_write',
            arguments: {
              item: {
                kind: 'recommendation_set',
                title: 'Films for Friday',
                blocks: [{ type: 'recommendation', name: 'Paddington 2', reason: 'Everyone laughed at the first one.' }],
                fallbackText: 'Paddington 2 — everyone laughed at the first one.',
              },
            },
          },
        ],
      },
      { toolCalls: [{ name: 'run_outcome', arguments: { mode: 'completed', summary: 'Paddington 2 is the pick for Friday.' } }] },
    ]);
    await page.goto(`${amp.apiUrl}/loops`);
    await page.click('text=Family movie night');
    await page.fill('input[name="message"]', 'Something we can all watch, please.');
    await page.click('button:has-text("Send")');
    const run = await endingOf(0);
    await expectSameEnding(run, 'completed', /Done[\s\S]*Paddington 2 is the pick for Friday[\s\S]*1 item saved/);
    expect(await page.locator(`article[data-run-id="${run.runId}"]`).innerText()).toContain('Paddington 2 — Everyone laughed at the first one.');
    expect(await page.locator('li', { hasText: 'Something we can all watch, please.' }).count()).toBe(1);
  }, 90_000);

  it('Run now with a failing provider shows a plain failure with the next step and the same correlation id', async () => {
    model.script([{ status: 503 }]);
    await page.click('button:has-text("Run now")');
    const run = await endingOf(1);
    await expectSameEnding(run, 'failed', /Failed[\s\S]*press Run now to try again[\s\S]*quote reference/);
  }, 90_000);

  it('refused: a Loop with no skill offers the starters, not Run now; Run now from an older page says why and what to do', async () => {
    const unpinned = await newLoop('Board game night', false);
    await page.goto(`${amp.apiUrl}/loops/${unpinned}`);
    expect(await page.locator('button:has-text("Run now")').count()).toBe(0);
    expect(await page.locator('[data-waiting-for-skill]').innerText()).toMatch(/no skill yet[\s\S]*Use Get to know me[\s\S]*Use Connect/);
    // The form an older copy of this page had: Run now with the session's CSRF token.
    // The page is already at the Loop's address, so waiting for that URL would return at once and
    // race the POST's redirect back to it: wait for the redirected page to replace this one, then load.
    await Promise.all([
      page.waitForEvent('framenavigated', (frame) => frame === page.mainFrame()),
      page.evaluate((action) => {
        const form = document.querySelector('input[name="csrf"]')!.closest('form')!;
        form.action = action;
        form.submit();
      }, `/loops/${unpinned}/run`),
    ]);
    await page.waitForLoadState('load');
    const run = await endingOf(0, unpinned);
    const text = await expectSameEnding(
      run,
      'refused',
      /Not run[\s\S]*did not go ahead[\s\S]*no skill yet[\s\S]*Pick a starter skill for it on this page, or it waits for & to add one[\s\S]*Nothing was changed/,
    );
    expect(text).not.toMatch(/press Run now again|undefined|null|\[object/);
  }, 90_000);

  it('timed out: a model that never answers ends at the deadline, the page naming the stage it stopped at', async () => {
    const slow = await newLoop('Quiet night in', true);
    model.script(['stall']);
    await page.goto(`${amp.apiUrl}/loops/${slow}`);
    await page.click('button:has-text("Run now")');
    const run = await endingOf(0, slow);
    expect(run.terminal).toMatchObject({ state: 'timed_out', deadline: run.deadline, lastStage: 'model_call' });
    await expectSameEnding(run, 'timed_out', /Timed out[\s\S]*ran out of time[\s\S]*while model call[\s\S]*Press Run now to try again/);
  }, 90_000);

  it('cancelled: Cancel this run on the page stops a working run, saying who and when', async () => {
    const working = await newLoop('Sunday matinee', true);
    model.script(['stall']);
    await page.goto(`${amp.apiUrl}/loops/${working}`);
    await page.click('button:has-text("Run now")');
    await page.click('button:has-text("Cancel this run")');
    const run = await endingOf(0, working);
    expect(run.terminal).toMatchObject({ state: 'cancelled', actor: '&mara' });
    await expectSameEnding(run, 'cancelled', /Cancelled[\s\S]*Stopped: &mara cancelled this run[\s\S]*press Run now to start again/);
  }, 90_000);
});
