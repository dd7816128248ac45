/**
 * The Loop page in a real headless Chromium: the shelf, Send and Run now as plain forms, and each
 * run's ending shown in plain words beside the artifact it saved — the rendered message carrying
 * the same correlation id as the durable run record.
 *
 * Without a Chromium executable the suite is skipped unless REQUIRE_BROWSER=1, when it fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable, launchChromium, reportMissingBrowser } from '@agent-products/kit/testing';
import { listRuns } from '../src/loops/runs.ts';
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
    [browser, amp] = await Promise.all([launchChromium(), startAmpersand({ settings: { modelUrl: model.url } })]);
    mara = await authorizedAgent(amp, 'mara');
    loopId = ((await mara.client.callTool({ name: 'loop_create', arguments: { title: 'Family movie night', renderer: 'recommendations', skillId: 'skill_family_movie_night' } })) as any).structuredContent.loop.loopId;
    await pinSkill(amp.database.db, loopId, { instructions: 'Pick films for the family.' }, { artifactKinds: ['recommendation_set'], terminalModes: ['completed'] }, new Date());
    page = await (await browser.newContext()).newPage();
    await page.goto(`${amp.apiUrl}/sign-in/link/${(await amp.api.sessions.issueLink(mara.andeeId, new Date())).token}`);
    await Promise.all([page.waitForURL((url) => !url.pathname.startsWith('/sign-in/link')), page.click('#sign-in-link button')]);
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await mara?.close();
    await amp?.close();
    await model?.close();
  });

  async function endingOf(runIndex: number) {
    for (;;) {
      const runs = await listRuns(amp.database.db, loopId);
      const run = runs.length > runIndex ? runs[0]! : undefined;
      if (run && run.state !== 'running') return run;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('Send runs a turn and the page shows the result, what changed and the artifact', async () => {
    model.script([
      { toolCalls: [{ name: 'loop_write', arguments: { item: { kind: 'recommendation_set', title: 'Films for Friday', blocks: [{ type: 'recommendation', name: 'Paddington 2', reason: 'Everyone laughed at the first one.' }], fallbackText: 'Paddington 2 — everyone laughed at the first one.' } } }] },
      { toolCalls: [{ name: 'run_outcome', arguments: { mode: 'completed', summary: 'Paddington 2 is the pick for Friday.' } }] },
    ]);
    await page.goto(`${amp.apiUrl}/loops`);
    await page.click('text=Family movie night');
    await page.fill('input[name="message"]', 'Something we can all watch, please.');
    await page.click('button:has-text("Send")');
    const run = await endingOf(0);
    expect(run.state).toBe('completed');
    await page.goto(`${amp.apiUrl}/loops/${loopId}`);
    const ending = page.locator(`li[data-run-id="${run.runId}"][data-terminal-state="completed"]`);
    expect(await ending.getAttribute('data-correlation-id')).toBe(run.correlationId);
    expect(await ending.innerText()).toMatch(/Done[\s\S]*Paddington 2 is the pick for Friday[\s\S]*1 item saved/);
    expect(await page.locator(`article[data-run-id="${run.runId}"]`).innerText()).toContain('Paddington 2 — Everyone laughed at the first one.');
    expect(await page.locator('li', { hasText: 'Something we can all watch, please.' }).count()).toBe(1);
  }, 90_000);

  it('Run now with a failing provider shows a plain failure with the next step and the same correlation id', async () => {
    model.script([{ status: 503 }]);
    await page.click('button:has-text("Run now")');
    const run = await endingOf(1);
    expect(run.state).toBe('failed');
    await page.goto(`${amp.apiUrl}/loops/${loopId}`);
    const ending = page.locator(`li[data-run-id="${run.runId}"]`);
    expect(await ending.getAttribute('data-correlation-id')).toBe(run.correlationId);
    expect(await ending.innerText()).toMatch(/Failed[\s\S]*press Run now to try again[\s\S]*Reference/);
  }, 90_000);
});
