/** Access tokens minted directly with the shared secret, for the verifier's refusal branches. */
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { deriveKeys } from '../../src/auth/derived-keys.ts';

export interface MintOptions {
  secret: string;
  issuer: string;
  audience: string;
  subject?: string;
  scope?: string;
  expiresAt?: Date;
  grantId?: string;
  typ?: string;
}

export function mintAccessToken(options: MintOptions): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    scope: options.scope ?? 'signals:ask signals:write connections:read connections:write',
    client_id: 'test-client',
    ...(options.grantId ? { gid: options.grantId } : {}),
  })
    .setProtectedHeader({ alg: 'HS256', typ: options.typ ?? 'at+jwt' })
    .setIssuer(options.issuer)
    .setAudience(options.audience)
    .setSubject(options.subject ?? randomUUID())
    .setJti(randomUUID())
    .setIssuedAt(now)
    .setExpirationTime(options.expiresAt ? Math.floor(options.expiresAt.getTime() / 1000) : now + 600)
    .sign(deriveKeys(options.secret).accessToken);
}
