/**
 * An endpoint that lists only some of its tools (`listed`): tools/list shows those, in both
 * protocol eras through the official client, while a tool left out is still answered by name
 * with its own result — here its structured `insufficient_scope` refusal — not "not found".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { createHttpApp } from '../http/app.ts';
import { listen, type RunningServer } from '../http/serve.ts';
import { createLogger } from '../log/index.ts';
import { connectClient, callTool } from '../testing/mcp-client.ts';
import { createMcpEndpoint, type McpEndpoint } from './endpoint.ts';
import { mountMcpEndpoint } from './mount.ts';
import { defineTool } from './tool.ts';

const annotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const open = defineTool({
  name: 'open_tool',
  title: 'Open',
  description: 'Callable by anyone.',
  input: z.strictObject({}),
  output: z.object({ ok: z.boolean() }),
  annotations,
  run: () => ({ ok: true }),
  text: () => 'ok',
});
const scoped = defineTool({
  name: 'scoped_tool',
  title: 'Scoped',
  description: 'Needs a scope nobody here holds.',
  input: z.strictObject({}),
  output: z.object({ ok: z.boolean() }),
  annotations,
  access: { scopes: ['things:write'], howToGet: 'reconnect asking for things:write.' },
  run: () => ({ ok: true }),
  text: () => 'ok',
});

let server: RunningServer;
let endpoint: McpEndpoint;
beforeAll(async () => {
  const app = createHttpApp({ log: createLogger({ name: 'listed-test', level: 'silent' }), allowedOrigins: [], health: { dependencies: [] } });
  endpoint = createMcpEndpoint({
    name: 'listed-test',
    version: '1.0.0',
    tools: [open, scoped],
    listed: (tool) => tool.name === 'open_tool',
    guard: {
      challenge: {},
      refusals: { missing: 'm', malformed: 'm', invalid: 'i', expired: 'e', revoked: 'r' },
      admit: async () => ({ principal: { subject: 'ada', credentialId: 't', scopes: [] } }),
    },
  });
  mountMcpEndpoint(app, endpoint);
  server = await listen(app.fetch, 0);
});
afterAll(async () => {
  await server?.close();
  await endpoint?.close();
});

describe('listed tools', () => {
  it('tools/list shows only the listed tools, and the official client calls the other by name to its own refusal', async () => {
    const client = await connectClient(server.url);
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['open_tool']);
      const refused = (await client.callTool({ name: 'scoped_tool', arguments: {} })) as any;
      expect(refused.isError).toBe(true);
      expect(refused.structuredContent.error).toMatchObject({ code: 'insufficient_scope', details: { missingScopes: ['things:write'] } });
      expect(refused.content[0].text).toContain('reconnect asking for things:write.');
    } finally {
      await client.close();
    }
  });

  it('answers the same over a raw 2025-era call', async () => {
    const answer = await callTool(server.url, 'scoped_tool', {});
    expect(answer.result.structuredContent.error.code).toBe('insufficient_scope');
    expect((await callTool(server.url, 'open_tool', {})).result.structuredContent).toEqual({ ok: true });
  });
});
