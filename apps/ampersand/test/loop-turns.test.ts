/**
 * Turns end to end, one test per terminal state: the andee presses Run now (or sends) on the
 * Loop page, the API seals the envelope and runs the turn — through the in-process engine and a
 * scripted stand-in of an OpenAI-compatible endpoint, or through the external runtime acting over
 * MCP with the run token — and the durable run record, the chat message read over the API, and
 * the rendered Loop page all carry the same correlation id. Then: a killed API process leaves the
 * run for the sweeper, which ends it timed out with its last stage.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '@agent-products/kit/testing';
import { pinSkill } from '../src/loops/skill-pins.ts';
import { ampersandMigrations } from '../src/store/migrations.ts';
import type { AmpersandDatabase } from '../src/store/schema.ts';
import { formValue } from './support/cookie-browser.ts';
import { authorizedAgent, type Agent } from './support/loop-agent.ts';
import { startModelStandIn, type ModelStandIn } from './support/model-stand-in.ts';
import { startRuntimeStandIn } from './support/runtime-stand-in.ts';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';

const SKILL = { instructions: 'Pick three films the whole family can watch together on Friday.' };
const SPEC = { artifactKinds: ['recommendation_set' as const], terminalModes: ['completed' as const, 'refused' as const] };
const FILMS = {
  kind: 'recommendation_set',
  title: 'Three films for Friday',
  blocks: [{ type: 'recommendation', name: 'Paddington 2', reason: 'Everyone laughed at the first one.' }],
  fallbackText: 'Paddington 2 — everyone laughed at the first one.',
};

async function callTool(agent: { client: Agent['client'] }, name: string, args: Record<string, unknown>) {
  return (await agent.client.callTool({ name, arguments: args })) as { isError?: boolean; structuredContent: any };
}

async function newLoop(amp: RunningAmpersand, agent: Agent, title: string, pinned = true): Promise<string> {
  const created = await callTool(agent, 'loop_create', { title, renderer: 'recommendations', skillId: 'skill_family_movie_night' });
  const loopId = created.structuredContent.loop.loopId as string;
  if (pinned) await pinSkill(amp.database.db, loopId, SKILL, SPEC, new Date());
  return loopId;
}

/** The andee's explicit action on the Loop page; returns the run it started. */
async function press(amp: RunningAmpersand, agent: Agent, loopId: string, action: 'run' | 'send', message?: string) {
  const page = await agent.browser.get(`${amp.apiUrl}/loops/${loopId}`);
  expect(page.status).toBe(200);
  const answer = await agent.browser.post(`${amp.apiUrl}/loops/${loopId}/${action}`, { csrf: formValue(page.text, 'csrf'), ...(message ? { message } : {}) });
  expect(answer.status).toBe(200);
  return (await runs(amp, agent, loopId))[0]!;
}

async function runs(amp: RunningAmpersand, agent: Agent, loopId: string, runId?: string): Promise<any[]> {
  const response = await fetch(`${amp.apiUrl}/v1/loops/runs`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${agent.accessToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ loopId, ...(runId ? { runId } : {}) }),
  });
  expect(response.status).toBe(200);
  return (await response.json()).runs;
}

