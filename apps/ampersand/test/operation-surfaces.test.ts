/**
 * Each & operation is declared once (src/contracts/operations.ts) and both surfaces are derived
 * from the declarations, so neither can drift from them: this walks every declaration against
 * the running services. tools/list shows each principal exactly the declared tools meant for it
 * and allowed by its token's scopes (the turn-scoped ones only within a turn),
 * with the declared words, annotations and scheme; the API answers every declared path (bad
 * input is 400 invalid_arguments naming the field, a token without the operation's scopes is 403
 * insufficient_scope naming them, as the tool says too; a hosted-runtime operation refuses a
 * public client); and the API serves no `/v1/` route that is neither declared nor one of the few
 * listed below that no tool stands for. A tool without a route, or a route without a
 * declaration, fails here.
 */
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { connectClient } from '@agent-products/kit/testing';
import { deriveKeys } from '../src/auth/derived-keys.ts';
import { scopesOf, type SomeOperation } from '../src/contracts/declare-operation.ts';
import { OPERATIONS } from '../src/contracts/operations.ts';
import { ALL_SCOPES, DEFAULT_PUBLIC_SCOPES, GRANTABLE_SCOPES } from '../src/scopes.ts';
import { mcpClient } from './support/andee-tokens.ts';
import { authorizedAgent, type Agent } from './support/loop-agent.ts';
import { mintAccessToken } from './support/mint-token.ts';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';

/** The `/v1/` routes no tool stands for, and why: the andee's own apps call them, never an agent. */
const ROUTES_WITHOUT_TOOL: Record<string, string> = {
  '/v1/chat/send': 'agent chat is started by the andee, from the web app or their own first-party app',
  '/v1/chat/read': 'the agent-chat conversation, read by the first-party app',
  '/v1/contacts': "the andee's address book, uploaded by their app",
  '/v1/evidence/photos': 'derived photo evidence, sent by the first-party app',
  '/v1/evidence/places': 'derived place evidence, sent by the first-party app',
  '/v1/loops/runs': "a Loop's runs, followed by the andee's app while a turn runs",
};

const operations = OPERATIONS as readonly SomeOperation[];
const publicOperations = operations.filter((op) => !op.hostedRuntimeOnly);
/** What a request outside a turn is shown: no turn-scoped operation. */
const outsideTurn = (op: SomeOperation) => !op.turnScoped;

let amp: RunningAmpersand;
/** Mia's agent, from a real authorization with the opt-in Loop boxes ticked: every grantable scope. */
let mia: Agent;
let fullToken: string;
let grantId: string;
let runtimeToken: string;
let runtime: Client;

beforeAll(async () => {
  amp = await startAmpersand();
  mia = await authorizedAgent(amp, 'mia');
  fullToken = mia.accessToken;
  const claims = JSON.parse(Buffer.from(fullToken.split('.')[1]!, 'base64url').toString('utf8'));
  expect(claims.scope.split(' ').sort()).toEqual([...GRANTABLE_SCOPES].sort());
  grantId = claims.gid;
  runtimeToken = (await amp.api.hostedRuntime.issue(mia.andeeId, new Date())).accessToken;
  runtime = await connectClient(amp.mcpUrl, { Authorization: `Bearer ${runtimeToken}` });
}, 120_000);
afterAll(async () => {
  await mia?.close();
  await runtime?.close();
  await amp?.close();
});

