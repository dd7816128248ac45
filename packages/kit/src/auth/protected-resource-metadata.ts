/**
 * The RFC 9728 protected-resource metadata document of an MCP resource and the two paths it is
 * served at: the root form and the path-aware form (`/.well-known/oauth-protected-resource/mcp`
 * for a resource at `/mcp`). The document itself comes from the SDK's builder, which also refuses
 * an insecure issuer outside loopback.
 */
import { buildOAuthProtectedResourceMetadata, getOAuthProtectedResourceMetadataUrl } from '@modelcontextprotocol/server';

export interface ProtectedResourceOptions {
  /** The canonical resource URL (the token audience), e.g. https://mcp.example.com/mcp. */
  resource: URL;
  /** The authorization server's issuer URL. */
  issuer: URL;
  scopesSupported: readonly string[];
  resourceName?: string;
  documentationUrl?: URL;
}

export interface ProtectedResourceMetadata {
  document: Record<string, unknown>;
  /** The URL announced in challenges: the root form on the resource's origin. */
  url: string;
  /** Paths (on the resource's origin) that serve the document. */
  paths: string[];
}

export function protectedResourceMetadata(options: ProtectedResourceOptions): ProtectedResourceMetadata {
  const issuer = options.issuer.href.replace(/\/$/, '');
  const built = buildOAuthProtectedResourceMetadata({
    oauthMetadata: { issuer, authorization_endpoint: `${issuer}/authorize`, token_endpoint: `${issuer}/token`, response_types_supported: ['code'] },
    resourceServerUrl: options.resource,
    scopesSupported: [...options.scopesSupported],
    ...(options.resourceName ? { resourceName: options.resourceName } : {}),
    ...(options.documentationUrl ? { serviceDocumentationUrl: options.documentationUrl } : {}),
  });
  const document = Object.fromEntries(Object.entries({ ...built, bearer_methods_supported: ['header'] }).filter(([, value]) => value !== undefined));
  const rootPath = '/.well-known/oauth-protected-resource';
  const pathAware = new URL(getOAuthProtectedResourceMetadataUrl(options.resource)).pathname;
  return {
    document,
    url: new URL(rootPath, options.resource).href,
    paths: [...new Set([rootPath, pathAware])],
  };
}
