/**
 * The MCP resource as OAuth sees it: its protected-resource metadata (advertising the complete
 * scope surface, spec "Privacy boundary") and the challenge every 401 carries, which points at
 * that document and asks for the current public scope set: the default four and the opt-in Loop
 * scopes, never the reserved ones.
 *
 * Why the opt-in scopes are in the challenge: the MCP SDK clients (1.x and 2.x alike) ask for the
 * challenge's `scope` whenever it has one, before the metadata's `scopes_supported` and before
 * anything their host configured (SEP-835). A challenge naming the default four therefore made
 * every re-authorization ask for the same four again, and no client could obtain `loops:*`
 * (spec "Enforcement": a missing scope "should trigger reauthorization with the current scope
 * set"). Asked for, the Loop scopes are still only offered: the approval page shows them as
 * unticked boxes, so an andee who ticks nothing grants the default four, the contract's default
 * public grant.
 */
import { protectedResourceMetadata, type ChallengeOptions, type ProtectedResourceMetadata } from '@agent-products/kit/auth';
import { GRANTABLE_SCOPES } from '../scopes.ts';

export function resourceChallenge(options: { mcpUrl: string; issuer: string; scopes: readonly string[] }): {
  metadata: ProtectedResourceMetadata;
  challenge: ChallengeOptions;
} {
  const metadata = protectedResourceMetadata({
    resource: new URL(options.mcpUrl),
    issuer: new URL(options.issuer),
    scopesSupported: options.scopes,
    resourceName: '&',
  });
  // Spec "Request validation": a missing token is `401 invalid_token` like a bad one; only the
  // header tells them apart (no error code without a token, RFC 6750 §3.1).
  return { metadata, challenge: { resourceMetadataUrl: metadata.url, scopes: GRANTABLE_SCOPES, missingCode: 'invalid_token' } };
}
