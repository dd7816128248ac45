/**
 * The verifier checks the compact JWT itself (access-token-verifier.ts), so each rule of the
 * format is tested here: only HS256 + at+jwt, no `crit`, the MAC over exactly the two parts, the
 * required claims and their types, `aud` as a string or a list, `nbf` and `exp` against the clock
 * given. Each token is made by hand, so the test does not share the code under test.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { accessTokenVerifier } from './access-token-verifier.ts';
import { deriveKeys } from './derived-keys.ts';

const key = deriveKeys('format-test-secret-format-test-secret').accessToken;
const ISSUER = 'http://127.0.0.1:3005';
const AUDIENCE = 'http://127.0.0.1:3004/mcp';
const NOW = new Date('2026-12-01T12:00:00Z');
const nowSeconds = NOW.getTime() / 1000;
const verifier = accessTokenVerifier({ key, issuer: ISSUER, audience: AUDIENCE });

const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const mac = (input: string) => createHmac('sha256', key).update(input).digest('base64url');

function token(header: Record<string, unknown> = {}, claims: Record<string, unknown> = {}): string {
  const head = b64({ alg: 'HS256', typ: 'at+jwt', ...header });
  const body = b64({ iss: ISSUER, aud: AUDIENCE, sub: 'andee-1', jti: 'j1', exp: nowSeconds + 60, scope: 'connections:read', ...claims });
  return `${head}.${body}.${mac(`${head}.${body}`)}`;
}

async function verdict(jwt: string) {
  return verifier.verifyClaims(jwt, NOW);
}

describe('the access-token format', () => {
  it('accepts a well-formed token, with aud as a string or a list, and typ in its application/ form', async () => {
    expect((await verdict(token())).ok).toBe(true);
    expect((await verdict(token({}, { aud: ['https://other.example', AUDIENCE] }))).ok).toBe(true);
    expect((await verdict(token({ typ: 'application/AT+JWT' }))).ok).toBe(true);
    const principal = await verifier.verify(token(), NOW);
    expect(principal).toMatchObject({ ok: true, principal: { subject: 'andee-1', credentialId: 'j1', scopes: ['connections:read'] } });
  });

  it('refuses another algorithm, another type, a crit header', async () => {
    for (const header of [{ alg: 'none' }, { alg: 'HS512' }, { typ: 'JWT' }, { typ: undefined }, { crit: ['exp'] }]) {
      expect(await verdict(token(header)), JSON.stringify(header)).toEqual({
        ok: false,
        failure: 'invalid',
        description: expect.stringContaining('not valid'),
      });
    }
  });

  it('refuses a changed payload, a cut signature, a missing part and characters outside base64url', async () => {
    const [head, , signature] = token().split('.');
    const other = b64({ iss: ISSUER, aud: AUDIENCE, sub: 'andee-2', jti: 'j1', exp: nowSeconds + 60 });
    for (const jwt of [
      `${head}.${other}.${signature}`,
      token().slice(0, -2),
      token().split('.').slice(0, 2).join('.'),
      `${token()}.x`,
      token().replace(/\.(.)/, '.+'),
      '',
    ]) {
      expect((await verdict(jwt)).ok, jwt).toBe(false);
    }
  });

  it('requires exp, sub and jti of the right types', async () => {
    for (const claims of [{ exp: undefined }, { exp: String(nowSeconds + 60) }, { sub: undefined }, { sub: 7 }, { jti: undefined }]) {
      expect((await verdict(token({}, claims))).ok, JSON.stringify(claims)).toBe(false);
    }
  });

  it('judges exp and nbf by the clock given, and names expiry, the audience and the issuer', async () => {
    expect(await verdict(token({}, { exp: nowSeconds }))).toMatchObject({ ok: false, failure: 'expired' });
    expect((await verdict(token({}, { exp: nowSeconds + 1 }))).ok).toBe(true);
    expect((await verdict(token({}, { nbf: nowSeconds + 30 }))).ok).toBe(false);
    expect((await verdict(token({}, { nbf: nowSeconds }))).ok).toBe(true);
    expect((await verdict(token({}, { iat: 'yesterday' }))).ok).toBe(false);
    expect(await verdict(token({}, { aud: 'https://other.example/mcp' }))).toMatchObject({
      ok: false,
      description: expect.stringContaining('another resource'),
    });
    expect(await verdict(token({}, { aud: [] }))).toMatchObject({ ok: false, description: expect.stringContaining('another resource') });
    expect(await verdict(token({}, { iss: 'https://evil.example' }))).toMatchObject({
      ok: false,
      description: expect.stringContaining('another authorization server'),
    });
  });
});
