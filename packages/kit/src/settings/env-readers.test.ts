/** Settings readers: defaults for unset or empty variables, typed values, and an error naming the variable for every bad value (never NaN). */
import { describe, expect, it } from 'vitest';
import { SettingsError, envReader } from './env-readers.ts';

describe('environment readers', () => {
  it('answer the default for an unset or empty variable', () => {
    const read = envReader({ EMPTY: '', BLANK: '  ' });
    expect(read.integer('EMPTY', 7)).toBe(7);
    expect(read.port('UNSET', 8401)).toBe(8401);
    expect(read.url('BLANK', 'http://127.0.0.1:1/mcp')).toBe('http://127.0.0.1:1/mcp');
    expect(read.duration('UNSET', 2000, { unit: 'ms' })).toBe(2000);
    expect(read.boolean('UNSET', true)).toBe(true);
    expect(read.string('UNSET', 'info')).toBe('info');
    expect(read.optional('EMPTY')).toBeUndefined();
    expect(read.list('UNSET')).toEqual([]);
    expect(read.fraction('UNSET', 0.85)).toBe(0.85);
  });

  it('read a fraction from 0 to 1 and refuse anything else by name', () => {
    const read = envReader({ A: '0.9', B: '1', C: '.5', D: '0', BIG: '1.01', NEG: '-0.1', WORD: 'high', E: '1e-1' });
    expect([read.fraction('A', 0), read.fraction('B', 0), read.fraction('C', 0), read.fraction('D', 1)]).toEqual([0.9, 1, 0.5, 0]);
    for (const name of ['BIG', 'NEG', 'WORD', 'E']) expect(() => read.fraction(name, 0)).toThrow(new RegExp(`^${name} must be a number from 0 to 1`));
  });

  it('read well-formed values as their types', () => {
    const read = envReader({ N: '120', P: '0', U: 'https://example.test/base//', D1: '2500', D2: '30s', D3: '5m', B: 'No', L: ' a, ,b ', S: 'debug' });
    expect(read.integer('N', 1, { min: 1 })).toBe(120);
    expect(read.port('P', 8401)).toBe(0);
    expect(read.url('U', 'http://x')).toBe('https://example.test/base');
    expect(read.url('U', 'http://x', { normalized: true })).toBe('https://example.test/base//');
    expect(read.duration('D1', 0, { unit: 'ms' })).toBe(2500);
    expect(read.duration('D2', 0, { unit: 'ms' })).toBe(30_000);
    expect(read.duration('D3', 0, { unit: 's' })).toBe(300);
    expect(read.boolean('B', true)).toBe(false);
    expect(read.list('L')).toEqual(['a', 'b']);
    expect(read.string('S', 'info')).toBe('debug');
  });

  it('refuse a bad value with an error naming the variable and the value', () => {
    const read = envReader({ N: '12abc', F: '1.5', BIG: '70000', NEG: '-1', U: 'not a url', Q: 'http://x/?a=1', D: '5 minutes', DS: '250ms', B: 'maybe' });
    const refusal = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return error;
      }
      throw new Error('not refused');
    };
    expect(refusal(() => read.integer('N', 1))).toBeInstanceOf(SettingsError);
    expect(() => read.integer('N', 1)).toThrow('N must be an integer: "12abc"');
    expect(() => read.integer('F', 1)).toThrow(/^F must be an integer/);
    expect(() => read.port('BIG', 1)).toThrow('BIG must be an integer from 0 to 65535: "70000"');
    expect(() => read.integer('NEG', 1, { min: 0 })).toThrow('NEG must be an integer ≥ 0: "-1"');
    expect(() => read.url('U', 'http://x')).toThrow('U must be an absolute URL: "not a url"');
    expect(() => read.url('Q', 'http://x', { bare: true })).toThrow(/^Q must be an absolute URL without query or fragment/);
    expect(() => read.duration('D', 1, { unit: 'ms' })).toThrow(/^D must be a duration/);
    expect(() => read.duration('DS', 1, { unit: 's' })).toThrow(/^DS must be a whole number of s/);
    expect(() => read.boolean('B', false)).toThrow(/^B must be a boolean/);
    expect((refusal(() => read.boolean('B', false)) as SettingsError).variable).toBe('B');
  });
});
