/**
 * The direct `tools/call` path answers exactly what the SDK's protocol layer would, for any
 * arguments: generated argument objects go through both and must produce identical messages.
 */
import { describe, expect, it } from 'vitest';
import * as fc from 'fast-check';
import * as z from 'zod';
import { McpServer, type JSONRPCRequest } from '@modelcontextprotocol/server';
import { createLogger } from '../log/index.ts';
import { fuzzRuns } from '../testing/fuzz-scale.ts';
import { bindRequestScope } from './request-scope.ts';
import { directToolCall } from './direct-tool-call.ts';
import { ServerPool } from './server-pool.ts';
import { defineTool } from './tool.ts';

const tool = defineTool({
  name: 'measure_text',
  title: 'Measure',
  description: 'Measure a text.',
  input: z.strictObject({ text: z.string().min(1).max(20), mode: z.enum(['chars', 'words']).default('chars') }),
  output: z.object({ length: z.number(), mode: z.string() }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: (args) => ({ length: args.mode === 'chars' ? args.text.length : args.text.split(/\s+/).length, mode: args.mode }),
  text: (r) => `${r.length} ${r.mode}`,
});
const tools = new Map([[tool.name, tool]]);
const pool = new ServerPool(() => {
  const server = new McpServer({ name: 't', version: '1' }, { capabilities: { tools: {} } });
  tool.register(server);
  return server;
});
const scope = { correlationId: 'same', log: createLogger({ name: 't', level: 'silent' }), now: () => new Date() };
const request = new Request('http://127.0.0.1/mcp', { method: 'POST' });
bindRequestScope(request, scope);

describe('direct tools/call', () => {
  it('answers like the SDK for generated arguments', async () => {
    const argument = fc.oneof(
      fc.record({ text: fc.string({ maxLength: 25 }) }),
      fc.record({ text: fc.string({ maxLength: 25 }), mode: fc.constantFrom('chars', 'words', 'lines', 3) }),
      fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
      fc.constant(undefined),
    );
    await fc.assert(
      fc.asyncProperty(argument, fc.integer(), async (args, id) => {
        const message = {
          jsonrpc: '2.0',
          id,
          method: 'tools/call',
          params: { name: 'measure_text', ...(args === undefined ? {} : { arguments: args }) },
        } as JSONRPCRequest;
        const direct = directToolCall(tools, message, scope);
        expect(direct).toBeDefined();
        expect(await direct).toEqual(await pool.exchange(message, { request }));
      }),
      { numRuns: fuzzRuns(300) },
    );
  });

  it('leaves every other message to the SDK', () => {
    const others = [
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'measure_text', arguments: {}, _meta: { progressToken: 1 } } },
    ] as JSONRPCRequest[];
    for (const message of others) expect(directToolCall(tools, message, scope)).toBeUndefined();
  });

  it('answers an unknown name as not found, object-prototype keys included, as the SDK does for an unknown name', async () => {
    for (const name of ['unknown_tool', 'constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const message = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name, arguments: {} } } as JSONRPCRequest;
      const answer = { jsonrpc: '2.0', id: 7, error: { code: -32602, message: `Tool ${name} not found` } };
      expect(await directToolCall(tools, message, scope)).toEqual(answer);
    }
    const unknown = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'unknown_tool', arguments: {} } } as JSONRPCRequest;
    expect(await pool.exchange(unknown, { request })).toEqual(await directToolCall(tools, unknown, scope));
  });

  it('refuses arguments that are not an object with the structured invalid_arguments error', async () => {
    for (const args of [null, [], ['text'], 'text', 3, true]) {
      for (const extra of [{}, { _meta: { progressToken: 1 } }]) {
        const message = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'measure_text', arguments: args, ...extra } } as JSONRPCRequest;
        const answer = (await directToolCall(tools, message, scope)) as unknown as { result: { isError: boolean; structuredContent: any } };
        expect(answer.result.isError).toBe(true);
        expect(answer.result.structuredContent.error).toMatchObject({
          code: 'invalid_arguments',
          retryable: false,
          details: { fields: [{ field: '(arguments)' }] },
        });
      }
    }
  });
});
