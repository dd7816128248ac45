/**
 * The MCP resource as OAuth sees it: its protected-resource metadata (advertising the complete
 * scope surface, spec "Privacy boundary") and the challenge every 401 carries, which points at
 * that document and asks for the default public scopes.
 */
import { protectedResourceMetadata, type ChallengeOptions, type ProtectedResourceMetadata } from '@agent-products/kit/auth';
import { DEFAULT_PUBLIC_SCOPES } from '../scopes.ts';

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
  return { metadata, challenge: { resourceMetadataUrl: metadata.url, scopes: DEFAULT_PUBLIC_SCOPES, missingCode: 'invalid_token' } };
}
