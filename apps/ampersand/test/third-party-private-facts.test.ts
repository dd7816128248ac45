/**
 * Issue 39, item 1: an answer for a third-party OAuth client rests only on public signals, the
 * authorizing andee's own included, so a private fact never reaches it word for word (spec "MCP
 * server": "answer identity questions without returning private source rows to third-party
 * clients"). The andee's own first-party runtime and their web chat still answer from it. Black
 * box over real OAuth tokens, the official MCP client and the web chat page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { accessToken, call, createAndee, mcpClient, type TestAndee } from './support/andee-tokens.ts';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';
import { chatOnPage } from './support/web-chat.ts';

const PRIVATE = 'I am nervous about my thesis defence in March.';
const CONNECTED = 'I am nervous about flying to Lisbon in April.';
const PUBLIC = 'I love hiking in the Alps.';

let amp: RunningAmpersand;
let nora: TestAndee;
let thirdParty: Client;
let firstParty: Client;

beforeAll(async () => {
  amp = await startAmpersand();
  nora = await createAndee(amp, 'nora', 'Nora North');
  await amp.api.signals.add(nora.andeeId, PRIVATE, { visibility: 'private', status: 'approved', now: new Date() });
  await amp.api.signals.add(nora.andeeId, CONNECTED, { visibility: 'connected', status: 'approved', now: new Date() });
  await amp.api.signals.add(nora.andeeId, PUBLIC, { visibility: 'public', status: 'approved', now: new Date() });
  thirdParty = await mcpClient(amp, await accessToken(amp, nora));
  firstParty = await mcpClient(amp, await accessToken(amp, nora, { firstParty: true }));
}, 180_000);
afterAll(async () => {
  await thirdParty?.close();
  await firstParty?.close();
  await amp?.close();
});

describe('a third-party client asking about the andee who authorized it', () => {
  it('“Am I nervous about anything?” never carries the private fact’s words, nor the connected one’s', async () => {
    const asked = await call(thirdParty, 'ask_question', { question: 'Am I nervous about anything?' });
    for (const hidden of ['thesis', 'defence', 'Lisbon']) {
      expect(asked.answer).not.toContain(hidden);
      expect(asked.text).not.toContain(hidden);
    }
    expect(asked.basedOnFacts).toBe(0);
  });

  it('is answered from the public facts only', async () => {
    const asked = await call(thirdParty, 'ask_question', { question: 'Where do I like hiking?' });
    expect(asked.answer).toContain(PUBLIC);
    expect(asked.basedOnFacts).toBe(1);
  });

  it('andee_read of the andee themselves shows the public facts only', async () => {
    const read = await call(thirdParty, 'andee_read', { tag: '&nora' });
    expect(read.profile.signals.map((s: { text: string }) => s.text)).toEqual([PUBLIC]);
  });
});

describe('the andee’s own first-party surfaces', () => {
  it('their first-party runtime answers from the private fact', async () => {
    const asked = await call(firstParty, 'ask_question', { question: 'Am I nervous about anything?' });
    expect(asked.answer).toContain(PRIVATE);
    expect(asked.answer).toContain(CONNECTED);
  });

  it('their web chat answers from the private fact', async () => {
    const ending = await chatOnPage(amp, nora, 'Am I nervous about anything?');
    expect(ending.state).toBe('completed');
    expect(ending.text).toContain('thesis defence in March');
  });
});
