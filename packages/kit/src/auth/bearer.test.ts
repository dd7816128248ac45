/**
 * Bearer credentials: read only from a well-formed Authorization header, hashed before storage,
 * new ones unguessable.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashToken, newToken, readBearer } from './bearer.ts';

const withAuthorization = (value?: string) => new Request('http://127.0.0.1/mcp', value === undefined ? {} : { headers: { Authorization: value } });

describe('readBearer', () => {
  it('reads the token of a Bearer header, in any case of the scheme, with any run of spaces and trailing space', () => {
    for (const [header, token] of [
      ['Bearer abc', 'abc'],
      ['bearer abc', 'abc'],
      ['BEARER   abc.DEF-_~+/ghi==', 'abc.DEF-_~+/ghi=='],
      ['Bearer abc  ', 'abc'],
    ]) {
      expect(readBearer(withAuthorization(header)), header).toEqual({ kind: 'token', token });
    }
  });

  it('tells a missing header from one that is not a Bearer credential', () => {
    expect(readBearer(withAuthorization())).toEqual({ kind: 'none' });
    for (const header of [
      '',
      'Bearer',
      'Bearer ',
      'Basic abc',
      'Bearerabc',
      'Bearer a b',
      'Bearer =abc',
      'Bearer abc=d',
      'x Bearer abc',
      'Bearer ab,c',
      'Bearer\tabc',
    ]) {
      expect(readBearer(withAuthorization(header)), JSON.stringify(header)).toEqual({ kind: 'malformed' });
    }
  });

  it('never reads a token from the query string or a cookie', () => {
    const request = new Request('http://127.0.0.1/mcp?access_token=abc', { headers: { Cookie: 'access_token=abc' } });
    expect(readBearer(request)).toEqual({ kind: 'none' });
  });
});

describe('tokens at rest', () => {
  it('hashes with SHA-256 as lowercase hex, so only the hash is stored', () => {
    expect(hashToken('cs_abc')).toBe(createHash('sha256').update('cs_abc').digest('hex'));
  });

  it('makes new tokens with the prefix and 256 bits of URL-safe randomness, never the same twice', () => {
    const tokens = Array.from({ length: 50 }, () => newToken('cs'));
    for (const token of tokens) expect(token).toMatch(/^cs_[A-Za-z0-9_-]{43}$/);
    expect(new Set(tokens).size).toBe(50);
  });
});
