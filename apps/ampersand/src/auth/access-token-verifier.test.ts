/**
 * The access-token verifier on its own, with an injected clock: what a valid token yields as the
 * principal (subject, token id, scopes, audience, client, expiry), and each refusal with its
 * reason — expired by the clock it is given, another resource, another issuer, another type or
 * algorithm, a missing claim, a bad signature.
 */
import { createHmac } from 'node:crypto';
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
      principal: {
        subject: 'andee-1',
        credentialId: 'token-1',
        scopes: ['signals:ask', 'connections:read'],
        audience: AUDIENCE,
        clientId: 'client-1',
        expiresAt: EXPIRES,
      },
    });
  });

  it('leaves out what the token does not carry: no client, no scope, an audience list', async () => {
    const verdict = await verifier.verify(
      await mint({ claims: { client_id: undefined, scope: undefined }, audience: [AUDIENCE, 'https://other.test'] }),
      during,
    );
    expect(verdict).toEqual({ ok: true, principal: { subject: 'andee-1', credentialId: 'token-1', scopes: [], expiresAt: EXPIRES } });
  });

  it('gives the claims to the API, grant id included', async () => {
    const verdict = await verifier.verifyClaims(await mint({ claims: { gid: 'grant-9' } }), during);
    expect(verdict.ok && verdict.claims.gid).toBe('grant-9');
  });

  it('is expired by the clock it is given, not the wall clock', async () => {
    const token = await mint();
    expect((await verifier.verify(token, new Date('2026-12-01T10:09:59Z'))).ok).toBe(true);
    expect(await verifier.verify(token, new Date('2026-12-01T10:10:01Z'))).toEqual({
      ok: false,
      failure: 'expired',
      description: 'The access token has expired; refresh it or authorize again.',
    });
  });

  it('refuses a token for another resource, naming this one', async () => {
    expect(await verifier.verify(await mint({ audience: 'https://elsewhere.test/mcp' }), during)).toEqual({
      ok: false,
      failure: 'invalid',
      description: `The access token was issued for another resource; this one is ${AUDIENCE}.`,
    });
  });

  it('refuses a token from another issuer', async () => {
    expect(await verifier.verify(await mint({ issuer: 'https://evil.test' }), during)).toEqual({
      ok: false,
      failure: 'invalid',
      description: 'The access token was issued by another authorization server.',
    });
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

  it('gives each call of a token it has verified before a principal of its own, equal to the first', async () => {
    const fresh = accessTokenVerifier({ key: deriveKeys(SECRET).accessToken, issuer: ISSUER, audience: AUDIENCE });
    const token = await mint();
    const first = await fresh.verifyClaimsAndPrincipal(token, during);
    const second = await fresh.verifyClaimsAndPrincipal(token, during);
    if (!first.ok || !second.ok) throw new Error('the token was refused');
    expect(second.principal).toEqual(first.principal);
    expect(second.principal).not.toBe(first.principal);
    (first.principal.scopes as string[]).push('loops:write');
    first.principal.expiresAt!.setTime(0);
    const third = await fresh.verify(token, during);
    expect(third.ok && third.principal).toEqual(second.principal);
    expect(third.ok && third.principal.scopes).toEqual(['signals:ask', 'connections:read']);
  });
});

/** A token put together by hand, so that header and claims are exactly what the case needs. */
function handMade(header: unknown, payload: unknown, o: { secret?: string; raw?: [string, string] } = {}): string {
  const encode = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
  const [h, p] = o.raw ?? [encode(header), encode(payload)];
  const mac = createHmac('sha256', deriveKeys(o.secret ?? SECRET).accessToken)
    .update(`${h}.${p}`)
    .digest('base64url');
  return `${h}.${p}.${mac}`;
}

const HEADER = { alg: 'HS256', typ: 'at+jwt' };
const NOW = Math.floor(during.getTime() / 1000);
const CLAIMS = { iss: ISSUER, aud: AUDIENCE, sub: 'andee-1', jti: 'token-1', exp: NOW + 60 };
const notValid = { ok: false, failure: 'invalid', description: 'The access token is not valid for this server.' };
const verdictOf = async (token: string, now = during) => {
  const verdict = await verifier.verify(token, now);
  return verdict.ok ? 'ok' : verdict;
};

