/**
 * Every code of &'s error table, produced against the real MCP service and API on loopback,
 * reaches the SDK 1.x client, the v2 client and the Inspector CLI 1.x and 2.x as `isError` with
 * the code, its retryability and a correlation id. The state the codes need is made first: three
 * andees (one connected pair, one pending request, one stranger), a question withdrawn, a Loop
 * shared with a member holding an agent item and an andee item, and a Loop with a pinned skill.
 * Each call is repeated by four clients, so every scenario fails the same way each time: a
 * refusal before any write, or a write against a state the call cannot change.
 */
import { describeErrorInterop, type InteropCall } from '@agent-products/kit/testing';
import { ampersandErrors } from '../src/errors.ts';
import { writeItem } from '../src/loops/loop-items.ts';
import { authorizedAgent, type Agent } from './support/loop-agent.ts';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';

interface World {
  amp: RunningAmpersand;
  /** The MCP service's base URL (the clients append `/mcp`). */
  base: string;
  mara: Agent;
  theo: Agent;
  /** Signed in and authorized without the opt-in Loop scopes. */
  nell: Agent;
  runtimeToken: string;
  /** Mara's Loop, shared with theo: one agent item, one andee item. */
  sharedLoopId: string;
  agentItemId: string;
  andeeItemId: string;
  /** A Loop whose skill the hosted runtime already pinned. */
  pinnedLoopId: string;
  withdrawnQuestionId: string;
  usedKey: string;
}

const PINNED_SKILL = {
  content: { instructions: 'Write a short profile from approved identity only.' },
  outcomeSpec: { artifactKinds: ['profile'], terminalModes: ['completed', 'refused'] },
};

async function succeed(agent: Agent, name: string, args: Record<string, unknown>): Promise<any> {
  const result = (await agent.client.callTool({ name, arguments: args })) as { isError?: boolean; structuredContent?: any };
  if (result.isError) throw new Error(`${name} failed while preparing: ${JSON.stringify(result.structuredContent)}`);
  return result.structuredContent;
}

