/**
 * Input no tool can take gets zaezd's structured errors, never an HTTP 500: arguments nested
 * 10,000 and 100,000 levels deep in every tool, arguments that are null, an array or a string
 * (each the invalid_arguments tool error naming the field), tool names that are object-prototype
 * keys ("not found", like any unknown name), and batches over 100 messages or under 2025-06-18.
 * A batch of trip searches whose client leaves stops asking Tutu soon after.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MCP_HEADERS, rpc } from '@agent-products/kit/testing';
import { startStack, type RunningStack } from './support/start-stack.ts';

let stack: RunningStack;
let tools: string[];
beforeAll(async () => {
  stack = await startStack();
  tools = (await rpc(stack.url, { jsonrpc: '2.0', id: 1, method: 'tools/list' })).json.result.tools.map((t: { name: string }) => t.name);
});
afterAll(async () => {
  await stack?.stop();
});

const nested = (depth: number, open: string, close: string) => `${open.repeat(depth)}1${close.repeat(depth)}`;
const callBody = (name: string, argumentsJson: string) =>
  `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":${JSON.stringify(name)},"arguments":${argumentsJson}}}`;

function expectInvalidArguments(answer: Awaited<ReturnType<typeof rpc>>, field: RegExp) {
  const context = `${answer.status} ${answer.text.slice(0, 300)}`;
  expect(answer.status, context).toBe(200);
  expect(answer.json.result.isError, context).toBe(true);
  const error = answer.json.result.structuredContent.error;
  expect(error.code, context).toBe('invalid_arguments');
  expect(error.retryable, context).toBe(false);
  expect(error.details.fields[0].field, context).toMatch(field);
}

describe('hostile input to every zaezd tool', () => {
  it('refuses arguments nested 10,000 and 100,000 levels deep, naming the field', { timeout: 60_000 }, async () => {
    expect(tools.length).toBeGreaterThan(0);
    for (const name of tools) {
      for (const depth of [10_000, 100_000]) {
        for (const [open, close] of [
          ['{"a":', '}'],
          ['[', ']'],
        ] as const) {
          expectInvalidArguments(await rpc(stack.url, callBody(name, `{"deep":${nested(depth, open, close)}}`)), /^deep/);
        }
      }
    }
    expect((await fetch(`${stack.url}/health/live`)).status).toBe(200);
  });

  it('refuses arguments that are null, an array or a string with invalid_arguments', async () => {
    for (const name of tools) {
      for (const args of ['null', '[]', '[1,2]', '"text"', '3']) expectInvalidArguments(await rpc(stack.url, callBody(name, args)), /^\(arguments\)$/);
    }
  });

  it('answers tool names that are object-prototype keys as unknown tools', async () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const answer = await rpc(stack.url, callBody(name, '{}'));
      expect(answer.status).toBe(200);
      expect(answer.json.error).toEqual({ code: -32602, message: `Tool ${name} not found` });
    }
  });

  it('refuses a batch over 100 messages, and any batch under 2025-06-18', async () => {
    const call = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/list' });
    const big = await rpc(
      stack.url,
      Array.from({ length: 101 }, (_, i) => call(i)),
      { protocolVersion: '2025-03-26' },
    );
    expect(big.status).toBe(400);
    const modern = await rpc(stack.url, [call(1)], { protocolVersion: '2025-06-18' });
    expect(modern.status).toBe(400);
    const small = await rpc(stack.url, [call(1), call(2)], { protocolVersion: '2025-03-26' });
    expect(small.json.map((m: { id: number }) => m.id)).toEqual([1, 2]);
  });
});

describe('a batch of trip searches whose client leaves', () => {
  it('stops calling Tutu soon after, far short of what the whole batch would have cost', { timeout: 60_000 }, async () => {
    const slow = await startStack({ simLatencyMs: 150, tutuCacheTtlMs: 0 });
    try {
      const search = (id: number) => ({
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: {
          name: 'find_event_trips',
          arguments: { topics: ['jazz'], origin: 'Moscow', date_from: '2026-12-01', date_to: '2026-12-31', adults: 1 + (id % 4) },
        },
      });
      const one = await rpc(slow.url, search(0));
      expect(one.json.result.isError, one.text).toBeUndefined();
      const perSearch = slow.sim.control.snapshot().total_calls;
      expect(perSearch).toBeGreaterThan(0);

      const controller = new AbortController();
      const sent = fetch(`${slow.url}/mcp`, {
        method: 'POST',
        headers: { ...MCP_HEADERS, 'MCP-Protocol-Version': '2025-03-26' },
        body: JSON.stringify(Array.from({ length: 100 }, (_, i) => search(i + 1))),
        signal: controller.signal,
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      controller.abort();
      await expect(sent).rejects.toThrow();
      // Wait until Tutu has heard nothing new for a second: the searches in flight have finished.
      let calls = slow.sim.control.snapshot().total_calls;
      for (let quiet = 0, rounds = 0; quiet < 5 && rounds < 100; rounds++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        const now = slow.sim.control.snapshot().total_calls;
        quiet = now === calls ? quiet + 1 : 0;
        calls = now;
      }
      const batchCalls = calls - perSearch;
      expect(batchCalls).toBeGreaterThan(0);
      // The whole batch would have cost 100 searches; the client stayed for a handful at most.
      expect(batchCalls).toBeLessThan(perSearch * 20);
    } finally {
      await slow.stop();
    }
  });
});
