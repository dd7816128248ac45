/**
 * tools/list shows exactly the tools a token can use (issue 27 §3; spec "Request validation":
 * each request registers the tools allowed by the verified token context): the default grant
 * sees no Loop tool, `loops:read` adds the two Loop reads, `loops:write` the Loop writes, and
 * only the hosted runtime's principal sees its own tools. A tool left out is still answered by
 * name: the official client gets the tool error `insufficient_scope` naming the missing scope and
 * saying how to get it, for the modern (2026-07-28) and the 2025-era protocol alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MCP_HEADERS } from '@agent-products/kit/testing';
import { PUBLIC_TOOLS } from './support/public-tools.ts';
import { LOOP_READ_TOOLS, LOOP_TOOLS, LOOP_WRITE_TOOLS, TURN_SCOPED_TOOLS } from './support/loop-tool-names.ts';
import { accessToken, callError, createAndee, DEFAULT_SCOPE, mcpClient, type TestAndee } from './support/andee-tokens.ts';
import { mintAccessToken } from './support/mint-token.ts';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';

let amp: RunningAmpersand;
let ada: TestAndee;
beforeAll(async () => {
  amp = await startAmpersand();
  ada = await createAndee(amp, 'ada', 'Ada');
});
afterAll(async () => {
  await amp?.close();
});

async function listedWith(scope: string): Promise<string[]> {
  // The Loop scopes are opt-in boxes on the approval page: ticked whenever asked for here.
  const optIn = scope.split(' ').filter((s) => s.startsWith('loops:'));
  const client = await mcpClient(amp, await accessToken(amp, ada, { scope, optIn }));
  try {
    return (await client.listTools()).tools.map((tool) => tool.name).sort();
  } finally {
    await client.close();
  }
}

const HOSTED_ONLY = ['identity_read', 'loop_compose', 'loop_pin_skill', 'photo_evidence_read', 'place_evidence_read', 'suggestion_feedback_read'];

describe('tools/list', () => {
  it('shows a default-scope token no Loop tool', async () => {
    expect(await listedWith(DEFAULT_SCOPE)).toEqual([...PUBLIC_TOOLS, ...TURN_SCOPED_TOOLS].sort());
  });

  it('adds the Loop reads with loops:read and the Loop writes with loops:write', async () => {
    expect(await listedWith(`${DEFAULT_SCOPE} loops:read`)).toEqual([...PUBLIC_TOOLS, ...TURN_SCOPED_TOOLS, ...LOOP_READ_TOOLS].sort());
    expect(await listedWith(`${DEFAULT_SCOPE} loops:read loops:write`)).toEqual([...PUBLIC_TOOLS, ...TURN_SCOPED_TOOLS, ...LOOP_TOOLS].sort());
  });

  it('shows a token holding only signals:ask only the tools that scope allows', async () => {
    const token = await mintAccessToken({ secret: amp.secret, issuer: amp.apiUrl, audience: amp.mcpUrl, scope: 'signals:ask' });
    const client = await mcpClient(amp, token);
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name).sort()).toEqual(['ask_question', 'find_andees']);
    } finally {
      await client.close();
    }
  });

  it('shows the hosted runtime its own tools, which no public token ever lists', async () => {
    const { accessToken: token } = await amp.api.hostedRuntime.issue(ada.andeeId, new Date());
    const client = await mcpClient(amp, token);
    try {
      const names = (await client.listTools()).tools.map((tool) => tool.name);
      expect(names).toEqual(expect.arrayContaining([...HOSTED_ONLY, ...LOOP_TOOLS]));
    } finally {
      await client.close();
    }
    expect(await listedWith(`${DEFAULT_SCOPE} loops:read loops:write`)).not.toEqual(expect.arrayContaining(['loop_pin_skill']));
  });
});

describe('a tool called by name that was not listed', () => {
  it('is insufficient_scope naming the scope, and says to authorize again and tick the Loop scopes', async () => {
    const client = await mcpClient(amp, await accessToken(amp, ada));
    try {
      const refused = await callError(client, 'loop_read', { loopId: 'anything' });
      expect(refused).toMatchObject({ code: 'insufficient_scope', details: { missingScopes: ['loops:read'] } });
      expect(refused.message).toContain('loops:read loops:write');
      expect(refused.message).toMatch(/authorize this MCP client again.*tick Loop access/i);
      const write = await callError(client, LOOP_WRITE_TOOLS[1]!, {});
      expect(write).toMatchObject({ code: 'insufficient_scope', details: { missingScopes: ['loops:write'] } });
    } finally {
      await client.close();
    }
  });

  it('is the same tool error over the 2025-era protocol, where the call skips the SDK', async () => {
    const token = await accessToken(amp, ada, { scope: 'signals:ask' });
    const response = await fetch(amp.mcpUrl, {
      method: 'POST',
      headers: { ...MCP_HEADERS, 'MCP-Protocol-Version': '2025-06-18', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'connections_read', arguments: {} } }),
    });
    const result = (await response.json()).result;
    expect(result.isError).toBe(true);
    expect(result.structuredContent.error).toMatchObject({ code: 'insufficient_scope', details: { missingScopes: ['connections:read'] } });
    expect(result.content[0].text).toContain('connections:read');
  });

  it('a name that is no tool at all is still not found', async () => {
    const client = await mcpClient(amp, await accessToken(amp, ada));
    try {
      await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(/not found/);
    } finally {
      await client.close();
    }
  });
});