async function prepare(): Promise<World> {
  const amp = await startAmpersand();
  const [mara, theo, nell] = [await authorizedAgent(amp, 'mara'), await authorizedAgent(amp, 'theo'), await authorizedAgent(amp, 'nell', { tickLoops: false })];
  await succeed(mara, 'connections_request', { tag: '&theo' });
  await succeed(theo, 'connections_accept', { tag: '&mara' });
  await succeed(nell, 'connections_request', { tag: '&mara' });

  const asked = await succeed(mara, 'ask_andee', { tag: '&theo', question: 'Which bakery do you like best?' });
  await succeed(mara, 'questions_withdraw', { questionId: asked.questionId });

  const usedKey = `interop-used-${process.pid}`;
  await succeed(mara, 'identity_write', { value: 'I collect vintage fountain pens.', idempotencyKey: usedKey });

  const shared = await succeed(mara, 'loop_create', { title: 'Best tacos in KC', renderer: 'list', skillId: 'skill_best_tacos' });
  const sharedLoopId = shared.loop.loopId as string;
  const written = await succeed(mara, 'loop_write', {
    loopId: sharedLoopId,
    item: { kind: 'list', title: 'Taco spots', blocks: [{ type: 'bullet_list', items: ['Tacos El Gallo'] }], fallbackText: 'Tacos El Gallo' },
  });
  await succeed(mara, 'loop_share', { loopId: sharedLoopId, tag: '&theo' });
  const andeeItem = await writeItem(
    amp.database.db,
    sharedLoopId,
    'andee',
    { kind: 'list', title: 'My own list', blocks: [{ type: 'paragraph', text: 'Ask for the salsa verde.' }], fallbackText: 'Ask for the salsa verde.' },
    null,
    new Date(),
  );

  const runtimeToken = (await amp.api.hostedRuntime.issue(mara.andeeId, new Date())).accessToken;
  const pinned = await succeed(mara, 'loop_create', { title: 'Get to know me', renderer: 'profile', skillId: 'skill_get_to_know_me' });
  const pin = await fetch(amp.mcpUrl, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${runtimeToken}`,
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'MCP-Protocol-Version': '2025-06-18',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'loop_pin_skill', arguments: { loopId: pinned.loop.loopId, ...PINNED_SKILL } },
    }),
  });
  const pinAnswer = (await pin.json()) as { result?: { isError?: boolean } };
  if (!pinAnswer.result || pinAnswer.result.isError) throw new Error(`loop_pin_skill failed while preparing: ${JSON.stringify(pinAnswer)}`);

  return {
    amp,
    base: amp.mcpUrl.replace(/\/mcp$/, ''),
    mara,
    theo,
    nell,
    runtimeToken,
    sharedLoopId,
    agentItemId: written.item.itemId,
    andeeItemId: andeeItem.item.itemId,
    pinnedLoopId: pinned.loop.loopId,
    withdrawnQuestionId: asked.questionId,
    usedKey,
  };
}

function as(world: World, who: Agent | 'runtime', name: string, args: Record<string, unknown>): InteropCall {
  const token = who === 'runtime' ? world.runtimeToken : who.accessToken;
  return { url: world.base, headers: { Authorization: `Bearer ${token}` }, name, arguments: args };
}

const WEB_ONLY =
  'a refusal of the andee web app or the approval pages (an HTML problem page), never a tool result; web-pages.test.ts and web-input-and-cache.test.ts produce it';
const APPROVAL_PAGE_ONLY =
  'a refusal of an approval link (an HTML problem page), never a tool result; approval-links.test.ts and cross-device-approval.test.ts produce it';

describeErrorInterop<World, keyof typeof ampersandErrors.table>({
  product: '&',
  table: ampersandErrors.table,
  start: prepare,
  async stop(world) {
    await Promise.all([world.mara.close(), world.theo.close(), world.nell.close()]);
    await world.amp.close();
  },
  scenarios: {
    // The platform's codes.
    invalid_arguments: (w) => as(w, w.mara, 'identity_write', { value: '' }),
    idempotency_conflict: (w) => as(w, w.mara, 'identity_write', { value: 'I restore old bicycles.', idempotencyKey: w.usedKey }),
    // tools/list shows a token only the tools it can call (callable-tools.test.ts), so this call
    // names a tool its token was not shown; a client that checks names against the list first
    // refuses it before sending anything.
    insufficient_scope: {
      call: (w: World) => as(w, w.nell, 'loop_read', {}),
      refusedBy: { 'Inspector CLI 2.x': 'it calls only tools the server listed, and & lists only the tools a token can call' },
    },
    unauthorized: {
      notBlackBox:
        'every & MCP request needs a credential, so a missing one is refused as HTTP 401 with a WWW-Authenticate challenge before any tool runs (oauth-flow.test.ts)',
    },
    body_too_large: { notBlackBox: 'an oversized request is refused as HTTP 413 before it is parsed, so it never reaches a tool (http-edge.test.ts)' },
    origin_rejected: { notBlackBox: 'a browser origin & does not allow is refused as HTTP 403 before the MCP session (cors.test.ts)' },
    not_found: { notBlackBox: 'an unknown path is an HTTP 404 of the web app or the API; every tool refuses an unknown thing with its own code' },
    rate_limited: { notBlackBox: '&’s limits guard sign-in and the authorization server (rate-limits.test.ts); no tool call is limited' },
    unavailable: { notBlackBox: 'needs the database or Redis stopped under a live service; outages.test.ts stops them and checks the 503' },
    internal_error: { notBlackBox: 'only a defect produces it; the kit maps an unexpected throw to it in-process (packages/kit/src/errors)' },
    // The API's requests and the identity graph.
    invalid_request: {
      notBlackBox: 'the MCP service always sends the API a JSON object, so only a direct API caller can send another body (http-edge.test.ts)',
    },
    invalid_token: {
      notBlackBox:
        'a token the verifier refuses is answered HTTP 401 with the Bearer challenge before any tool runs, the signal clients re-authorize on (oauth-flow.test.ts)',
    },
    participant_not_found: (w) => as(w, w.mara, 'ask_question', { question: 'What does Zed like?', participants: ['Zed'] }),
    invalid_hds_code: {
      notBlackBox: 'an HDS code is taken only from the andee’s review page or a run’s signal_suggestion_write hint, and a hint is checked after the run token',
    },
    duplicate_signal: {
      notBlackBox: 'identity_write answers a duplicate with written: false; only the andee’s review page can collide two signals (identity-signals.test.ts)',
    },
    signal_not_found: { notBlackBox: 'a pending signal is reviewed only on the andee’s review page, never through a tool' },
    andee_not_found: (w) => as(w, w.mara, 'connections_request', { tag: '&nobody_here' }),
    cannot_request_self: (w) => as(w, w.mara, 'connections_request', { tag: '&mara' }),
    already_connected: (w) => as(w, w.mara, 'connections_request', { tag: '&theo' }),
    request_already_pending: (w) => as(w, w.nell, 'connections_request', { tag: '&mara' }),
    no_matching_request: (w) => as(w, w.theo, 'connections_accept', { tag: '&nell' }),
    not_connected: (w) => as(w, w.mara, 'connections_remove', { tag: '&nell' }),
    question_not_found: (w) => as(w, w.mara, 'questions_withdraw', { questionId: 'no-such-question' }),
    question_not_pending: (w) => as(w, w.mara, 'questions_withdraw', { questionId: w.withdrawnQuestionId }),
    // Loops, runs and the hosted runtime.
    loop_not_found: (w) => as(w, w.mara, 'loop_read', { loopId: 'loop_no_such_loop' }),
    item_not_found: (w) => as(w, w.mara, 'loop_set_item_visibility', { loopId: w.sharedLoopId, itemId: 'item_no_such_item', visibility: 'owner' }),
    not_loop_owner: (w) => as(w, w.theo, 'loop_set_item_visibility', { loopId: w.sharedLoopId, itemId: w.agentItemId, visibility: 'owner' }),
    member_not_found: (w) => as(w, w.mara, 'loop_share', { loopId: w.sharedLoopId, tag: '&nobody_here' }),
    skill_already_pinned: (w) =>
      as(w, 'runtime', 'loop_pin_skill', {
        loopId: w.pinnedLoopId,
        content: { instructions: 'Something else entirely.' },
        outcomeSpec: PINNED_SKILL.outcomeSpec,
      }),
    item_not_admitted: (w) =>
      as(w, w.mara, 'loop_write', {
        loopId: w.sharedLoopId,
        item: { kind: 'list', title: 'Tacos', blocks: [{ type: 'paragraph', text: 'Coming soon' }], fallbackText: 'TBD' },
      }),
    grounding_not_found: (w) =>
      as(w, w.mara, 'loop_write', {
        loopId: w.sharedLoopId,
        item: {
          kind: 'list',
          title: 'Taco spots',
          blocks: [{ type: 'bullet_list', items: ['Tacos El Gallo'] }],
          fallbackText: 'Tacos El Gallo',
          grounding: ['sig_made_up'],
        },
      }),
    not_agent_authored: (w) => as(w, w.mara, 'loop_set_item_visibility', { loopId: w.sharedLoopId, itemId: w.andeeItemId, visibility: 'owner' }),
    // Never listed to a public client (callable-tools.test.ts), and called by name it is this tool error, not an unknown tool.
    hosted_runtime_only: {
      call: (w: World) => as(w, w.mara, 'loop_pin_skill', { loopId: w.sharedLoopId, ...PINNED_SKILL }),
      refusedBy: { 'Inspector CLI 2.x': 'it calls only tools the server listed, and & lists the hosted-runtime tools to the hosted runtime alone' },
    },
    first_party_only: { notBlackBox: 'agent chat and evidence upload are API routes of the andee’s first-party app, not tools (agent-chat-turns.test.ts)' },
    // Turn-scoped: listed only within a turn, so outside one a client naming it gets this tool error.
    run_token_invalid: {
      call: (w: World) => as(w, w.mara, 'run_outcome', { mode: 'completed', summary: 'Done.' }),
      refusedBy: { 'Inspector CLI 2.x': 'it calls only tools the server listed, and & lists run_outcome only within a turn' },
    },
    outcome_not_allowed: {
      notBlackBox: 'only a live run’s own runtime holds the run token it needs; loop-turns.test.ts drives it through the runtime stand-in',
    },
    unknown_block: (w) => as(w, 'runtime', 'loop_compose', { loopId: w.pinnedLoopId, blocks: [{ type: 'carousel', items: [] }] }),
    // The andee's web app and the authorization server's pages.
    form_too_large: { notBlackBox: WEB_ONLY },
    form_unsupported: { notBlackBox: WEB_ONLY },
    csrf_invalid: { notBlackBox: WEB_ONLY },
    invalid_tag: { notBlackBox: WEB_ONLY },
    invalid_name: { notBlackBox: WEB_ONLY },
    tag_taken: { notBlackBox: WEB_ONLY },
    sign_in_link_unknown: { notBlackBox: WEB_ONLY },
    sign_in_link_used: { notBlackBox: WEB_ONLY },
    sign_in_link_expired: { notBlackBox: WEB_ONLY },
    interaction_expired: { notBlackBox: WEB_ONLY },
    interaction_used: { notBlackBox: APPROVAL_PAGE_ONLY },
    approval_number_wrong: { notBlackBox: APPROVAL_PAGE_ONLY },
    invalid_client: { notBlackBox: WEB_ONLY },
    grant_not_found: { notBlackBox: WEB_ONLY },
    slow_down: {
      notBlackBox: 'the token endpoint’s answer to a device code polled too often (RFC 8628), never a tool call’s; rate-limits.test.ts checks it',
    },
  },
});
