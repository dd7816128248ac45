/** WWW-Authenticate challenges: no error code without a token, invalid_token with one, insufficient_scope naming scopes; quoting is safe. */
import { describe, expect, it } from 'vitest';
import { bearerChallenge, insufficientScopeChallenge, unauthorizedChallenge } from './challenge.ts';

const options = { resourceMetadataUrl: 'https://mcp.example/.well-known/oauth-protected-resource', scopes: ['a:read', 'b:write'] };

describe('bearer challenges', () => {
  it('a request without a token is pointed at the metadata and the scopes, without an error code', async () => {
    const response = unauthorizedChallenge(options, 'missing', 'Send a token.', 'c-1');
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(
      'Bearer resource_metadata="https://mcp.example/.well-known/oauth-protected-resource", scope="a:read b:write"',
    );
    expect((await response.json()).error).toEqual({
      code: 'unauthorized',
      message: 'Send a token.',
      reason: 'missing',
      retryable: false,
      correlationId: 'c-1',
    });
    // A challenge is never cached: the next request may carry a token.
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('a refused token gets invalid_token and the reason', async () => {
    const response = unauthorizedChallenge(options, 'expired', 'The token has expired.', 'c-2');
    expect(response.headers.get('www-authenticate')).toBe(
      'Bearer error="invalid_token", error_description="The token has expired.", resource_metadata="https://mcp.example/.well-known/oauth-protected-resource", scope="a:read b:write"',
    );
    expect((await response.json()).error.code).toBe('invalid_token');
  });

  it('a token without a scope gets 403 insufficient_scope naming the missing ones', async () => {
    const response = insufficientScopeChallenge(options, ['b:write'], 'c-3');
    expect(response.status).toBe(403);
    expect(response.headers.get('www-authenticate')).toContain('error="insufficient_scope"');
    expect(response.headers.get('www-authenticate')).toContain('scope="b:write"');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect((await response.json()).error).toEqual({
      code: 'insufficient_scope',
      message: 'This request needs the scope b:write.',
      retryable: false,
      details: { missingScopes: ['b:write'] },
      correlationId: 'c-3',
    });
    const two = insufficientScopeChallenge(options, ['a:read', 'b:write'], 'c-6');
    expect(two.headers.get('www-authenticate')).toBe(
      'Bearer error="insufficient_scope", error_description="This request needs the scopes a:read b:write.", resource_metadata="https://mcp.example/.well-known/oauth-protected-resource", scope="a:read b:write"',
    );
    expect((await two.json()).error.message).toBe('This request needs the scopes a:read b:write.');
  });

  it('quotes values so a description cannot break the header', () => {
    expect(bearerChallenge({ realm: 'r' }, { error: 'invalid_token', description: 'say "hi"\\\nnext' })).toBe(
      'Bearer realm="r", error="invalid_token", error_description="say \\"hi\\"\\\\ next"',
    );
    expect(bearerChallenge({})).toBe('Bearer');
  });

  it('names a refused credential in the product’s code and, when asked, describes a missing one', async () => {
    const realm = { realm: 'svc', refusedCode: 'unauthorized', describeMissing: true };
    const refused = unauthorizedChallenge(realm, 'revoked', 'Revoked; ask for a new one.', 'c-4');
    expect(refused.headers.get('www-authenticate')).toBe('Bearer realm="svc", error="invalid_token", error_description="Revoked; ask for a new one."');
    expect((await refused.json()).error).toMatchObject({ code: 'unauthorized', reason: 'revoked', message: 'Revoked; ask for a new one.' });
    const missing = unauthorizedChallenge(realm, 'missing', 'Send one.', 'c-5');
    expect(missing.headers.get('www-authenticate')).toBe('Bearer realm="svc", error_description="Send one."');
  });
});
