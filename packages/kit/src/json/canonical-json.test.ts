/**
 * canonicalJson against the `canonicalize` package (an independent RFC 8785 implementation) on
 * generated JSON, both of its ways (engine-written and piece by piece), and the values it refuses.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import canonicalize from 'canonicalize';
import { fuzzRuns } from '../testing/fuzz-scale.ts';
import { canonicalHash, canonicalJson } from './canonical-json.ts';

describe('canonical JSON', () => {
  it('matches an independent RFC 8785 implementation on generated JSON values', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(canonicalJson(value)).toBe(canonicalize(value));
      }),
      { numRuns: fuzzRuns(2000) },
    );
  });

  it('orders keys by UTF-16 code units, index-like keys and __proto__ included', () => {
    const value = JSON.parse('{"b":1,"10":2,"2":3,"a":{"__proto__":4,"Z":5,"é":6,"😀":7,"ﬀ":8},"":[1.5e21,-0,1e-7]}');
    expect(canonicalJson(value)).toBe(canonicalize(value));
    expect(canonicalJson(value)).toBe('{"":[1.5e+21,0,1e-7],"10":2,"2":3,"a":{"Z":5,"__proto__":4,"é":6,"😀":7,"ﬀ":8},"b":1}');
  });

  it('drops undefined members and writes undefined array items as null', () => {
    expect(canonicalJson({ b: undefined, a: [undefined, 1] })).toBe('{"a":[null,1]}');
  });

  it('refuses what JSON cannot carry faithfully', () => {
    expect(() => canonicalJson({ a: Number.NaN })).toThrow(TypeError);
    expect(() => canonicalJson([Infinity])).toThrow(TypeError);
    expect(() => canonicalJson({ a: 'x\ud800' })).toThrow(/lone surrogate/);
    expect(() => canonicalJson({ '\udc00': 1 })).toThrow(/lone surrogate/);
    expect(() => canonicalJson({ when: new Date(0) })).toThrow(/plain/);
    expect(() => canonicalJson({ f: () => 1 })).toThrow(TypeError);
  });

  it('hashes the canonical text with SHA-256', () => {
    expect(canonicalHash({ b: 1, a: 2 })).toBe('d3626ac30a87e6f7a6428233b3c68299976865fa5508e4267c5415c76af7a772');
  });
});