describe('accessTokenVerifier, token by token', () => {
  it('takes the type in any case, with or without application/, and nothing else', async () => {
    for (const typ of ['at+jwt', 'AT+JWT', 'application/at+jwt', 'Application/At+Jwt'])
      expect(await verdictOf(handMade({ ...HEADER, typ }, CLAIMS)), typ).toBe('ok');
    for (const typ of ['xapplication/at+jwt', 'at+jwtapplication/', 'application/at+jwtx', 'at+jwt ', 'application/', 7, null])
      expect(await verdictOf(handMade({ ...HEADER, typ }, CLAIMS)), String(typ)).toEqual(notValid);
    expect(await verdictOf(handMade({ alg: 'HS256' }, CLAIMS))).toEqual(notValid);
  });

  it('refuses a header with crit, another algorithm or none, or one that is not an object', async () => {
    expect(await verdictOf(handMade({ ...HEADER, crit: ['exp'] }, CLAIMS))).toEqual(notValid);
    expect(await verdictOf(handMade({ ...HEADER, alg: 'none' }, CLAIMS))).toEqual(notValid);
    expect(await verdictOf(handMade({ typ: 'at+jwt' }, CLAIMS))).toEqual(notValid);
    for (const header of [[], null, 'at+jwt', 3]) expect(await verdictOf(handMade(header, CLAIMS)), JSON.stringify(header)).toEqual(notValid);
    expect(
      await verdictOf(
        handMade(undefined, CLAIMS, { raw: [Buffer.from('{not json').toString('base64url'), Buffer.from(JSON.stringify(CLAIMS)).toString('base64url')] }),
      ),
    ).toEqual(notValid);
  });

  it('refuses anything but three base64url parts, and a signature of another length', async () => {
    const good = handMade(HEADER, CLAIMS);
    const [h, p, s] = good.split('.') as [string, string, string];
    expect(await verdictOf(good)).toBe('ok');
    for (const token of [
      `${h}.${p}`,
      `${good}.${s}`,
      `${h}.${p}.`,
      `.${p}.${s}`,
      `${h}..${s}`,
      `${h}.${p}.${s}=`,
      `${h}+.${p}.${s}`,
      `${h}.${p}/.${s}`,
      ` ${good}`,
      `${good} `,
      '',
    ]) {
      expect(await verdictOf(token), token).toEqual(notValid);
    }
    // A prefix of the right MAC, or the MAC with a byte more, is a signature of another length.
    expect(await verdictOf(`${h}.${p}.${s.slice(0, -4)}`)).toEqual(notValid);
    expect(await verdictOf(`${h}.${p}.${s}AAAA`)).toEqual(notValid);
    expect(await verdictOf(handMade(HEADER, CLAIMS, { secret: 'yet another secret, long enough too' }))).toEqual(notValid);
    // Signed over exactly these parts: Node's base64url decoding would skip the stray character,
    // so only the alphabet check, at both ends of the part, refuses them.
    for (const raw of [
      [`*${h}`, p],
      [`${h}=`, p],
      [h, `${p}*`],
      [h, `=${p}`],
    ] as Array<[string, string]>) {
      expect(await verdictOf(handMade(undefined, undefined, { raw })), raw.join('.')).toEqual(notValid);
    }
  });

  it('refuses claims that are not an object, or lack exp, sub or jti as the right types', async () => {
    for (const payload of [[], null, 'claims', 42]) expect(await verdictOf(handMade(HEADER, payload)), JSON.stringify(payload)).toEqual(notValid);
    for (const change of [{ exp: String(NOW + 60) }, { sub: 1 }, { jti: 2 }, { exp: undefined }, { sub: undefined }, { jti: undefined }]) {
      expect(await verdictOf(handMade(HEADER, { ...CLAIMS, ...change })), JSON.stringify(change)).toEqual(notValid);
    }
  });

  it('refuses an audience that is neither this one nor a list holding it', async () => {
    const another = { ok: false, failure: 'invalid', description: `The access token was issued for another resource; this one is ${AUDIENCE}.` };
    for (const aud of [7, { [AUDIENCE]: true }, ['https://other.test'], undefined, `${AUDIENCE}/`])
      expect(await verdictOf(handMade(HEADER, { ...CLAIMS, aud })), JSON.stringify(aud)).toEqual(another);
    expect(await verdictOf(handMade(HEADER, { ...CLAIMS, aud: ['https://other.test', AUDIENCE] }))).toBe('ok');
  });

  it('is expired from the second of exp on, counted in whole seconds of the clock given', async () => {
    const expired = { ok: false, failure: 'expired', description: 'The access token has expired; refresh it or authorize again.' };
    const token = handMade(HEADER, { ...CLAIMS, exp: NOW });
    expect(await verdictOf(token, new Date(NOW * 1000 - 1))).toBe('ok');
    expect(await verdictOf(token, new Date(NOW * 1000 - 999))).toBe('ok');
    expect(await verdictOf(token, new Date(NOW * 1000))).toEqual(expired);
    expect(await verdictOf(token, new Date(NOW * 1000 + 999))).toEqual(expired);
  });

  it('takes nbf from its second on, and refuses an nbf or iat that is not a number', async () => {
    const at = new Date(NOW * 1000 + 500);
    expect(await verdictOf(handMade(HEADER, { ...CLAIMS, nbf: NOW }), at)).toBe('ok');
    expect(await verdictOf(handMade(HEADER, { ...CLAIMS, nbf: NOW - 30, iat: NOW - 30 }), at)).toBe('ok');
    expect(await verdictOf(handMade(HEADER, { ...CLAIMS, nbf: NOW + 1 }), at)).toEqual(notValid);
    expect(await verdictOf(handMade(HEADER, { ...CLAIMS, nbf: String(NOW - 30) }), at)).toEqual(notValid);
    expect(await verdictOf(handMade(HEADER, { ...CLAIMS, iat: String(NOW - 30) }), at)).toEqual(notValid);
  });

  it('gives the API the claims as signed, and its refusals as they are', async () => {
    expect(await verifier.verifyClaims(handMade(HEADER, { ...CLAIMS, gid: 'grant-1', extra: [1] }), during)).toEqual({
      ok: true,
      claims: { ...CLAIMS, gid: 'grant-1', extra: [1] },
    });
    expect(await verifier.verifyClaims(handMade(HEADER, { ...CLAIMS, iss: 'https://evil.test' }), during)).toEqual({
      ok: false,
      failure: 'invalid',
      description: 'The access token was issued by another authorization server.',
    });
  });

  it('leaves out of the principal an empty client id and an audience given as a list', async () => {
    expect(await verifier.verify(handMade(HEADER, { ...CLAIMS, client_id: '', aud: [AUDIENCE], scope: 'loops:read' }), during)).toEqual({
      ok: true,
      principal: { subject: 'andee-1', credentialId: 'token-1', scopes: ['loops:read'], expiresAt: new Date((NOW + 60) * 1000) },
    });
  });
});
