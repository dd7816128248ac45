/**
 * The & hosted runtime's principal: a client public authorization never creates. Its id is not
 * one dynamic registration can produce (those are random; metadata-document ids are HTTPS URLs),
 * and its tokens carry `signals:evidence_read`, which the authorization server strips from every
 * public grant. Only & itself issues them — the API process, or the operator's
 * `hosted-runtime-token` command — under a grant of their own, stored where the authorization
 * server keeps every grant, so revoking that grant (connected apps, the operator) ends the
 * runtime's access like any other.
 */
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import type { Principal } from '@agent-products/kit/auth';
import type { AmpersandDatabase } from '../store/schema.ts';
import type { DerivedKeys } from './derived-keys.ts';
import { oidcAdapterFor } from './oidc-adapter.ts';

export const HOSTED_RUNTIME_CLIENT_ID = 'ampersand-hosted-runtime';
export const HOSTED_RUNTIME_SCOPES = [
  'signals:ask',
  'signals:write',
  'connections:read',
  'connections:write',
  'loops:read',
  'loops:write',
  'signals:evidence_read',
  'signals:raw_read',
] as const;

export function isHostedRuntime(principal: Pick<Principal, 'clientId' | 'scopes'> | undefined): boolean {
  return principal?.clientId === HOSTED_RUNTIME_CLIENT_ID && principal.scopes.includes('signals:evidence_read');
}

export interface HostedRuntimeCredentials {
  /** An access token for the hosted runtime acting for this andee, and the grant behind it. */
  issue(andeeId: string, now: Date): Promise<{ accessToken: string; grantId: string; expiresAt: Date }>;
}

export function hostedRuntimeCredentials(options: {
  db: Kysely<AmpersandDatabase>;
  keys: DerivedKeys;
  issuer: string;
  resource: string;
  ttlSeconds: number;
}): HostedRuntimeCredentials {
  const grants = new (oidcAdapterFor(options.db))('Grant');
  return {
    async issue(andeeId, now) {
      const grantId = randomUUID();
      const issuedAt = Math.floor(now.getTime() / 1000);
      const expiresAt = new Date((issuedAt + options.ttlSeconds) * 1000);
      // The authorization server's own Grant shape, so the grant lists and revokes like any other;
      // it lives exactly as long as the token it stands behind.
      await grants.upsert(
        grantId,
        {
          kind: 'Grant',
          jti: grantId,
          accountId: andeeId,
          clientId: HOSTED_RUNTIME_CLIENT_ID,
          iat: issuedAt,
          exp: issuedAt + options.ttlSeconds,
          resources: { [options.resource]: HOSTED_RUNTIME_SCOPES.join(' ') },
        },
        options.ttlSeconds,
      );
      const accessToken = await new SignJWT({ scope: HOSTED_RUNTIME_SCOPES.join(' '), client_id: HOSTED_RUNTIME_CLIENT_ID, gid: grantId })
        .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
        .setIssuer(options.issuer)
        .setAudience(options.resource)
        .setSubject(andeeId)
        .setJti(randomUUID())
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + options.ttlSeconds)
        .sign(options.keys.accessToken);
      return { accessToken, grantId, expiresAt };
    },
  };
}
