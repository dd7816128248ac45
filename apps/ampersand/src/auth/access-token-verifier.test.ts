/**
 * The access-token verifier on its own, with an injected clock: what a valid token yields as the
 * principal (subject, token id, scopes, audience, client, expiry), and each refusal with its
 * reason — expired by the clock it is given, another resource, another issuer, another type or
 * algorithm, a missing claim, a bad signature.
 */
import { describe, expect, it } from 'vitest';
import { SignJWT, type JWTPayload } from 'jose';
import { accessTokenVerifier } from './access-token-verifier.ts';
import { deriveKeys } from './derived-keys.ts';

const SECRET = 'the shared secret of this test, long enough';
const ISSUER = 'https://api.amp.test';
const AUDIENCE = 'https://mcp.amp.test/mcp';
const ISSUED = new Date('2026-12-01T10:00:00Z');
const EXPIRES = new Date('2026-12-01T10:10:00Z');
const verifier = accessTokenVerifier({ key: deriveKeys(SECRET).accessToken, issuer: ISSUER, audience: AUDIENCE });

interface Mint {
  claims?: JWTPayload;
  typ?: string;
  alg?: string;
  secret?: string;
  issuer?: string;
  audience?: string | string[];
  omit?: Array<'sub' | 'jti' | 'exp'>;
}

function mint(o: Mint = {}): Promise<string> {
  const omit = new Set(o.omit ?? []);
  const jwt = new SignJWT({ scope: 'signals:ask connections:read signals:ask', client_id: 'client-1', ...o.claims })
    .setProtectedHeader({ alg: o.alg ?? 'HS256', typ: o.typ ?? 'at+jwt' })
    .setIssuer(o.issuer ?? ISSUER)
    .setAudience(o.audience ?? AUDIENCE)
    .setIssuedAt(Math.floor(ISSUED.getTime() / 1000));
  if (!omit.has('sub')) jwt.setSubject('andee-1');
  if (!omit.has('jti')) jwt.setJti('token-1');
  if (!omit.has('exp')) jwt.setExpirationTime(Math.floor(EXPIRES.getTime() / 1000));
  const key = o.secret ? deriveKeys(o.secret).accessToken : deriveKeys(SECRET).accessToken;
  return jwt.sign(key);
}

const during = new Date('2026-12-01T10:05:00Z');

describe('accessTokenVerifier', () => {
  it('turns a valid token into its principal: subject, token id, scopes once each, audience, client, expiry', async () => {
    expect(await verifier.verify(await mint(), during)).toEqual({
      ok: true,
      principal: { subject: 'andee-1', credentialId: 'token-1', scopes: ['signals:ask', 'connections:read'], audience: AUDIENCE, clientId: 'client-1', expiresAt: EXPIRES },
    });
  });

  it('leaves out what the token does not carry: no client, no scope, an audience list', async () => {
    const verdict = await verifier.verify(await mint({ claims: { client_id: undefined, scope: undefined }, audience: [AUDIENCE, 'https://other.test'] }), during);
    expect(verdict).toEqual({ ok: true, principal: { subject: 'andee-1', credentialId: 'token-1', scopes: [], expiresAt: EXPIRES } });
  });

  it('gives the claims to the API, grant id included', async () => {
    const verdict = await verifier.verifyClaims(await mint({ claims: { gid: 'grant-9' } }), during);
    expect(verdict.ok && verdict.claims.gid).toBe('grant-9');
  });

  it('is expired by the clock it is given, not the wall clock', async () => {
    const token = await mint();
    expect((await verifier.verify(token, new Date('2026-12-01T10:09:59Z'))).ok).toBe(true);
    expect(await verifier.verify(token, new Date('2026-12-01T10:10:01Z'))).toEqual({ ok: false, failure: 'expired', description: 'The access token has expired; refresh it or authorize again.' });
  });

  it('refuses a token for another resource, naming this one', async () => {
    expect(await verifier.verify(await mint({ audience: 'https://elsewhere.test/mcp' }), during)).toEqual({ ok: false, failure: 'invalid', description: `The access token was issued for another resource; this one is ${AUDIENCE}.` });
  });

  it('refuses a token from another issuer', async () => {
    expect(await verifier.verify(await mint({ issuer: 'https://evil.test' }), during)).toEqual({ ok: false, failure: 'invalid', description: 'The access token was issued by another authorization server.' });
  });

  it('refuses another type, another algorithm, a missing claim, a bad signature, and junk, all as not valid', async () => {
    const notValid = { ok: false, failure: 'invalid', description: 'The access token is not valid for this server.' };
    for (const token of [
      await mint({ typ: 'JWT' }),
      await mint({ alg: 'HS512' }),
      await mint({ omit: ['sub'] }),
      await mint({ omit: ['jti'] }),
      await mint({ omit: ['exp'] }),
      await mint({ secret: 'another secret altogether, also long enough' }),
      'not.a.token',
    ]) {
      expect(await verifier.verify(token, during)).toEqual(notValid);
    }
  });

  it('judges a token it has verified before by the clock of each call, and a token with a changed signature afresh', async () => {
    const fresh = accessTokenVerifier({ key: deriveKeys(SECRET).accessToken, issuer: ISSUER, audience: AUDIENCE });
    const token = await mint({ claims: { nbf: Math.floor(during.getTime() / 1000) } });
    expect((await fresh.verify(token, during)).ok).toBe(true);
    expect((await fresh.verify(token, during)).ok).toBe(true);
    expect(await fresh.verify(token, new Date('2026-12-01T10:04:00Z'))).toMatchObject({ ok: false, failure: 'invalid' });
    expect(await fresh.verify(token, EXPIRES)).toMatchObject({ ok: false, failure: 'expired' });
    expect((await fresh.verify(token, during)).ok).toBe(true);
    const signatureAt = token.lastIndexOf('.') + 1;
    const tampered = `${token.slice(0, signatureAt)}${token[signatureAt] === 'A' ? 'B' : 'A'}${token.slice(signatureAt + 1)}`;
    expect(await fresh.verify(tampered, during)).toMatchObject({ ok: false, failure: 'invalid' });
    const otherAudience = accessTokenVerifier({ key: deriveKeys(SECRET).accessToken, issuer: ISSUER, audience: 'https://elsewhere.test/mcp' });
    expect((await otherAudience.verify(token, during)).ok).toBe(false);
  });
});
