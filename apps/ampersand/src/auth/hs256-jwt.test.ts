/**
 * &'s one HS256 verifier, for the token type it was not first written for: run tokens as jose
 * mints them (`run+jwt`) are read back with their claims, and every defect is refused — another
 * type (an access token with the same key), another algorithm, a `crit` header, a changed
 * payload or signature, a missing required claim, another key — while issuer, audience and the
 * times are checked per call at the clock given.
 */
import { describe, expect, it } from 'vitest';
import { SignJWT, type JWTPayload } from 'jose';
import { deriveKeys } from './derived-keys.ts';
import { hs256Verifier } from './hs256-jwt.ts';

const keys = deriveKeys('the shared secret of this test, long enough');
const ISSUER = 'https://api.amp.test';
const EXPIRES = new Date('2026-12-01T10:10:00Z');
const during = new Date('2026-12-01T10:05:00Z');
const verifier = hs256Verifier({ key: keys.runToken, type: 'run+jwt', required: ['sub', 'rid'] });
const expected = { issuer: ISSUER, audience: 'ampersand-run' };

function mint(o: { claims?: JWTPayload; header?: Record<string, unknown>; key?: typeof keys.runToken; exp?: number | null } = {}): Promise<string> {
  const jwt = new SignJWT({ rid: 'run_1', lid: 'loop_1', ...o.claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'run+jwt', ...o.header } as { alg: string })
    .setIssuer(ISSUER)
    .setAudience('ampersand-run')
    .setSubject('andee-1');
  if (o.claims?.iat === undefined) jwt.setIssuedAt(Math.floor(during.getTime() / 1000) - 60);
  if (o.exp !== null) jwt.setExpirationTime(o.exp ?? Math.floor(EXPIRES.getTime() / 1000));
  return jwt.sign(o.key ?? keys.runToken);
}

describe('hs256Verifier on run tokens', () => {
  it('reads a run token jose minted, and checks issuer, audience and expiry per call', async () => {
    const claims = verifier.signedClaims(await mint())!;
    expect(claims).toMatchObject({ sub: 'andee-1', rid: 'run_1', lid: 'loop_1', iss: ISSUER, aud: 'ampersand-run', exp: EXPIRES.getTime() / 1000 });
    expect(verifier.checkClaims(claims, expected, during)).toEqual({ ok: true });
    expect(verifier.checkClaims(claims, expected, EXPIRES)).toEqual({ ok: false, failure: 'expired' });
    expect(verifier.checkClaims(claims, { ...expected, issuer: 'https://other.test' }, during)).toEqual({ ok: false, failure: 'issuer' });
    expect(verifier.checkClaims(claims, { ...expected, audience: 'https://mcp.amp.test/mcp' }, during)).toEqual({ ok: false, failure: 'audience' });
  });

  it('accepts the type however RFC 8725 lets it be spelled', async () => {
    for (const typ of ['RUN+JWT', 'application/run+jwt']) expect(verifier.signedClaims(await mint({ header: { typ } })), typ).toBeDefined();
  });

  it('refuses every defect of form, header, signature and required claims', async () => {
    const good = await mint();
    const [header, payload, signature] = good.split('.') as [string, string, string];
    const otherPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: 'andee-2' })).toString('base64url');
    const flipped = signature.slice(0, -2) + (signature.at(-2) === 'A' ? 'B' : 'A') + signature.at(-1);
    const defects: Record<string, string> = {
      'an access token': await mint({ header: { typ: 'at+jwt' } }),
      'alg none': `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'run+jwt' })).toString('base64url')}.${payload}.`,
      'a crit header': await mint({ header: { crit: ['b64'], b64: true } }),
      'a changed payload': `${header}.${otherPayload}.${signature}`,
      'a changed signature': `${header}.${payload}.${flipped}`,
      'another key': await mint({ key: keys.accessToken }),
      'no exp': await mint({ exp: null }),
      'no rid': await mint({ claims: { rid: undefined } }),
      'four parts': `${good}.x`,
      'not base64url': `${header}.${payload}.${signature}=`,
    };
    for (const [defect, token] of Object.entries(defects)) expect(verifier.signedClaims(token), defect).toBeUndefined();
  });

  it('refuses a not-yet-valid token and a non-numeric iat at the clock given', async () => {
    const early = verifier.signedClaims(await mint({ claims: { nbf: Math.floor(during.getTime() / 1000) + 60 } }))!;
    expect(verifier.checkClaims(early, expected, during)).toEqual({ ok: false, failure: 'invalid' });
    const oddIat = verifier.signedClaims(await mint({ claims: { iat: 'yesterday' as unknown as number } }))!;
    expect(verifier.checkClaims(oddIat, expected, during)).toEqual({ ok: false, failure: 'invalid' });
  });
});
