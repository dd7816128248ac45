/**
 * The scope matrix: for every public tool, a token lacking one of its scopes gets the tool error
 * insufficient_scope naming that scope (so an agent can re-authorize), and the API route behind it
 * refuses the same token with 403 on its own; a token lacking an unrelated scope is not refused.
 * questions_answer needs both of its scopes; questions_list accepts connections:write instead of
 * its advertised connections:read. Every tool advertises its scheme in _meta.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';
import { accessToken, createAndee, DEFAULT_SCOPE, mcpClient, type TestAndee } from './support/andee-tokens.ts';
import { PUBLIC_TOOLS } from './support/public-tools.ts';

const TOOLS: Record<string, { scopes: string[]; route: string; args: Record<string, unknown> }> = {
  ask_question: { scopes: ['signals:ask'], route: '/v1/identity/ask', args: { question: 'What do I like?' } },
  find_andees: { scopes: ['signals:ask'], route: '/v1/identity/find', args: { name: 'Nobody' } },
  andee_read: { scopes: ['connections:read'], route: '/v1/identity/andee', args: { tag: 'mia' } },
  identity_write: { scopes: ['signals:write'], route: '/v1/identity/write', args: { value: 'I like figs.' } },
  connections_read: { scopes: ['connections:read'], route: '/v1/connections/read', args: {} },
  connections_pending: { scopes: ['connections:read'], route: '/v1/connections/pending', args: {} },
  connections_request: { scopes: ['connections:write'], route: '/v1/connections/request', args: { tag: 'nobody_x' } },
  connections_accept: { scopes: ['connections:write'], route: '/v1/connections/accept', args: { tag: 'nobody_x' } },
  connections_deny: { scopes: ['connections:write'], route: '/v1/connections/deny', args: { tag: 'nobody_x' } },
  connections_remove: { scopes: ['connections:write'], route: '/v1/connections/remove', args: { tag: 'nobody_x' } },
  ask_andee: { scopes: ['connections:write'], route: '/v1/questions/ask', args: { tag: 'nobody_x', question: 'Hi?' } },
  questions_pending: { scopes: ['connections:read'], route: '/v1/questions/pending', args: {} },
  questions_list: { scopes: ['connections:read'], route: '/v1/questions/sent', args: {} },
  questions_answer: { scopes: ['connections:write', 'signals:write'], route: '/v1/questions/answer', args: { questionId: 'none', answer: 'Yes.' } },
  questions_reject: { scopes: ['connections:write'], route: '/v1/questions/reject', args: { questionId: 'none' } },
  questions_withdraw: { scopes: ['connections:write'], route: '/v1/questions/withdraw', args: { questionId: 'none' } },
};

let amp: RunningAmpersand;
let mia: TestAndee;
const without: Record<string, { client: Client; token: string }> = {};

beforeAll(async () => {
  amp = await startAmpersand();
  mia = await createAndee(amp, 'mia', 'Mia Matrix');
  for (const scope of DEFAULT_SCOPE.split(' ')) {
    const token = await accessToken(amp, mia, {
      scope: DEFAULT_SCOPE.split(' ')
        .filter((s) => s !== scope)
        .join(' '),
    });
    without[scope] = { token, client: await mcpClient(amp, token) };
  }
}, 180_000);
afterAll(async () => {
  for (const { client } of Object.values(without)) await client.close();
  await amp?.close();
});

it('covers every public tool, each advertising its OAuth scheme and scopes', async () => {
  expect(Object.keys(TOOLS).sort()).toEqual(PUBLIC_TOOLS);
  // Each token is shown only the tools its scopes allow (callable-tools.test.ts), so every public
  // tool is listed to some of these tokens and to none that lacks its scope.
  const listed = new Map<string, { name: string; _meta?: Record<string, unknown> }>();
  for (const [scope, { client }] of Object.entries(without)) {
    for (const tool of (await client.listTools()).tools) {
      listed.set(tool.name, tool);
      const needs = TOOLS[tool.name]?.scopes ?? [];
      if (tool.name !== 'questions_list') expect(needs, `${tool.name} listed without ${scope}`).not.toContain(scope);
    }
  }
  // The Loop and turn-scoped tools have their own scope tests (loop-tools, signal-suggestions).
  const publicTools = [...listed.values()].filter((t) => t.name in TOOLS);
  expect(publicTools.map((t) => t.name).sort()).toEqual(PUBLIC_TOOLS);
  for (const tool of publicTools) expect(tool._meta?.securitySchemes, tool.name).toEqual([{ type: 'oauth2', scopes: TOOLS[tool.name]!.scopes }]);
});

for (const scope of DEFAULT_SCOPE.split(' ')) {
  describe(`a token without ${scope}`, () => {
    for (const [name, tool] of Object.entries(TOOLS)) {
      // questions_list is satisfied by connections:write when connections:read is missing.
      const refused = tool.scopes.includes(scope) && !(name === 'questions_list' && scope === 'connections:read');
      it(`${name}: ${refused ? 'insufficient_scope, on the tool and on the API' : 'not refused for scope'}`, async () => {
        const result = await without[scope]!.client.callTool({ name, arguments: tool.args });
        const error = (result.structuredContent as { error?: { code: string; details?: { missingScopes?: string[] } } }).error;
        const response = await fetch(`${amp.apiUrl}${tool.route}`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${without[scope]!.token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(tool.args),
        });
        if (refused) {
          expect(result.isError).toBe(true);
          expect(error?.code).toBe('insufficient_scope');
          expect(error?.details?.missingScopes).toEqual([scope]);
          expect(response.status).toBe(403);
          expect(response.headers.get('www-authenticate')).toContain('insufficient_scope');
        } else {
          expect(error?.code).not.toBe('insufficient_scope');
          expect(response.status).not.toBe(403);
        }
      });
    }
  });
}

it('questions_list with neither connections:read nor connections:write is refused, naming connections:read', async () => {
  const token = await accessToken(amp, mia, { scope: 'signals:ask signals:write' });
  const client = await mcpClient(amp, token);
  const result = await client.callTool({ name: 'questions_list', arguments: {} });
  expect((result.structuredContent as { error: { code: string; details: unknown } }).error).toMatchObject({
    code: 'insufficient_scope',
    details: { missingScopes: ['connections:read'] },
  });
  const response = await fetch(`${amp.apiUrl}/v1/questions/sent`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: '{}',
  });
  expect(response.status).toBe(403);
  await client.close();
});
