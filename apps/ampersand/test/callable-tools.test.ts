/**
 * tools/list shows exactly the tools a token can use (issue 27 §3, issue 39 §3; spec "Request
 * validation": each request registers the tools allowed by the verified token context): the
 * default grant sees no Loop tool, `loops:read` adds the two Loop reads, `loops:write` the Loop
 * writes; the turn-scoped tools (signal_suggestion_write, run_outcome) are shown only within a
 * turn (a request carrying a live run token of the caller), and only the hosted runtime's
 * principal sees its own tools. A tool left out is still answered by name as a tool error with
 * its code, never "not found": `insufficient_scope` naming the missing scope and saying how to
 * get it, `run_token_invalid` outside a turn, `hosted_runtime_only` to anyone but the hosted
 * runtime, for the modern (2026-07-28) and the 2025-era protocol alike.
 */
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/client';
import { MCP_HEADERS } from '@agent-products/kit/testing';
import { deriveKeys } from '../src/auth/derived-keys.ts';
import { PUBLIC_TOOLS } from './support/public-tools.ts';
import { LOOP_READ_TOOLS, LOOP_TOOLS, LOOP_WRITE_TOOLS, TURN_SCOPED_TOOLS } from './support/loop-tool-names.ts';
import { accessToken, callError, createAndee, DEFAULT_SCOPE, mcpClient, type TestAndee } from './support/andee-tokens.ts';
import { mintAccessToken } from './support/mint-token.ts';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

