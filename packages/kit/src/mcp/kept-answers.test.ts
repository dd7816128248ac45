/**
 * A tool that hands out the same keepable answer again gets the same result and the same bytes,
 * checked and rendered once; every other answer is handled afresh on every call.
 */
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { McpServer, type JSONRPCMessage, type JSONRPCRequest } from '@modelcontextprotocol/server';
import { createLogger } from '../log/index.ts';
import { directToolCall } from './direct-tool-call.ts';
import { answerJson, isKeepable, keepableAnswer } from './kept-answers.ts';
import { bindRequestScope } from './request-scope.ts';
import { ServerPool } from './server-pool.ts';
import { defineTool } from './tool.ts';

const scope = { correlationId: 'kept', log: createLogger({ name: 't', level: 'silent' }), now: () => new Date() };
const annotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

/** A tool over `answers` that counts how often its text is rendered (once per check of an answer). */
function toolOver(answer: () => unknown) {
  let renders = 0;
  const tool = defineTool({
    name: 'read_words',
    title: 'Read words',
    description: 'Answers with words.',
    input: z.strictObject({}),
    output: z.object({ words: z.array(z.object({ en: z.string(), zh: z.string() })), total: z.number() }),
    annotations,
    run: () => answer() as never,
    text: (r) => {
      renders++;
      return r.words.map((w) => `${w.en} (${w.zh})`).join('\n');
    },
  });
  return { tool, renders: () => renders };
}

const words = {
  words: [
    { en: 'panda', zh: '熊猫' },
    { en: 'tea "house"', zh: '茶馆\n' },
  ],
  total: 2,
};
const call = (id: number | string): JSONRPCRequest => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'read_words', arguments: {} } });

describe('kept answers', () => {
  it('answers a keepable answer returned again with the same result, rendered once, in the bytes JSON.stringify gives', async () => {
    const kept = keepableAnswer(structuredClone(words));
    const { tool, renders } = toolOver(() => kept);
    const tools = new Map([[tool.name, tool]]);
    const first = (await directToolCall(tools, call(1), scope))!;
    const second = (await directToolCall(tools, call('b"2'), scope))!;
    expect(renders()).toBe(1);
    expect((second as { result: unknown }).result).toBe((first as { result: unknown }).result);
    for (const answer of [first, second, first]) {
      const json = answerJson(answer);
      expect(json.text).toBe(JSON.stringify(answer));
      expect(json.bytes).toBe(Buffer.byteLength(JSON.stringify(answer)));
    }
    expect(JSON.parse(answerJson(second).text)).toEqual({
      jsonrpc: '2.0',
      id: 'b"2',
      result: { content: [{ type: 'text', text: 'panda (熊猫)\ntea "house" (茶馆\n)' }], structuredContent: words },
    });
  });

  it('handles an answer that is not keepable afresh on every call, so a change to it shows', async () => {
    const shared = structuredClone(words);
    const { tool, renders } = toolOver(() => shared);
    const tools = new Map([[tool.name, tool]]);
    await directToolCall(tools, call(1), scope);
    shared.total = 3;
    const second = (await directToolCall(tools, call(2), scope)) as unknown as { result: { structuredContent: { total: number } } };
    expect(renders()).toBe(2);
    expect(second.result.structuredContent.total).toBe(3);
    expect(isKeepable(Object.freeze({ ...words }))).toBe(false);
  });

  it('marks the answer itself, its top level frozen', () => {
    const answer = structuredClone(words);
    expect(keepableAnswer(answer)).toBe(answer);
    expect(isKeepable(answer)).toBe(true);
    expect(() => {
      (answer as { total: number }).total = 3;
    }).toThrow(TypeError);
  });

  it('does not check a kept answer again, and still refuses one that broke the schema', async () => {
    const { tool } = toolOver(() => keepableAnswer({ words: 'not a list', total: 1 }));
    const answer = (await directToolCall(new Map([[tool.name, tool]]), call(1), scope)) as unknown as {
      result: { isError?: boolean; structuredContent: { error: { code: string } } };
    };
    expect(answer.result.isError).toBe(true);
    expect(answer.result.structuredContent.error.code).toBe('internal_error');
  });

  it('serves a kept result through the SDK as the direct path does', async () => {
    const kept = keepableAnswer(structuredClone(words));
    const { tool } = toolOver(() => kept);
    const pool = new ServerPool(() => {
      const server = new McpServer({ name: 't', version: '1' }, { capabilities: { tools: {} } });
      tool.register(server);
      return server;
    });
    const request = new Request('http://127.0.0.1/mcp', { method: 'POST' });
    bindRequestScope(request, scope);
    const direct = await directToolCall(new Map([[tool.name, tool]]), call(5), scope);
    for (let i = 0; i < 2; i++) expect(await pool.exchange(call(5), { request })).toEqual(direct as JSONRPCMessage);
    await pool.close();
  });
});
