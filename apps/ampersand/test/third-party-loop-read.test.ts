/**
 * Issue 39, item 1, the Loop path: a third-party OAuth client the andee granted `loops:read`
 * reads the andee's own "Get to know me" Loop and never sees a private fact's words nor a pending
 * suggestion's (spec: "never put private raw evidence in an artifact"; third-party clients get
 * public signals only). The synthesis that quotes the private fact is withheld and counted, the
 * run's ending that quotes the pending suggestion is not returned verbatim, and an item grounded
 * in public facts only stays. The andee's own first-party runtime still reads everything. Black
 * box: the web app starts and runs the Loop, the official MCP client reads it over real OAuth.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { listRuns } from '../src/loops/runs.ts';
import { accessToken, call, createAndee, mcpClient, type TestAndee } from './support/andee-tokens.ts';
import { formValue } from './support/cookie-browser.ts';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';

const PRIVATE = 'I am nervous about my thesis defence in March.';
const PENDING = 'I live in Lisbon.';
const LOOPS = { scope: 'signals:ask loops:read loops:write', optIn: ['loops:read', 'loops:write'] };

let amp: RunningAmpersand;
let nora: TestAndee;
let thirdParty: Client;
let firstParty: Client;
let thirdPartyToken: string;
let firstPartyToken: string;
let loopId: string;
let publicFact: string;

async function fact(value: string, hdsCode: string, visibility: 'public' | 'private', status: 'approved' | 'pending' = 'approved'): Promise<string> {
  const written = await amp.api.signals.write(nora.andeeId, { value, hdsCode, visibility, status, provenance: { source: 'cli' } }, new Date());
  if (!written.written) throw new Error('not written');
  return written.signal.signalId;
}

/** "Start Get to know me" on the shelf, then Run now, waiting until the run has ended. */
async function runGetToKnowMe(): Promise<string> {
  const shelf = await nora.browser.get(`${amp.apiUrl}/loops`);
  const started = await nora.browser.post(`${amp.apiUrl}/loops/start`, { csrf: formValue(shelf.text, 'csrf'), starter: 'get_to_know_me' });
  const id = /data-loop-id="([^"]+)"/.exec(started.text)![1]!;
  const page = await nora.browser.get(`${amp.apiUrl}/loops/${id}`);
  expect((await nora.browser.post(`${amp.apiUrl}/loops/${id}/run`, { csrf: formValue(page.text, 'csrf') })).status).toBe(200);
  for (;;) {
    const [run] = await listRuns(amp.database.db, id, 1);
    if (run && run.state !== 'running') return id;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The Loop's runs over the API route an app follows a turn with (no MCP tool), as one token sees them. */
async function runsAs(token: string): Promise<string> {
  const response = await fetch(`${amp.apiUrl}/v1/loops/runs`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ loopId }),
  });
  expect(response.status).toBe(200);
  return JSON.stringify(await response.json());
}

beforeAll(async () => {
  amp = await startAmpersand();
  nora = await createAndee(amp, 'nora', 'Nora North');
  await fact(PRIVATE, 'work.role', 'private');
  publicFact = await fact('I play jazz piano in a trio.', 'interests.music_making', 'public');
  await fact('I make fresh pasta by hand every Sunday.', 'preferences.food', 'public');
  await fact(PENDING, 'places.home', 'public', 'pending');
  loopId = await runGetToKnowMe();
  thirdPartyToken = await accessToken(amp, nora, LOOPS);
  firstPartyToken = await accessToken(amp, nora, { ...LOOPS, firstParty: true });
  thirdParty = await mcpClient(amp, thirdPartyToken);
  firstParty = await mcpClient(amp, firstPartyToken);
  await call(thirdParty, 'loop_write', {
    loopId,
    item: { kind: 'list', title: 'Music', blocks: [{ type: 'paragraph', text: 'Jazz piano.' }], fallbackText: 'Jazz piano.', grounding: [publicFact] },
  });
}, 180_000);
afterAll(async () => {
  await thirdParty?.close();
  await firstParty?.close();
  await amp?.close();
});

describe('loop_read of the andee’s Get-to-know-me Loop by a third-party client', () => {
  it('never carries the private fact’s words nor the pending suggestion’s, and says what it withheld and why', async () => {
    const read = await call(thirdParty, 'loop_read', { loopId });
    // Not 'thesis': the renderer is named 'synthesis'.
    for (const hidden of ['nervous', 'defence', 'Lisbon']) {
      expect(JSON.stringify(read)).not.toContain(hidden);
    }
    expect(read.loop.items.map((i: { title: string }) => i.title)).toEqual(['Music']);
    expect(read.loop.withheld).toMatchObject({ items: 1, messages: 1 });
    expect(read.loop.withheld.reason).toMatch(/private/);
    // The ending is still there, in order, only not verbatim.
    expect(read.loop.conversation.some((m: { terminalState: string | null }) => m.terminalState === 'completed')).toBe(true);
  });

  it('is the same when the Loop is named by its title and skill', async () => {
    const read = await call(thirdParty, 'loop_read', { title: 'Get to know me', skillId: 'get_to_know_me' });
    expect(read.loop.loopId).toBe(loopId);
    expect(JSON.stringify(read)).not.toContain('defence');
    expect(read.loop.withheld.items).toBe(1);
  });
});

describe('the Loop’s runs for a third-party client', () => {
  it('give the ending without quoting the pending suggestion; the first-party runtime gets it whole', async () => {
    const theirs = await runsAs(thirdPartyToken);
    expect(theirs).toContain('"state":"completed"');
    expect(theirs).not.toContain('Lisbon');
    expect(await runsAs(firstPartyToken)).toContain('Lisbon');
  });
});

describe('the andee’s own first-party runtime', () => {
  it('reads the synthesis quoting the private fact and the ending quoting the suggestion, nothing withheld', async () => {
    const read = await call(firstParty, 'loop_read', { loopId });
    expect(read.loop.withheld).toBeNull();
    const synthesis = read.loop.items.find((i: { kind: string }) => i.kind === 'synthesis');
    expect(synthesis.fallbackText).toContain(`“${PRIVATE}”`);
    expect(JSON.stringify(read.loop.conversation)).toContain('Lisbon');
  });
});