let amp: RunningAmpersand;
let ada: TestAndee;
let bea: TestAndee;
beforeAll(async () => {
  amp = await startAmpersand();
  ada = await createAndee(amp, 'ada', 'Ada');
  bea = await createAndee(amp, 'bea', 'Bea');
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

/** A run token & would sign for `andee`'s turn, live for a minute unless `expiresAt` says otherwise (tools/list only recognizes it: no run is needed). */
function runToken(andee: TestAndee, expiresAt = Math.floor(Date.now() / 1000) + 60): Promise<string> {
  return new SignJWT({ rid: 'run_listing', tid: 'turn_listing', grants: [] })
    .setProtectedHeader({ alg: 'HS256', typ: 'run+jwt' })
    .setIssuer(amp.apiUrl)
    .setAudience('ampersand-run')
    .setSubject(andee.andeeId)
    .setIssuedAt(expiresAt - 120)
    .setExpirationTime(expiresAt)
    .sign(deriveKeys(amp.secret).runToken);
}

async function listedInTurn(accessTokenValue: string, runTokenValue: string): Promise<string[]> {
  const client = new Client({ name: 'turn-runtime', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(amp.mcpUrl), {
      requestInit: { headers: { Authorization: `Bearer ${accessTokenValue}`, 'X-Run-Token': runTokenValue } },
    }),
  );
  try {
    return (await client.listTools()).tools.map((tool) => tool.name).sort();
  } finally {
    await client.close();
  }
}

describe('tools/list', () => {
  it('shows a default-scope token no Loop tool and, outside a turn, no turn-scoped tool', async () => {
    expect(await listedWith(DEFAULT_SCOPE)).toEqual(PUBLIC_TOOLS);
  });

  it('adds the Loop reads with loops:read and the Loop writes with loops:write', async () => {
    expect(await listedWith(`${DEFAULT_SCOPE} loops:read`)).toEqual([...PUBLIC_TOOLS, ...LOOP_READ_TOOLS].sort());
    expect(await listedWith(`${DEFAULT_SCOPE} loops:read loops:write`)).toEqual([...PUBLIC_TOOLS, ...LOOP_TOOLS].sort());
  });

  it('shows the turn-scoped tools within a turn of the caller, each only with its scope', async () => {
    const defaults = await accessToken(amp, ada);
    expect(await listedInTurn(defaults, await runToken(ada))).toEqual([...PUBLIC_TOOLS, 'signal_suggestion_write'].sort());
    const withLoops = await accessToken(amp, ada, { scope: `${DEFAULT_SCOPE} loops:read loops:write`, optIn: ['loops:read', 'loops:write'] });
    expect(await listedInTurn(withLoops, await runToken(ada))).toEqual([...PUBLIC_TOOLS, ...LOOP_TOOLS, ...Object.keys(TURN_SCOPED_TOOLS)].sort());
  });

  it('does not count another andee’s, an expired or a forged run token as a turn', async () => {
    const withLoops = await accessToken(amp, ada, { scope: `${DEFAULT_SCOPE} loops:read loops:write`, optIn: ['loops:read', 'loops:write'] });
    const outside = [...PUBLIC_TOOLS, ...LOOP_TOOLS].sort();
    expect(await listedInTurn(withLoops, await runToken(bea))).toEqual(outside);
    expect(await listedInTurn(withLoops, await runToken(ada, Math.floor(Date.now() / 1000) - 5))).toEqual(outside);
    const forged = await new SignJWT({ rid: 'run_listing' })
      .setProtectedHeader({ alg: 'HS256', typ: 'run+jwt' })
      .setIssuer(amp.apiUrl)
      .setAudience('ampersand-run')
      .setSubject(ada.andeeId)
      .setExpirationTime('1m')
      .sign(new TextEncoder().encode('not-the-run-token-key-not-the-run-token-key'));
    expect(await listedInTurn(withLoops, forged)).toEqual(outside);
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

  it('shows the hosted runtime the turn-scoped tools only within a turn', async () => {
    const { accessToken: token } = await amp.api.hostedRuntime.issue(ada.andeeId, new Date());
    const outside = await mcpClient(amp, token);
    try {
      expect((await outside.listTools()).tools.map((tool) => tool.name)).not.toEqual(expect.arrayContaining(['signal_suggestion_write']));
      expect((await outside.listTools()).tools.map((tool) => tool.name)).not.toEqual(expect.arrayContaining(['run_outcome']));
    } finally {
      await outside.close();
    }
    expect(await listedInTurn(token, await runToken(ada))).toEqual(expect.arrayContaining([...HOSTED_ONLY, ...Object.keys(TURN_SCOPED_TOOLS)]));
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

  it('a turn-scoped tool outside a turn is the tool error run_token_invalid', async () => {
    const client = await mcpClient(amp, await accessToken(amp, ada));
    try {
      const refused = await callError(client, 'signal_suggestion_write', { draftedText: 'I restore old clocks.', hdsCodeHint: 'interests.crafts' });
      expect(refused).toMatchObject({ code: 'run_token_invalid', message: expect.stringMatching(/X-Run-Token/) });
    } finally {
      await client.close();
    }
  });

  const PIN_ARGS = { loopId: 'loop_any', content: { instructions: 'Anything.' }, outcomeSpec: { artifactKinds: ['profile'], terminalModes: ['completed'] } };

  it('a hosted-runtime tool is the tool error hosted_runtime_only to a public client, whatever its scopes and arguments', async () => {
    for (const token of [await accessToken(amp, ada), await accessToken(amp, ada, { scope: 'signals:ask loops:write', optIn: ['loops:write'] })]) {
      const client = await mcpClient(amp, token);
      try {
        for (const name of HOSTED_ONLY) {
          const refused = await callError(client, name, name === 'loop_pin_skill' ? PIN_ARGS : { unexpected: true });
          expect(refused, name).toMatchObject({ code: 'hosted_runtime_only', message: expect.stringContaining(name) });
        }
      } finally {
        await client.close();
      }
    }
  });

  it('is the same hosted_runtime_only tool error over the 2025-era protocol', async () => {
    const token = await accessToken(amp, ada);
    const response = await fetch(amp.mcpUrl, {
      method: 'POST',
      headers: { ...MCP_HEADERS, 'MCP-Protocol-Version': '2025-06-18', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'loop_pin_skill', arguments: PIN_ARGS } }),
    });
    const answer = await response.json();
    expect(answer.error).toBeUndefined();
    expect(answer.result.isError).toBe(true);
    expect(answer.result.structuredContent.error).toMatchObject({ code: 'hosted_runtime_only', retryable: false });
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
