/**
 * The & hosted runtime's principal: a client public authorization never creates. Its id is not
 * one dynamic registration can produce (those are random; metadata-document ids are HTTPS URLs),
 * and its tokens carry `signals:evidence_read`, which the authorization server strips from every
 * public grant. Only this process issues them, under a grant of their own, so revoking that
 * grant (connected apps, the operator) ends the runtime's access like any other.
 */
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type Provider from 'oidc-provider';
import type { Principal } from '@agent-products/kit/auth';
import type { DerivedKeys } from './derived-keys.ts';

export const HOSTED_RUNTIME_CLIENT_ID = 'ampersand-hosted-runtime';
export const HOSTED_RUNTIME_SCOPES = ['signals:ask', 'signals:write', 'connections:read', 'connections:write', 'loops:read', 'loops:write', 'signals:evidence_read', 'signals:raw_read'] as const;

export function isHostedRuntime(principal: Pick<Principal, 'clientId' | 'scopes'> | undefined): boolean {
  return principal?.clientId === HOSTED_RUNTIME_CLIENT_ID && principal.scopes.includes('signals:evidence_read');
}

export interface HostedRuntimeCredentials {
  /** An access token for the hosted runtime acting for this andee, and the grant behind it. */
  issue(andeeId: string, now: Date): Promise<{ accessToken: string; grantId: string; expiresAt: Date }>;
}

export function hostedRuntimeCredentials(options: { provider: Provider; keys: DerivedKeys; issuer: string; resource: string; ttlSeconds: number }): HostedRuntimeCredentials {
  return {
    async issue(andeeId, now) {
      const grant = new options.provider.Grant({ accountId: andeeId, clientId: HOSTED_RUNTIME_CLIENT_ID });
      grant.addResourceScope(options.resource, HOSTED_RUNTIME_SCOPES.join(' '));
      const grantId = await grant.save();
      const issuedAt = Math.floor(now.getTime() / 1000);
      const expiresAt = new Date((issuedAt + options.ttlSeconds) * 1000);
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
