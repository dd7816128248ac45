/**
 * Plain agent-chat turns (no Loop), end to end: the andee presses Send on the web chat page (or
 * their own first-party & app posts to the API), the API seals an envelope for an agent-chat
 * turn id, mints its run token, and the turn ends in exactly one terminal state written to the
 * andee's agent-chat conversation. signal_suggestion_write takes such a run token without a
 * loopId, refuses one that names a Loop, and still needs the Loop's own id in a Loop turn.
 */
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FirstPartyClients } from '../src/identity/visibility.ts';
import { IdentitySignals } from '../src/identity/identity-signals.ts';
import { pinSkill } from '../src/loops/skill-pins.ts';
import { formValue } from './support/cookie-browser.ts';
import { authorizedAgent, type Agent } from './support/loop-agent.ts';
import { startModelStandIn, type ModelStandIn } from './support/model-stand-in.ts';
import { startRuntimeStandIn, type RuntimeStandIn } from './support/runtime-stand-in.ts';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';

async function send(amp: RunningAmpersand, agent: Agent, message: string) {
  const page = await agent.browser.get(`${amp.apiUrl}/chat`);
  expect(page.status).toBe(200);
  const answer = await agent.browser.post(`${amp.apiUrl}/chat/send`, { csrf: formValue(page.text, 'csrf'), message });
  expect(answer.status).toBe(200);
}