async function ended(amp: RunningAmpersand, agent: Agent, loopId: string, runId: string): Promise<any> {
  for (;;) {
    const [run] = await runs(amp, agent, loopId, runId);
    if (run.state !== 'running') return run;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The record, the message over the API and the rendered page: one state, one correlation id. */
async function expectVisibleEnding(amp: RunningAmpersand, agent: Agent, loopId: string, run: any, state: string, words: RegExp) {
  expect(run.state).toBe(state);
  expect(run.terminal.state).toBe(state);
  expect(run.envelope).toMatchObject({ loopId, correlationId: run.correlationId, build: { version: expect.any(String), configDigest: expect.any(String) } });
  const conversation = (await callTool(agent, 'loop_read', { loopId })).structuredContent.loop.conversation as any[];
  const messages = conversation.filter((m) => m.runId === run.runId && m.terminalState);
  expect(messages).toHaveLength(1);
  expect(messages[0]).toMatchObject({ terminalState: state, correlationId: run.correlationId });
  expect(messages[0].body).toMatch(words);
  const page = await agent.browser.get(`${amp.apiUrl}/loops/${loopId}`);
  const rendered = new RegExp(`data-run-id="${run.runId}" data-terminal-state="${state}" data-correlation-id="${run.correlationId}"`);
  expect(page.text).toMatch(rendered);
  return messages[0];
}

describe('the in-process engine with a model provider', () => {
  let model: ModelStandIn;
  let amp: RunningAmpersand;
  let mara: Agent;
  beforeAll(async () => {
    model = await startModelStandIn();
    amp = await startAmpersand({ settings: { modelUrl: model.url, turnSeconds: 3, sweepSeconds: 1 } });
    mara = await authorizedAgent(amp, 'mara');
  }, 60_000);
  afterAll(async () => {
    await mara?.close();
    await amp?.close();
    await model?.close();
  });

  it('completed: the scripted model reads, writes an artifact with provenance, and ends the run', async () => {
    const loopId = await newLoop(amp, mara, 'Family movie night');
    model.script([
      { toolCalls: [{ name: 'loop_read', arguments: {} }] },
      { toolCalls: [{ name: 'loop_write', arguments: { item: FILMS } }] },
      { toolCalls: [{ name: 'run_outcome', arguments: { mode: 'completed', summary: 'I picked three films for Friday.' } }] },
    ]);
    const started = await press(amp, mara, loopId, 'send', 'Something everyone will like, please.');
    expect(started.envelope.trigger.kind).toBe('send');
    const run = await ended(amp, mara, loopId, started.runId);
    await expectVisibleEnding(amp, mara, loopId, run, 'completed', /I picked three films for Friday[\s\S]*1 item saved/);
    expect(run.envelope.skill).toMatchObject({ skillId: 'skill_family_movie_night', version: 1, digest: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(run.envelope.outcomeSpec).toEqual(SPEC);
    expect(run.terminal.outcomeEvidence.itemIds).toHaveLength(1);
    const items = (await callTool(mara, 'loop_read', { loopId })).structuredContent.loop.items;
    expect(items[0]).toMatchObject({ title: 'Three films for Friday', provenance: { runId: run.runId, ...run.envelope.skill } });
    const sent = model.requests.at(-3)!;
    expect(sent.messages[0]!.content).toContain(SKILL.instructions);
    expect(sent.messages.some((m) => m.role === 'user' && m.content === 'Something everyone will like, please.')).toBe(true);
    expect(sent.tools.map((t) => t.function.name)).toEqual(['loop_read', 'loop_write', 'run_outcome']);
  }, 60_000);

  it('an outcome the spec does not allow is refused to the model and the run stays open', async () => {
    const loopId = await newLoop(amp, mara, 'Family movie night 2');
    model.script([
      { toolCalls: [{ name: 'run_outcome', arguments: { mode: 'cancelled', summary: 'Giving up.' } }] },
      { content: 'Here are my picks: Paddington 2.' },
    ]);
    const started = await press(amp, mara, loopId, 'run');
    const run = await ended(amp, mara, loopId, started.runId);
    expect(run.state).toBe('completed');
    const toolAnswer = model.requests.at(-1)!.messages.at(-1)!;
    expect(toolAnswer.content).toContain('outcome_not_allowed');
  }, 60_000);

  it('refused by the skill itself: its reason reads as the skill declining, not as "Not run"', async () => {
    const loopId = await newLoop(amp, mara, 'Family movie night 4');
    model.script([{ toolCalls: [{ name: 'run_outcome', arguments: { mode: 'refused', summary: 'Too little to go on: nobody said what films they like.' } }] }]);
    const run = await ended(amp, mara, loopId, (await press(amp, mara, loopId, 'run')).runId);
    expect(run.terminal).toEqual({ state: 'refused', reason: 'Too little to go on: nobody said what films they like.', unmetContract: 'skill_outcome' });
    const message = await expectVisibleEnding(
      amp,
      mara,
      loopId,
      run,
      'refused',
      /^The skill looked and declined: Too little to go on[\s\S]*Nothing was saved\.$/,
    );
    expect(message.role).toBe('agent');
    const page = await mara.browser.get(`${amp.apiUrl}/loops/${loopId}`);
    const ending = new RegExp(`data-run-id="${run.runId}"[^>]*>[\\s\\S]*?<p class="reply-state"><strong>([^<]+)</strong>`).exec(page.text);
    expect(ending?.[1]).toBe('Declined');
  }, 60_000);

  it('failed: the provider answers 500 and the run ends failed with its error class and correlation id', async () => {
    const loopId = await newLoop(amp, mara, 'Family movie night 3');
    model.script([{ status: 500 }]);
    const run = await ended(amp, mara, loopId, (await press(amp, mara, loopId, 'run')).runId);
    expect(run.terminal).toEqual({ state: 'failed', errorClass: 'provider_error', correlationId: run.correlationId });
    await expectVisibleEnding(amp, mara, loopId, run, 'failed', /failed \(provider error\)[\s\S]*Run now/);
  }, 60_000);

  it('timed out: the model never answers and the run ends at its deadline with the last stage', async () => {
    const loopId = await newLoop(amp, mara, 'Family movie night 4');
    model.script(['stall']);
    const run = await ended(amp, mara, loopId, (await press(amp, mara, loopId, 'run')).runId);
    expect(run.terminal).toMatchObject({ state: 'timed_out', deadline: run.deadline, lastStage: 'model_call' });
    await expectVisibleEnding(amp, mara, loopId, run, 'timed_out', /ran out of time/);
  }, 60_000);

  it('cancelled: the andee presses Cancel while the model is working', async () => {
    const loopId = await newLoop(amp, mara, 'Family movie night 5');
    model.script(['stall']);
    const started = await press(amp, mara, loopId, 'run');
    const page = await mara.browser.get(`${amp.apiUrl}/loops/${loopId}`);
    expect(page.text).toContain('Cancel this run');
    await mara.browser.post(`${amp.apiUrl}/loops/${loopId}/runs/${started.runId}/cancel`, { csrf: formValue(page.text, 'csrf') });
    const run = await ended(amp, mara, loopId, started.runId);
    expect(run.terminal).toMatchObject({ state: 'cancelled', actor: '&mara' });
    await expectVisibleEnding(amp, mara, loopId, run, 'cancelled', /Stopped: &mara cancelled this run/);
  }, 60_000);

  it('refused: a Loop without a pinned skill release is not run, and says why', async () => {
    const loopId = await newLoop(amp, mara, 'Unpinned night', false);
    const run = await ended(amp, mara, loopId, (await press(amp, mara, loopId, 'run')).runId);
    expect(run.terminal).toMatchObject({ state: 'refused', unmetContract: 'pinned_skill' });
    await expectVisibleEnding(amp, mara, loopId, run, 'refused', /no skill yet[\s\S]*Pick a starter skill/);
  }, 60_000);
});

describe('without a provider', () => {
  it('refused: the turn ends refused with the reason in the chat', async () => {
    const amp = await startAmpersand();
    const mara = await authorizedAgent(amp, 'mara');
    try {
      const loopId = await newLoop(amp, mara, 'Family movie night');
      const run = await ended(amp, mara, loopId, (await press(amp, mara, loopId, 'run')).runId);
      expect(run.terminal).toMatchObject({ state: 'refused', unmetContract: 'model_provider' });
      const message = await expectVisibleEnding(amp, mara, loopId, run, 'refused', /skill needs a language model, and none is set up on this server/);
      // The settings are the operator's (the log, /health), never the person's.
      expect(message.body).not.toMatch(/AMPERSAND_|press Run now again/);
      const health = await (await fetch(`${amp.apiUrl}/health`)).json();
      expect(JSON.stringify(health)).toContain('AMPERSAND_MODEL_URL');
    } finally {
      await mara.close();
      await amp.close();
    }
  }, 60_000);
});

describe('the external runtime over MCP with the run token', () => {
  it('acts within the run, ends it with run_outcome, and its run token is refused afterwards', async () => {
    const runtime = await startRuntimeStandIn();
    const amp = await startAmpersand({ settings: { runtimeUrl: runtime.url } });
    const mara = await authorizedAgent(amp, 'mara');
    const theo = await authorizedAgent(amp, 'theo');
    try {
      const loopId = await newLoop(amp, mara, 'Family movie night');
      const started = await press(amp, mara, loopId, 'run');
      expect(runtime.handed).toHaveLength(1);
      expect(runtime.handed[0]!.envelope).toMatchObject({ runId: started.runId, loopId, skill: { version: 1 }, outcomeSpec: SPEC });
      const inRun = await mara.withHeaders({ 'X-Run-Token': runtime.handed[0]!.runToken });
      const foreign = await theo.withHeaders({ 'X-Run-Token': runtime.handed[0]!.runToken });
      expect((await callTool({ client: foreign }, 'run_outcome', { mode: 'completed', summary: 'x' })).structuredContent.error.code).toBe('run_token_invalid');
      const wrongKind = await callTool({ client: inRun }, 'loop_write', { loopId, item: { ...FILMS, kind: 'plan' } });
      expect(wrongKind.structuredContent.error.code).toBe('outcome_not_allowed');
      expect((await callTool({ client: inRun }, 'loop_write', { loopId, item: FILMS })).structuredContent.item.provenance).toMatchObject({
        runId: started.runId,
        version: 1,
      });
      const notAllowed = await callTool({ client: inRun }, 'run_outcome', { mode: 'failed', summary: 'x' });
      expect(notAllowed.structuredContent.error.code).toBe('outcome_not_allowed');
      expect((await runs(amp, mara, loopId, started.runId))[0].state).toBe('running');
      const outcome = await callTool({ client: inRun }, 'run_outcome', { mode: 'completed', summary: 'Three films are on the list.' });
      expect(outcome.structuredContent).toMatchObject({ runId: started.runId, state: 'completed', correlationId: started.correlationId });
      const run = await ended(amp, mara, loopId, started.runId);
      await expectVisibleEnding(amp, mara, loopId, run, 'completed', /Three films are on the list/);
      // The Loop page names the runtime that answered by its app's name, not "&".
      const page = await mara.browser.get(`${amp.apiUrl}/loops/${loopId}`);
      expect(page.text).toMatch(
        new RegExp(`data-run-id="${run.runId}" data-terminal-state="completed"[^>]*><p class="speaker"><strong>Agent of mara</strong>`),
      );
      // Which apps Mara connected is hers to know: a member of the shared Loop reads the reply as her app's.
      await amp.api.connections.connect(mara.andeeId, theo.andeeId, new Date());
      expect((await callTool(mara, 'loop_share', { loopId, tag: '&theo' })).structuredContent.status).toBe('member');
      const shared = await theo.browser.get(`${amp.apiUrl}/loops/${loopId}`);
      expect(shared.text).toMatch(new RegExp(`data-run-id="${run.runId}" data-terminal-state="completed"[^>]*><p class="speaker"><strong>Mara’s app</strong>`));
      expect(shared.text).not.toContain('Agent of mara');
      const replay = await callTool({ client: inRun }, 'run_outcome', { mode: 'completed', summary: 'Again.' });
      expect(replay.structuredContent.error).toMatchObject({ code: 'run_token_invalid', details: { state: 'completed' } });

      // A runtime that gives up early (or whose clock runs ahead) cannot report a timeout before the deadline, even one its spec allows.
      const patient = await newLoop(amp, mara, 'Family movie night, patient', false);
      await pinSkill(amp.database.db, patient, SKILL, { ...SPEC, terminalModes: ['completed', 'timed_out'] }, new Date());
      const waiting = await press(amp, mara, patient, 'run');
      const early = await callTool({ client: await mara.withHeaders({ 'X-Run-Token': runtime.handed[1]!.runToken }) }, 'run_outcome', {
        mode: 'timed_out',
        summary: 'Ran out of time.',
      });
      expect(early.structuredContent.error).toMatchObject({ code: 'outcome_not_allowed', details: { requested: 'timed_out', deadline: waiting.deadline } });
      expect((await runs(amp, mara, patient, waiting.runId))[0]).toMatchObject({ state: 'running', terminal: null });
    } finally {
      await mara.close();
      await theo.close();
      await amp.close();
      await runtime.close();
    }
  }, 90_000);
});

describe('identity_write inside a signed chat turn', () => {
  it('is approved at once only for the exact sentence of the turn message, with a live run token', async () => {
    const runtime = await startRuntimeStandIn();
    const amp = await startAmpersand({ settings: { runtimeUrl: runtime.url } });
    const mara = await authorizedAgent(amp, 'mara');
    try {
      const loopId = await newLoop(amp, mara, 'Family movie night');
      await press(amp, mara, loopId, 'send', 'I play the harp on Sundays. Pick a film about music.');
      const inRun = await mara.withHeaders({ 'X-Run-Token': runtime.handed[0]!.runToken });
      const write = async (client: Agent['client'], value: string) => (await callTool({ client }, 'identity_write', { value })).structuredContent;
      expect(await write(inRun, 'I play the harp on Sundays.')).toMatchObject({ written: true, status: 'approved' });
      expect(await write(inRun, 'I play the harp.')).toMatchObject({ written: true, status: 'pending' });
      expect(await write(mara.client, 'I like films about music.')).toMatchObject({ written: true, status: 'pending' });
      await callTool({ client: inRun }, 'run_outcome', { mode: 'completed', summary: 'Picked a music film.' });
      expect(await write(inRun, 'Pick a film about music.')).toMatchObject({ status: 'pending' });
    } finally {
      await mara.close();
      await amp.close();
      await runtime.close();
    }
  }, 90_000);
});

describe('a deadline timer that fires before the clock reaches the deadline', () => {
  it('the turn waits for the deadline itself, then ends timed out', async () => {
    const model = await startModelStandIn();
    // The server's clock, stepped back 18 s mid-turn (as a time sync may): the deadline timer counts real time.
    let stepBack = 0;
    const amp = await startAmpersand({ now: () => new Date(Date.now() - stepBack), settings: { modelUrl: model.url, turnSeconds: 2, sweepSeconds: 1 } });
    const mara = await authorizedAgent(amp, 'mara');
    try {
      const loopId = await newLoop(amp, mara, 'Family movie night');
      model.script(['stall']);
      const started = await press(amp, mara, loopId, 'run');
      while ((await runs(amp, mara, loopId, started.runId))[0].stage !== 'model_call') await new Promise((r) => setTimeout(r, 50));
      stepBack = 18_000;
      await new Promise((r) => setTimeout(r, new Date(started.deadline).getTime() - Date.now() + 2_000));
      expect((await runs(amp, mara, loopId, started.runId))[0].state).toBe('running');
      const run = await ended(amp, mara, loopId, started.runId);
      expect(run.terminal).toMatchObject({ state: 'timed_out', deadline: started.deadline, lastStage: 'model_call' });
      expect(new Date(run.endedAt).getTime()).toBeGreaterThanOrEqual(new Date(run.deadline).getTime());
    } finally {
      await mara.close();
      await amp.close();
      await model.close();
    }
  }, 90_000);
});

describe('a killed API process', () => {
  it('leaves its running turn to the sweeper, which ends it timed out with the last stage', async () => {
    const model = await startModelStandIn();
    const database = await openTestDatabase<AmpersandDatabase>(ampersandMigrations, 'ampersand_kill');
    const first = await startAmpersand({ database, settings: { modelUrl: model.url, turnSeconds: 8 } });
    const mara = await authorizedAgent(first, 'mara');
    let second: RunningAmpersand | undefined;
    try {
      const loopId = await newLoop(first, mara, 'Family movie night');
      model.script(['stall']);
      const started = await press(first, mara, loopId, 'run');
      while ((await runs(first, mara, loopId, started.runId))[0].stage !== 'model_call') await new Promise((r) => setTimeout(r, 50));
      await mara.close();
      await first.close();
      expect((await database.db.selectFrom('loop_runs').select('state').where('run_id', '=', started.runId).executeTakeFirstOrThrow()).state).toBe('running');
      // Another API process sweeping every second, its clock an hour ahead: the run still ends only once the deadline has passed.
      second = await startAmpersand({ database, secret: first.secret, now: () => new Date(Date.now() + 3600_000), settings: { sweepSeconds: 1 } });
      let state = 'running';
      while (state === 'running') {
        await new Promise((r) => setTimeout(r, 200));
        state = (await database.db.selectFrom('loop_runs').select('state').where('run_id', '=', started.runId).executeTakeFirstOrThrow()).state;
      }
      const row = await database.db.selectFrom('loop_runs').selectAll().where('run_id', '=', started.runId).executeTakeFirstOrThrow();
      expect(row.state).toBe('timed_out');
      expect(Date.now()).toBeGreaterThanOrEqual(new Date(row.deadline).getTime());
      expect(typeof row.terminal === 'string' ? JSON.parse(row.terminal) : row.terminal).toMatchObject({ state: 'timed_out', lastStage: 'model_call' });
      const messages = await database.db
        .selectFrom('conversation_messages')
        .selectAll()
        .where('run_id', '=', started.runId)
        .where('terminal_state', 'is not', null)
        .execute();
      expect(messages).toHaveLength(1);
      expect(messages[0]!.correlation_id).toBe(started.correlationId);
    } finally {
      await second?.close();
      await database.dispose();
      await model.close();
    }
  }, 90_000);
});
