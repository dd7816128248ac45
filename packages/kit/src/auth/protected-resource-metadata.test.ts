/** RFC 9728 metadata: the resource, its authorization server, the scopes, and both paths it is served at. */
import { describe, expect, it } from 'vitest';
import { protectedResourceMetadata } from './protected-resource-metadata.ts';

describe('protected-resource metadata', () => {
  it('describes the resource and is served at the root and the path-aware URL', () => {
    const metadata = protectedResourceMetadata({
      resource: new URL('https://mcp.example/mcp'),
      issuer: new URL('https://api.example'),
      scopesSupported: ['a:read'],
      resourceName: 'Example',
    });
    expect(metadata.document).toEqual({
      resource: 'https://mcp.example/mcp',
      authorization_servers: ['https://api.example'],
      scopes_supported: ['a:read'],
      resource_name: 'Example',
      bearer_methods_supported: ['header'],
    });
    expect(metadata.url).toBe('https://mcp.example/.well-known/oauth-protected-resource');
    expect(metadata.paths).toEqual(['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp']);
  });

  it('refuses an insecure issuer outside loopback', () => {
    expect(() =>
      protectedResourceMetadata({ resource: new URL('https://mcp.example/mcp'), issuer: new URL('http://api.example'), scopesSupported: [] }),
    ).toThrow(/HTTPS/);
  });
});