async function api(amp: RunningAmpersand, agent: Agent, path: string, body: Record<string, unknown>) {
  const response = await fetch(`${amp.apiUrl}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${agent.accessToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

async function endedTurn(amp: RunningAmpersand, agent: Agent, runId: string): Promise<{ turn: any; conversation: any[] }> {
  for (;;) {
    const { body } = await api(amp, agent, '/v1/chat/read', {});
    const turn = body.turns.find((t: any) => t.runId === runId);
    if (turn && turn.state !== 'running') return { turn, conversation: body.conversation };
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The record, the chat message over the API and the chat page: one state, one correlation id. */
async function expectChatEnding(amp: RunningAmpersand, agent: Agent, runId: string, state: string, words: RegExp) {
  const { turn, conversation } = await endedTurn(amp, agent, runId);
  expect(turn).toMatchObject({ loopId: null, chatTurnId: expect.stringMatching(/^turn_/), state, terminal: { state } });
  expect(turn.envelope).toMatchObject({
    loopId: null,
    chatTurnId: turn.chatTurnId,
    skill: null,
    outcomeSpec: { terminalModes: ['completed', 'refused'] },
    build: { version: expect.any(String), configDigest: expect.any(String) },
  });
  const endings = conversation.filter((m) => m.runId === runId && m.terminalState);
  expect(endings).toHaveLength(1);
  expect(endings[0]).toMatchObject({ terminalState: state, correlationId: turn.correlationId });
  expect(endings[0].body).toMatch(words);
  const page = await agent.browser.get(`${amp.apiUrl}/chat`);
  expect(page.text).toMatch(new RegExp(`data-run-id="${runId}" data-terminal-state="${state}" data-correlation-id="${turn.correlationId}"`));
  return turn;
}

async function ownApp(amp: RunningAmpersand, agent: Agent) {
  const clientId = decodeJwt(agent.accessToken).client_id as string;
  await new FirstPartyClients(amp.database.db).declare(clientId, 'the & app', new Date());
}

describe('an agent-chat turn without a provider', () => {
  let amp: RunningAmpersand;
  let mara: Agent;
  beforeAll(async () => {
    amp = await startAmpersand();
    mara = await authorizedAgent(amp, 'mara');
  }, 180_000);
  afterAll(async () => {
    await mara?.close();
    await amp?.close();
  });

  it('the chat API is the andee’s own app’s only: a third-party agent can neither read nor start a turn', async () => {
    expect((await api(amp, mara, '/v1/chat/send', { message: 'Hello' })).body.error.code).toBe('first_party_only');
    expect((await api(amp, mara, '/v1/chat/read', {})).body.error.code).toBe('first_party_only');
  });

  it('refused: Send on the chat page ends the turn refused, the reason in the andee’s own chat, no Loop involved', async () => {
    await ownApp(amp, mara);
    await send(amp, mara, 'What should I cook tonight?');
    const { body } = await api(amp, mara, '/v1/chat/read', {});
    expect(body.conversation.some((m: any) => m.role === 'andee' && m.body === 'What should I cook tonight?')).toBe(true);
    const turn = await expectChatEnding(amp, mara, body.turns[0].runId, 'refused', /^& can’t do that without a language model on this server\./);
    expect(JSON.stringify(body.conversation)).not.toContain('AMPERSAND_');
    expect(turn.terminal).toMatchObject({ unmetContract: 'model_provider' });
    expect((await api(amp, mara, '/v1/loops/read', {})).body.shelf.active).toEqual([]);
  });

  it('the API send starts a turn just as the page does', async () => {
    const started = await api(amp, mara, '/v1/chat/send', { message: 'Any plans for the weekend?' });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ runId: expect.any(String), chatTurnId: expect.stringMatching(/^turn_/), correlationId: expect.any(String) });
    await expectChatEnding(amp, mara, started.body.runId, 'refused', /can’t do that without a language model/);
  });

  it('completed without a model: a question about a connection is answered from the facts the andee may see, grouped', async () => {
    const sam = await amp.api.andees.create({ tag: 'sam', displayName: 'Sam Rivera' });
    if (!sam.ok) throw new Error(sam.problem);
    await amp.api.connections.connect(mara.andeeId, sam.andee.andeeId, new Date());
    const write = (value: string, hdsCode: string, visibility: 'public' | 'connected' | 'private') =>
      amp.api.signals.write(sam.andee.andeeId, { value, hdsCode, visibility, status: 'approved', provenance: { source: 'cli' } }, new Date());
    await write('I go bouldering twice a week.', 'interests.sports', 'public');
    await write('I restore old bicycles.', 'interests.general', 'connected');
    await write('I work night shifts as a nurse.', 'work.role', 'private');
    const started = await api(amp, mara, '/v1/chat/send', { message: 'What does Sam like to do?' });
    const turn = await expectChatEnding(amp, mara, started.body.runId, 'completed', /Sam Rivera \(&sam\), from what you can see:/);
    const { conversation } = await endedTurn(amp, mara, turn.runId);
    const answer = conversation.find((m: any) => m.runId === turn.runId && m.terminalState).body as string;
    // &'s own agent reads as the andee's first-party runtime: a connection's connected-only fact counts; a private one never does.
    expect(answer).toMatch(
      /- Interests: (“I go bouldering twice a week\.”; “I restore old bicycles\.”|“I restore old bicycles\.”; “I go bouldering twice a week\.”)/,
    );
    expect(answer).not.toContain('nurse');
    expect(answer).not.toContain('Mara (you)');
  });
});

describe('an agent-chat turn through the in-process engine', () => {
  let model: ModelStandIn;
  let amp: RunningAmpersand;
  let mara: Agent;
  beforeAll(async () => {
    model = await startModelStandIn();
    amp = await startAmpersand({ settings: { modelUrl: model.url } });
    mara = await authorizedAgent(amp, 'mara');
    await ownApp(amp, mara);
  }, 180_000);
  afterAll(async () => {
    await mara?.close();
    await amp?.close();
    await model?.close();
  });

  it('completed: the model sees the chat, only run_outcome as a tool, and its answer ends the turn', async () => {
    model.script([{ content: 'A mushroom risotto would suit a rainy evening.' }]);
    const started = await api(amp, mara, '/v1/chat/send', { message: 'What should I cook tonight?' });
    await expectChatEnding(amp, mara, started.body.runId, 'completed', /mushroom risotto/);
    const sent = model.requests.at(-1)!;
    expect(sent.messages.some((m) => m.role === 'user' && m.content === 'What should I cook tonight?')).toBe(true);
    expect(sent.tools.map((t) => t.function.name)).toEqual(['run_outcome']);
  }, 60_000);

  it('a Loop tool the model calls in a chat turn is refused to it, and the turn goes on', async () => {
    model.script([
      { toolCalls: [{ name: 'loop_write', arguments: { item: { kind: 'plan', title: 'x', blocks: [], fallbackText: 'x' } } }] },
      { toolCalls: [{ name: 'run_outcome', arguments: { mode: 'refused', summary: 'I cannot plan that here.' } }] },
    ]);
    const started = await api(amp, mara, '/v1/chat/send', { message: 'Plan my week.' });
    await expectChatEnding(amp, mara, started.body.runId, 'refused', /I cannot plan that here/);
    expect(model.requests.at(-1)!.messages.find((m) => m.role === 'tool')!.content).toContain('unknown_tool');
  }, 60_000);
});

describe('an agent-chat turn through the external runtime', () => {
  let runtime: RuntimeStandIn;
  let amp: RunningAmpersand;
  let mara: Agent;
  let theo: Agent;
  beforeAll(async () => {
    runtime = await startRuntimeStandIn();
    amp = await startAmpersand({ settings: { runtimeUrl: runtime.url } });
    mara = await authorizedAgent(amp, 'mara');
    theo = await authorizedAgent(amp, 'theo');
  }, 180_000);
  afterAll(async () => {
    await mara?.close();
    await theo?.close();
    await amp?.close();
    await runtime?.close();
  });

  const suggest = async (client: Agent['client'], args: Record<string, unknown>) =>
    ((await client.callTool({ name: 'signal_suggestion_write', arguments: { hdsCodeHint: 'interests.music_making', ...args } })) as any).structuredContent;

  it('its run token names the agent-chat turn; signal_suggestion_write drafts without loopId and refuses one', async () => {
    await send(amp, mara, 'I sing tenor in a barbershop quartet. Any songs to learn?');
    const turn = runtime.handed.at(-1)!;
    expect(turn.envelope).toMatchObject({ loopId: null, chatTurnId: expect.stringMatching(/^turn_/), skill: null });
    const claims = decodeJwt(turn.runToken);
    expect(claims).toMatchObject({ rid: turn.envelope.runId, tid: turn.envelope.chatTurnId, sub: mara.andeeId });
    expect(claims.lid).toBeUndefined();
    const inTurn = await mara.withHeaders({ 'X-Run-Token': turn.runToken });
    const foreign = await theo.withHeaders({ 'X-Run-Token': turn.runToken });
    expect((await suggest(foreign, { draftedText: 'I sing tenor in a barbershop quartet.' })).error.code).toBe('run_token_invalid');
    expect((await suggest(inTurn, { loopId: 'loop_anything', draftedText: 'I sing tenor in a barbershop quartet.' })).error.code).toBe('run_token_invalid');
    const drafted = await suggest(inTurn, { draftedText: 'I sing tenor in a barbershop quartet.' });
    expect(drafted).toMatchObject({ drafted: true, reason: 'created' });
    expect(await new IdentitySignals(amp.database.db).byId(mara.andeeId, drafted.signalId)).toMatchObject({
      status: 'pending',
      source: 'suggestion',
      turnId: turn.envelope.runId,
    });
    const row = await amp.database.db
      .selectFrom('signal_suggestions')
      .select(['run_id', 'loop_id'])
      .where('signal_id', '=', drafted.signalId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ run_id: turn.envelope.runId, loop_id: null });
    // A chat turn's token reaches no Loop.
    expect(((await inTurn.callTool({ name: 'loop_read', arguments: {} })) as any).structuredContent.error.code).toBe('run_token_invalid');
    // identity_write of the andee's exact sentence in this signed chat turn is approved at once.
    expect(((await inTurn.callTool({ name: 'identity_write', arguments: { value: 'Any songs to learn?' } })) as any).structuredContent).toMatchObject({
      written: true,
      status: 'approved',
    });
    const outcome = (
      (await inTurn.callTool({ name: 'run_outcome', arguments: { mode: 'completed', summary: 'Try "Sweet Adeline" — a barbershop classic.' } })) as any
    ).structuredContent;
    expect(outcome).toMatchObject({ runId: turn.envelope.runId, state: 'completed', correlationId: turn.envelope.correlationId });
    const page = await mara.browser.get(`${amp.apiUrl}/chat`);
    expect(page.text).toMatch(
      new RegExp(`data-run-id="${turn.envelope.runId}" data-terminal-state="completed" data-correlation-id="${turn.envelope.correlationId}"`),
    );
    expect(page.text).toContain('Sweet Adeline');
    // The reply is the runtime's, and its bubble says so: the name its app registered, not "&".
    expect(page.text).toMatch(
      new RegExp(`data-run-id="${turn.envelope.runId}" data-terminal-state="completed"[^>]*><p class="speaker"><strong>Agent of mara</strong>`),
    );
    expect((await suggest(inTurn, { draftedText: 'I restore vintage motorcycles in my garage.' })).error).toMatchObject({
      code: 'run_token_invalid',
      details: { state: 'completed' },
    });
  }, 60_000);

  it('the hosted runtime answers a chat turn: its envelope carries the message, and it reads the chat as first-party by default', async () => {
    await send(amp, mara, 'Which song should our quartet learn next?');
    const turn = runtime.handed.at(-1)!;
    expect(turn.envelope.trigger).toMatchObject({ kind: 'send', text: 'Which song should our quartet learn next?', messageId: expect.any(String) });
    const { accessToken } = await amp.api.hostedRuntime.issue(mara.andeeId, new Date());
    const asRuntime = (path: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
      fetch(`${amp.apiUrl}${path}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify(body),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));
    const read = await asRuntime('/v1/chat/read', {});
    expect(read.status).toBe(200);
    expect(read.body.conversation.find((m: any) => m.messageId === turn.envelope.trigger.messageId).body).toBe(turn.envelope.trigger.text);
    // It answers turns; only the andee starts them.
    expect((await asRuntime('/v1/chat/send', { message: 'Hello' })).body.error.code).toBe('first_party_only');
    // In a live turn it sees a connection's connected-only fact, with no operator command having declared it.
    await amp.api.connections.connect(mara.andeeId, theo.andeeId, new Date());
    await amp.api.signals.write(
      theo.andeeId,
      {
        value: 'I sing bass in a barbershop quartet.',
        hdsCode: 'interests.music_making',
        visibility: 'connected',
        status: 'approved',
        provenance: { source: 'cli' },
      },
      new Date(),
    );
    const asked = await asRuntime('/v1/identity/ask', { question: 'Does Theo sing barbershop?', participants: ['&theo'] });
    expect(asked.body.answer).toContain('I sing bass in a barbershop quartet.');
    const ended = await asRuntime(
      '/v1/runs/outcome',
      { mode: 'completed', summary: 'Theo sings bass: try “Sweet Adeline”.' },
      { 'X-Run-Token': turn.runToken },
    );
    expect(ended.body.state).toBe('completed');
    // &'s own runtime answered, so the reply is &'s.
    const page = await mara.browser.get(`${amp.apiUrl}/chat`);
    expect(page.text).toMatch(
      new RegExp(`data-run-id="${turn.envelope.runId}" data-terminal-state="completed"[^>]*><p class="speaker"><strong>&amp;</strong>`),
    );
  }, 60_000);

  it('cancelled: Cancel on the chat page ends a working turn, who and when in the chat', async () => {
    await send(amp, mara, 'Tell me a long story.');
    const turn = runtime.handed.at(-1)!;
    const page = await mara.browser.get(`${amp.apiUrl}/chat`);
    // A reply still being worked on reads "Thinking…", with its Cancel.
    expect(page.text).toMatch(new RegExp(`data-run-id="${turn.envelope.runId}"[^>]*>[\\s\\S]*?<strong>Thinking…</strong>[\\s\\S]*?Cancel</button>`));
    await mara.browser.post(`${amp.apiUrl}/chat/turns/${turn.envelope.runId}/cancel`, { csrf: formValue(page.text, 'csrf') });
    const rows = await amp.database.db
      .selectFrom('conversation_messages')
      .select(['chat_andee_id', 'loop_id', 'terminal_state', 'body'])
      .where('run_id', '=', turn.envelope.runId)
      .where('terminal_state', 'is not', null)
      .execute();
    expect(rows).toEqual([
      { chat_andee_id: mara.andeeId, loop_id: null, terminal_state: 'cancelled', body: expect.stringMatching(/Stopped: &mara cancelled this turn/) },
    ]);
  }, 60_000);

  it('in a Loop turn signal_suggestion_write still needs that Loop’s id', async () => {
    const loopId = (
      (await mara.client.callTool({ name: 'loop_create', arguments: { title: 'Get to know me', renderer: 'profile', skillId: 'skill_get_to_know_me' } })) as any
    ).structuredContent.loop.loopId;
    await pinSkill(
      amp.database.db,
      loopId,
      { instructions: 'Learn who the andee is.' },
      { artifactKinds: ['profile'], terminalModes: ['completed'] },
      new Date(),
    );
    const page = await mara.browser.get(`${amp.apiUrl}/loops/${loopId}`);
    await mara.browser.post(`${amp.apiUrl}/loops/${loopId}/run`, { csrf: formValue(page.text, 'csrf') });
    const turn = runtime.handed.at(-1)!;
    expect(decodeJwt(turn.runToken)).toMatchObject({ lid: loopId });
    const inRun = await mara.withHeaders({ 'X-Run-Token': turn.runToken });
    expect((await suggest(inRun, { draftedText: 'I build birdhouses from reclaimed barn wood.' })).error.code).toBe('invalid_arguments');
    expect((await suggest(inRun, { loopId: 'loop_other', draftedText: 'I build birdhouses from reclaimed barn wood.' })).error.code).toBe('run_token_invalid');
    expect(await suggest(inRun, { loopId, draftedText: 'I build birdhouses from reclaimed barn wood.' })).toMatchObject({ drafted: true });
  }, 60_000);
});
