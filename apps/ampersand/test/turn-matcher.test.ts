/**
 * The seam the turns (Loops) work plugs into: with a TurnMessageMatcher supplied, an
 * identity_write whose sentence the matcher finds in the signed turn's server-owned message is
 * approved at once, with the turn as provenance; one it does not find stays pending. The matcher
 * here keeps "server-owned messages" by run token, the shape the turns work will give it; the
 * request carries the token as `X-Run-Token` straight to the API (the MCP service forwards it once
 * the turns work adds that).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';
import { accessToken, createAndee, type TestAndee } from './support/andee-tokens.ts';
import type { TurnMessageMatcher } from '../src/identity/turn-message-matcher.ts';

const messages = new Map<string, { andeeId: string; turnId: string; text: string }>();
const matcher: TurnMessageMatcher = {
  async match({ andeeId, value, headers }) {
    const turn = messages.get(headers.get('x-run-token') ?? '');
    return turn && turn.andeeId === andeeId && turn.text.includes(value) ? { turnId: turn.turnId } : undefined;
  },
};

let amp: RunningAmpersand;
let una: TestAndee;
let token: string;
beforeAll(async () => {
  amp = await startAmpersand({ turnMatcher: matcher });
  una = await createAndee(amp, 'una', 'Una Turner');
  token = await accessToken(amp, una);
  messages.set('run-token-1', { andeeId: una.andeeId, turnId: 'turn-1', text: 'Remember this: I am a night owl and I work best after 10pm.' });
}, 180_000);
afterAll(async () => amp?.close());

const write = (value: string, runToken?: string) =>
  fetch(`${amp.apiUrl}/v1/identity/write`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...(runToken ? { 'X-Run-Token': runToken } : {}) },
    body: JSON.stringify({ value }),
  }).then((r) => r.json());

it('approves at once a sentence found in the signed turn, with the turn as provenance', async () => {
  const written = await write('I am a night owl and I work best after 10pm.', 'run-token-1');
  expect(written).toMatchObject({ written: true, status: 'approved' });
  expect(await amp.api.signals.byId(una.andeeId, written.signalId)).toMatchObject({ status: 'approved', source: 'turn', turnId: 'turn-1' });
});

it('keeps pending what the turn did not say, or a write without a run token', async () => {
  expect(await write('I love opera.', 'run-token-1')).toMatchObject({ written: true, status: 'pending' });
  expect(await write('I work best after 10pm.')).toMatchObject({ written: true, status: 'pending' });
});
