/** Which messages nest too deep, and where: the path the refusal names. */
import { describe, expect, it } from 'vitest';
import { MAX_MESSAGE_DEPTH, tooDeepAt } from './message-depth.ts';

/** `{ [key]: { [key]: ... leaf } }`, `levels` objects deep. */
function nested(levels: number, key = 'a', leaf: unknown = 1): unknown {
  let value = leaf;
  for (let i = 0; i < levels; i++) value = { [key]: value };
  return value;
}

describe('tooDeepAt', () => {
  it('passes a message exactly as deep as allowed, and names the path of one level more', () => {
    const inside = (levels: number) => ({ jsonrpc: '2.0', id: 1, method: 'initialize', params: nested(levels - 1) });
    expect(tooDeepAt(inside(MAX_MESSAGE_DEPTH))).toBeUndefined();
    expect(tooDeepAt(inside(MAX_MESSAGE_DEPTH + 1))).toBe(['params', ...Array(MAX_MESSAGE_DEPTH - 1).fill('a')].join('.'));
  });

  it('counts a primitive at the deepest level as no extra level', () => {
    expect(tooDeepAt({ params: nested(MAX_MESSAGE_DEPTH - 1, 'b', 'text') })).toBeUndefined();
  });

  it('counts arrays as levels and names their indexes', () => {
    let value: unknown = 1;
    for (let i = 0; i < MAX_MESSAGE_DEPTH; i++) value = [0, value];
    expect(tooDeepAt({ params: value })).toBe(['params', ...Array(MAX_MESSAGE_DEPTH - 1).fill('1')].join('.'));
  });

  it('leaves a tool call’s arguments to the tool, but not the rest of its params', () => {
    const deep = nested(MAX_MESSAGE_DEPTH * 2);
    expect(tooDeepAt({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x', arguments: deep } })).toBeUndefined();
    expect(tooDeepAt({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x', _meta: deep } })).toMatch(/^params\._meta\.a\.a/);
    expect(tooDeepAt({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { arguments: deep } })).toMatch(/^params\.arguments\.a/);
    expect(tooDeepAt({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { wrapper: { arguments: deep } } })).toMatch(/^params\.wrapper\.arguments\.a/);
  });

  it('names the last deep branch of several, as the walk meets it first', () => {
    const message = { params: { first: nested(MAX_MESSAGE_DEPTH), second: nested(MAX_MESSAGE_DEPTH, 'z') } };
    expect(tooDeepAt(message)).toMatch(/^params\.second\.z/);
  });

  it('passes flat and primitive messages', () => {
    expect(tooDeepAt(null)).toBeUndefined();
    expect(tooDeepAt(7)).toBeUndefined();
    expect(tooDeepAt({ jsonrpc: '2.0', id: 1, method: 'ping' })).toBeUndefined();
  });
});
