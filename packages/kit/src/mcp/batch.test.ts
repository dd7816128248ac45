/**
 * JSON-RPC batches, over real loopback HTTP: only in the eras that have them, at most 100
 * messages, every credential call counted, calls run a few at a time, no call started once the
 * client has gone, and a call that fails unexpectedly answered as its own error beside the others.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { listen, type RunningServer } from '../http/serve.ts';
import { createLogger } from '../log/index.ts';
import { MCP_HEADERS, rpc } from '../testing/mcp-client.ts';
import { BATCH_CONCURRENCY, MAX_BATCH_MESSAGES, createMcpEndpoint } from './endpoint.ts';
import { defineTool } from './tool.ts';

const annotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false };
let inFlight = 0;
let mostInFlight = 0;
let started = 0;
const stored: string[] = [];
const counted: number[] = [];

const slow = defineTool({
  name: 'slow_echo',
  title: 'Slow echo',
  description: 'Answers after a pause.',
  input: z.strictObject({ text: z.string() }),
  output: z.object({ text: z.string() }),
  annotations,
  async run(args) {
    started++;
    inFlight++;
    mostInFlight = Math.max(mostInFlight, inFlight);
    await new Promise((resolve) => setTimeout(resolve, 40));
    inFlight--;
    return { text: args.text };
  },
  text: (r) => r.text,
});
const write = defineTool({
  name: 'store_note',
  title: 'Store a note',
  description: 'Stores a note.',
  input: z.strictObject({ note: z.string() }),
  output: z.object({ stored: z.string() }),
  annotations,
  access: 'credential',
  run: (args) => {
    stored.push(args.note);
    return { stored: args.note };
  },
  text: (r) => `stored ${r.stored}`,
});
const broken = defineTool({
  name: 'broken_render',
  title: 'Broken rendering',
  description: 'Its text rendering throws, as a bug would.',
  input: z.strictObject({}),
  output: z.object({}),
  annotations,
  run: () => ({}),
  text: () => {
    throw new Error('rendering bug');
  },
});

let server: RunningServer;
beforeAll(async () => {
  const endpoint = createMcpEndpoint({
    name: 'batch-test',
    version: '1',
    tools: [slow, write, broken],
    guard: {
      challenge: { realm: 'batch-test' },
      refusals: { missing: 'Send a token.', malformed: 'Not a bearer token.', invalid: 'Unknown token.', expired: 'Expired.', revoked: 'Revoked.' },
      async admit(_request, calls) {
        counted.push(calls);
        const total = counted.reduce((a, b) => a + b, 0);
        return {
          principal: { subject: 'p', credentialId: 'c', scopes: [] },
          limit: { allowed: total <= 5, retryAfterSeconds: 60, remaining: Math.max(0, 5 - total) },
        };
      },
    },
  });
  const log = createLogger({ name: 'batch-test', level: 'silent' });
  server = await listen((request) => endpoint.handle(request, { correlationId: 'batch', log, now: () => new Date() }), 0);
});
afterAll(async () => {
  await server?.close();
});

const call = (id: number, name: string, args: Record<string, unknown>) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
const batch = (body: unknown, protocolVersion: string | null = '2025-03-26') => rpc(server.url, body, { protocolVersion });

describe('batches', () => {
  it('are refused under 2025-06-18 and later, which have none', async () => {
    for (const version of ['2025-06-18', '2025-11-25']) {
      const answer = await batch([call(1, 'slow_echo', { text: 'a' })], version);
      expect(answer.status).toBe(400);
      expect(answer.json.error.message).toContain('has no batches');
    }
  });

  it(`hold at most ${MAX_BATCH_MESSAGES} messages`, async () => {
    const before = started;
    const answer = await batch(Array.from({ length: MAX_BATCH_MESSAGES + 1 }, (_, i) => call(i, 'slow_echo', { text: String(i) })));
    expect(answer.status).toBe(400);
    expect(answer.json.error.message).toContain(`at most ${MAX_BATCH_MESSAGES}`);
    expect(started).toBe(before);
  });

  it(`run ${BATCH_CONCURRENCY} calls at a time and answer in order`, async () => {
    mostInFlight = 0;
    const answer = await batch(
      Array.from({ length: 12 }, (_, i) => call(i, 'slow_echo', { text: `t${i}` })),
      null,
    );
    expect(answer.status).toBe(200);
    expect(answer.json.map((m: any) => m.result.structuredContent.text)).toEqual(Array.from({ length: 12 }, (_, i) => `t${i}`));
    expect(mostInFlight).toBe(BATCH_CONCURRENCY);
  });

  it('count every credential call against the limit, refusing a batch that exceeds it whole', async () => {
    const answer = await batch([call(1, 'store_note', { note: 'a' }), call(2, 'store_note', { note: 'b' }), call(3, 'slow_echo', { text: 'x' })]);
    expect(answer.status).toBe(200);
    expect(counted.at(-1)).toBe(2);
    const over = await batch(Array.from({ length: 20 }, (_, i) => call(i, 'store_note', { note: `n${i}` })));
    expect(over.status).toBe(429);
    expect(counted.at(-1)).toBe(20);
    expect(stored).toEqual(['a', 'b']);
  });

  it("answer a call that fails unexpectedly as its own error, keeping the others' results", async () => {
    const answer = await batch([call(1, 'slow_echo', { text: 'kept' }), call(2, 'broken_render', {})]);
    expect(answer.status).toBe(200);
    expect(answer.json[0].result.structuredContent).toEqual({ text: 'kept' });
    expect(answer.json[1]).toMatchObject({ id: 2, error: { code: -32603, data: { code: 'internal_error', retryable: false, correlationId: 'batch' } } });
  });

  it('start no call once the client has gone', async () => {
    const before = started;
    const controller = new AbortController();
    const body = JSON.stringify(Array.from({ length: MAX_BATCH_MESSAGES }, (_, i) => call(i, 'slow_echo', { text: String(i) })));
    const request = fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { ...MCP_HEADERS, 'MCP-Protocol-Version': '2025-03-26' },
      body,
      signal: controller.signal,
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    controller.abort();
    await expect(request).rejects.toThrow();
    // A whole batch would take 25 rounds of 40 ms; wait for that long and more.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const ran = started - before;
    expect(ran).toBeGreaterThan(0);
    expect(ran).toBeLessThan(MAX_BATCH_MESSAGES / 2);
  });
});
