/**
 * The endpoint skips the SDK's era classification and message checks only for requests the SDK
 * would classify as 2025-era requests anyway: checked on generated messages and headers against
 * `isLegacyRequest` and `isJSONRPCRequest`.
 */
import { describe, expect, it } from 'vitest';
import * as fc from 'fast-check';
import { isJSONRPCNotification, isJSONRPCRequest, isLegacyRequest } from '@modelcontextprotocol/server';
import { fuzzRuns } from '../testing/fuzz-scale.ts';
import { isPlainLegacyToolCall } from './plain-legacy-call.ts';

const header = fc.option(fc.constantFrom('2025-06-18', '2025-03-26', '2024-11-05', '2026-07-28', ' 2026-07-28', '2027-01-01', 'junk', ''), { nil: null });
const params = fc.oneof(
  fc.record({ name: fc.string({ maxLength: 8 }), arguments: fc.jsonValue({ maxDepth: 2 }) }, { requiredKeys: [] }),
  fc.record({
    name: fc.string({ maxLength: 8 }),
    _meta: fc.dictionary(fc.constantFrom('io.modelcontextprotocol/protocolVersion', 'x'), fc.jsonValue({ maxDepth: 1 })),
  }),
  fc.jsonValue({ maxDepth: 2 }),
);
const message = fc.oneof(
  { weight: 4, arbitrary: fc.record({ jsonrpc: fc.constant('2.0'), id: fc.integer(), method: fc.constant('tools/call'), params }) },
  fc.record(
    {
      jsonrpc: fc.constantFrom('2.0', '1.0'),
      id: fc.oneof(fc.integer(), fc.string({ maxLength: 4 }), fc.constant(null)),
      method: fc.constantFrom('tools/call', 'tools/list', 'initialize'),
      params,
    },
    { requiredKeys: ['jsonrpc', 'method'] },
  ),
  fc.jsonValue({ maxDepth: 2 }),
);

describe('recognizing a plain 2025-era tool call', () => {
  it('never calls a 2025-era request what the SDK would not', async () => {
    const runs = fuzzRuns(1000);
    let recognized = 0;
    await fc.assert(
      fc.asyncProperty(message, header, async (body, version) => {
        if (!isPlainLegacyToolCall(body, version)) return;
        recognized++;
        const request = new Request('http://127.0.0.1/mcp', {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(version !== null ? { 'mcp-protocol-version': version } : {}) },
          body: JSON.stringify(body),
        });
        expect(await isLegacyRequest(request, body as never)).toBe(true);
        expect(isJSONRPCRequest(body)).toBe(true);
        expect(isJSONRPCNotification(body)).toBe(false);
      }),
      { numRuns: runs },
    );
    // More than a tenth of the generated messages are plain calls, so the property is not vacuous.
    expect(recognized).toBeGreaterThan(runs / 10);
  });

  it('recognizes the calls agents send', () => {
    const call = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'search', arguments: { query: 'tea' } } };
    expect(isPlainLegacyToolCall(call, '2025-06-18')).toBe(true);
    expect(isPlainLegacyToolCall(call, null)).toBe(true);
    expect(isPlainLegacyToolCall(call, '2026-07-28')).toBe(false);
    expect(isPlainLegacyToolCall({ ...call, params: { ...call.params, _meta: {} } }, '2025-06-18')).toBe(false);
    expect(isPlainLegacyToolCall([call], '2025-06-18')).toBe(false);
  });
});