function post(path: string, token: string, body: unknown): Promise<Response> {
  return fetch(`${amp.apiUrl}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** The scheme a tool advertises for its declared scopes: all of them, or the first of an either-of. */
function advertisedScopes(op: SomeOperation): readonly string[] {
  return 'all' in op.scopes ? op.scopes.all : [op.scopes.anyOf[0]];
}

it('declares each name and each path once', () => {
  expect(new Set(operations.map((op) => op.name)).size).toBe(operations.length);
  expect(new Set(operations.map((op) => op.path)).size).toBe(operations.length);
});

/** A run token & would sign for Mia's turn: tools/list only recognizes it, so no run is needed. */
function miasRunToken(): Promise<string> {
  return new SignJWT({ rid: 'run_surfaces', tid: 'turn_surfaces', grants: [] })
    .setProtectedHeader({ alg: 'HS256', typ: 'run+jwt' })
    .setIssuer(amp.apiUrl)
    .setAudience('ampersand-run')
    .setSubject(mia.andeeId)
    .setExpirationTime('5m')
    .sign(deriveKeys(amp.secret).runToken);
}

describe('tools/list', () => {
  it('shows a public client outside a turn the declared public tools that are not turn-scoped, in order', async () => {
    const { tools } = await mia.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(publicOperations.filter(outsideTurn).map((op) => op.name));
  });

  it('shows a public client within a turn exactly the declared public tools, in order, as declared', async () => {
    const inTurn = await mia.withHeaders({ 'X-Run-Token': await miasRunToken() });
    const { tools } = await inTurn.listTools();
    await inTurn.close();
    expect(tools.map((t) => t.name)).toEqual(publicOperations.map((op) => op.name));
    for (const op of publicOperations) {
      const tool = tools.find((t) => t.name === op.name)!;
      expect(tool.title, op.name).toBe(op.title);
      expect(tool.description, op.name).toBe(op.description);
      expect(tool.annotations, op.name).toEqual({ title: op.title, ...op.annotations });
      expect(tool._meta?.securitySchemes, op.name).toEqual([{ type: 'oauth2', scopes: advertisedScopes(op) }]);
    }
  });

  const scopeSets: (readonly string[])[] = [
    DEFAULT_PUBLIC_SCOPES,
    [...DEFAULT_PUBLIC_SCOPES, 'loops:read'],
    ['connections:write'],
    ['signals:ask', 'loops:write'],
  ];
  for (const scopes of scopeSets) {
    it(`shows a token of ${scopes.join(' ')} exactly the declared public tools its scopes allow`, async () => {
      const token = await mintAccessToken({
        secret: amp.secret,
        issuer: amp.apiUrl,
        audience: amp.mcpUrl,
        subject: mia.andeeId,
        grantId,
        scope: scopes.join(' '),
      });
      const client = await mcpClient(amp, token);
      const { tools } = await client.listTools();
      await client.close();
      const allowed = (op: SomeOperation) =>
        'all' in op.scopes ? op.scopes.all.every((s) => scopes.includes(s)) : op.scopes.anyOf.some((s) => scopes.includes(s));
      expect(tools.map((t) => t.name)).toEqual(publicOperations.filter((op) => allowed(op) && outsideTurn(op)).map((op) => op.name));
    });
  }

  it('shows the hosted runtime outside a turn every declared tool but the turn-scoped ones, its own last', async () => {
    const { tools } = await runtime.listTools();
    expect(tools.map((t) => t.name)).toEqual(
      [...publicOperations, ...operations.filter((op) => op.hostedRuntimeOnly)].filter(outsideTurn).map((op) => op.name),
    );
  });
});

describe('the API', () => {
  it('serves no /v1/ route that is neither declared nor a route without a tool', () => {
    const served = new Set(amp.api.app.routes.filter((r) => r.method === 'POST' && r.path.startsWith('/v1/')).map((r) => r.path));
    expect([...served].sort()).toEqual([...operations.map((op) => op.path), ...Object.keys(ROUTES_WITHOUT_TOOL)].sort());
  });

  for (const op of operations) {
    it(`${op.name}: ${op.path} reads its body with the declared input (bad input names the field)`, async () => {
      const response = await post(op.path, op.hostedRuntimeOnly ? runtimeToken : fullToken, { notAnArgument: 1 });
      expect(response.status).toBe(400);
      const { error } = await response.json();
      expect(error.code).toBe('invalid_arguments');
      expect(error.details.fields).toContainEqual({ field: 'notAnArgument', problem: 'is not an accepted argument' });
    });

    it(`${op.name}: a token without ${scopesOf(op.scopes).join(' or ')} is refused on both surfaces, naming ${advertisedScopes(op).join(' ')}`, async () => {
      const held = scopesOf(op.scopes);
      const token = await mintAccessToken({
        secret: amp.secret,
        issuer: amp.apiUrl,
        audience: amp.mcpUrl,
        subject: mia.andeeId,
        grantId,
        scope: ALL_SCOPES.filter((s) => !held.includes(s)).join(' '),
      });
      const response = await post(op.path, token, {});
      expect(response.status).toBe(403);
      expect(response.headers.get('www-authenticate')).toContain('insufficient_scope');
      expect((await response.json()).error).toMatchObject({ code: 'insufficient_scope', details: { missingScopes: advertisedScopes(op) } });
      if (op.hostedRuntimeOnly) return; // not listed to this principal: the MCP service does not know the tool for it
      const client = await mcpClient(amp, token);
      const result = await client.callTool({ name: op.name, arguments: {} });
      await client.close();
      expect(result.isError).toBe(true);
      expect((result.structuredContent as { error: unknown }).error).toMatchObject({
        code: 'insufficient_scope',
        details: { missingScopes: advertisedScopes(op) },
      });
    });
  }

  for (const op of operations.filter((o) => o.hostedRuntimeOnly && scopesOf(o.scopes).every((s) => (GRANTABLE_SCOPES as readonly string[]).includes(s)))) {
    it(`${op.name}: a public client holding its scopes is refused hosted_runtime_only`, async () => {
      const response = await post(op.path, fullToken, { notAnArgument: 1 });
      // Its input is read first (as for every operation), so bad input is still named as such.
      expect(response.status).toBe(400);
      expect(validProbe[op.name], `a valid probe for ${op.name}`).toBeDefined();
      const valid = await post(op.path, fullToken, validProbe[op.name]);
      expect(valid.status).toBe(403);
      expect((await valid.json()).error.code).toBe('hosted_runtime_only');
    });
  }
});

/** Input that passes the schema of each hosted-runtime operation a public client can hold the scopes of. */
const validProbe: Record<string, unknown> = {
  loop_pin_skill: {
    loopId: 'loop_x',
    content: { instructions: 'Write a profile.' },
    outcomeSpec: { artifactKinds: ['profile'], terminalModes: ['completed'] },
  },
  loop_compose: { loopId: 'loop_x', blocks: [{ type: 'paragraph', text: 'x' }] },
};
