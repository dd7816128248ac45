/**
 * signal_suggestion_write through the official MCP client: turn-scoped (a valid run token of the
 * andee's live Loop turn, refused without one, with another andee's, an expired or an ended
 * one), validated (HDS code, flat context without coordinates or identifiers), and judged —
 * broad topics, noise and semantic duplicates of identity or earlier suggestions draft nothing;
 * anything else becomes a pending review item.
 */
import { SignJWT } from 'jose';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveKeys } from '../src/auth/derived-keys.ts';
import { IdentitySignals } from '../src/identity/identity-signals.ts';
import { pinSkill } from '../src/loops/skill-pins.ts';
import { formValue } from './support/cookie-browser.ts';
import { authorizedAgent, type Agent } from './support/loop-agent.ts';
import { startRuntimeStandIn, type RuntimeStandIn } from './support/runtime-stand-in.ts';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';

let runtime: RuntimeStandIn;
let amp: RunningAmpersand;
let mara: Agent;
let theo: Agent;
let loopId: string;
let inRun: Client;

async function startTurn(agent: Agent, id: string) {
  const page = await agent.browser.get(`${amp.apiUrl}/loops/${id}`);
  await agent.browser.post(`${amp.apiUrl}/loops/${id}/run`, { csrf: formValue(page.text, 'csrf') });
  return runtime.handed.at(-1)!;
}

beforeAll(async () => {
  runtime = await startRuntimeStandIn();
  amp = await startAmpersand({ settings: { runtimeUrl: runtime.url } });
  mara = await authorizedAgent(amp, 'mara');
  theo = await authorizedAgent(amp, 'theo');
  loopId = (
    (await mara.client.callTool({ name: 'loop_create', arguments: { title: 'Get to know me', renderer: 'profile', skillId: 'skill_get_to_know_me' } })) as any
  ).structuredContent.loop.loopId;
  await pinSkill(
    amp.database.db,
    loopId,
    { instructions: 'Learn who the andee is.' },
    { artifactKinds: ['profile'], terminalModes: ['completed'] },
    new Date(),
  );
  await new IdentitySignals(amp.database.db).add(mara.andeeId, 'I play the cello in a community orchestra.', {
    status: 'approved',
    now: new Date(),
    hdsCode: 'interests.music_making',
  });
  inRun = await mara.withHeaders({ 'X-Run-Token': (await startTurn(mara, loopId)).runToken });
}, 90_000);
afterAll(async () => {
  await mara?.close();
  await theo?.close();
  await amp?.close();
  await runtime?.close();
});

async function suggest(client: Client, args: Record<string, unknown>) {
  return ((await client.callTool({ name: 'signal_suggestion_write', arguments: { loopId, hdsCodeHint: 'interests.music_making', ...args } })) as any)
    .structuredContent;
}

describe('turn scope', () => {
  it('is refused without a run token, with another andee’s, and with an expired one', async () => {
    expect((await suggest(mara.client, { draftedText: 'I sing tenor in a barbershop quartet.' })).error.code).toBe('run_token_invalid');
    const foreign = await theo.withHeaders({ 'X-Run-Token': runtime.handed[0]!.runToken });
    expect((await suggest(foreign, { draftedText: 'I sing tenor in a barbershop quartet.' })).error.code).toBe('run_token_invalid');
    const past = Math.floor(Date.now() / 1000) - 60;
    const expired = await new SignJWT({ rid: runtime.handed[0]!.envelope.runId, lid: loopId, grants: [] })
      .setProtectedHeader({ alg: 'HS256', typ: 'run+jwt' })
      .setIssuer(amp.apiUrl)
      .setAudience('ampersand-run')
      .setSubject(mara.andeeId)
      .setIssuedAt(past - 60)
      .setExpirationTime(past)
      .sign(deriveKeys(amp.secret).runToken);
    const stale = await mara.withHeaders({ 'X-Run-Token': expired });
    expect((await suggest(stale, { draftedText: 'I sing tenor in a barbershop quartet.' })).error).toMatchObject({
      code: 'run_token_invalid',
      message: expect.stringMatching(/expired/),
    });
  });

  it('needs the run’s own loopId', async () => {
    expect((await suggest(inRun, { loopId: undefined, draftedText: 'I sing tenor in a barbershop quartet.' })).error.code).toBe('invalid_arguments');
    expect((await suggest(inRun, { loopId: 'loop_other', draftedText: 'I sing tenor in a barbershop quartet.' })).error.code).toBe('run_token_invalid');
  });
});

describe('validation', () => {
  it('refuses an unknown HDS code, nested context, coordinates and identifiers, creating nothing', async () => {
    expect((await suggest(inRun, { draftedText: 'I sing tenor in a barbershop quartet.', hdsCodeHint: 'interests.nonsense' })).error.code).toBe(
      'invalid_hds_code',
    );
    for (const context of [
      { venue: { name: 'Hall' } },
      { latitude: 39.0997 },
      { seenAt: '39.0997, -94.5786' },
      { contact: 'mara@example.com' },
      { spot: 39.09971 },
    ]) {
      expect((await suggest(inRun, { draftedText: 'I sing tenor in a barbershop quartet.', context })).error.code, JSON.stringify(context)).toBe(
        'invalid_arguments',
      );
    }
    const pending = await new IdentitySignals(amp.database.db).list(mara.andeeId, 'pending');
    expect(pending).toEqual([]);
  });
});

describe('judging', () => {
  it('drafts a new claim as a pending review item, with its flat context', async () => {
    const answer = await suggest(inRun, {
      draftedText: 'I sing tenor in a barbershop quartet.',
      visibility: 'connected',
      context: { evidence: 'mentioned twice in chat', topics: ['singing', 'quartet'] },
    });
    expect(answer).toMatchObject({ drafted: true, reason: 'created', signalId: expect.any(String) });
    const signal = await new IdentitySignals(amp.database.db).byId(mara.andeeId, answer.signalId);
    expect(signal).toMatchObject({
      status: 'pending',
      source: 'suggestion',
      visibility: 'connected',
      hdsCode: 'interests.music_making',
      turnId: runtime.handed[0]!.envelope.runId,
    });
  });

  it('drafts nothing for broad topics, noise and semantic duplicates of identity or earlier suggestions', async () => {
    expect(await suggest(inRun, { draftedText: 'I like music.' })).toMatchObject({ drafted: false, reason: 'broad_topic' });
    expect(await suggest(inRun, { draftedText: '!!!! ???? ....' })).toMatchObject({ drafted: false, reason: 'noise' });
    expect(await suggest(inRun, { draftedText: 'I play cello in a community orchestra.' })).toMatchObject({
      drafted: false,
      reason: 'duplicate',
      duplicateOf: { status: 'approved' },
    });
    expect(await suggest(inRun, { draftedText: 'I am singing tenor in a barbershop quartet.' })).toMatchObject({
      drafted: false,
      reason: 'duplicate',
      duplicateOf: { status: 'pending' },
    });
    const pending = await new IdentitySignals(amp.database.db).list(mara.andeeId, 'pending');
    expect(pending).toHaveLength(1);
  });

  it('refuses the run token once its run has ended', async () => {
    await inRun.callTool({ name: 'run_outcome', arguments: { mode: 'completed', summary: 'Learned one new thing.' } });
    expect((await suggest(inRun, { draftedText: 'I restore vintage motorcycles in my garage.' })).error).toMatchObject({
      code: 'run_token_invalid',
      details: { state: 'completed' },
    });
  });
});
