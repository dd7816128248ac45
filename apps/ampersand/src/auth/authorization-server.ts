/**
 * The OAuth authorization server: oidc-provider configured for the & MCP resource.
 *
 * Public clients only (registered by DCR or identified by a client ID metadata document),
 * authorization code with PKCE S256 (oidc-provider 9 accepts no other method and requires PKCE of
 * public clients), device authorization, refresh tokens rotated on every use. Access tokens are
 * JWTs for exactly one resource, the canonical MCP URL, MACed with the shared secret. The consent
 * step is the andee's own approval page (web/approval-routes.tsx), reached at /interaction/:uid.
 */
import type { IncomingMessage } from 'node:http';
import type { JWK } from 'jose';
import type { Kysely } from 'kysely';
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { AmpersandDatabase } from '../store/schema.ts';
import { GRANTABLE_SCOPES } from '../scopes.ts';
import type { DerivedKeys } from './derived-keys.ts';
import { oidcAdapterFor } from './oidc-adapter.ts';
import { cimdFetchAllowed, guardedFetch } from './cimd-guard.ts';
import { redirectUriProblem } from './redirect-uris.ts';
import { deviceConfirmSource, deviceInputSource, deviceSuccessSource, errorSource, type DeviceOrigin } from './provider-pages.tsx';

export const OAUTH_ROUTES = {
  authorization: '/oauth/authorize',
  token: '/oauth/token',
  registration: '/oauth/register',
  device_authorization: '/oauth/device_authorization',
  code_verification: '/device',
  revocation: '/oauth/revoke',
  jwks: '/oauth/jwks',
  userinfo: '/oauth/userinfo',
  end_session: '/oauth/logout',
  pushed_authorization_request: '/oauth/par',
  introspection: '/oauth/introspect',
  backchannel_authentication: '/oauth/backchannel',
  challenge: '/oauth/challenge',
} as const;

/** A client metadata document is a few hundred bytes; 5 KiB is oidc-provider's default bound too. */
const CIMD_MAX_BYTES = 5 * 1024;
const CIMD_TIMEOUT_MS = 2000;

export interface AuthorizationServerOptions {
  db: Kysely<AmpersandDatabase>;
  issuer: string;
  /** The canonical MCP URL: the only resource tokens are issued for. */
  resource: string;
  keys: DerivedKeys;
  signingJwk: JWK;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  cimdAllowedHosts: readonly string[];
  /** Extra CA certificates (PEM) for allow-listed metadata-document hosts (a test's loopback HTTPS). */
  cimdTrustedCertificates?: readonly string[] | undefined;
  /** Whether an andee id names an existing andee. */
  andeeExists(andeeId: string): Promise<boolean>;
  /** A request's client address (client-address.ts): where a device asked for its code, and where it is confirmed. */
  addressOf(req: IncomingMessage): string;
}

export function createAuthorizationServer(options: AuthorizationServerOptions): Provider {
  const resourceServer = {
    scope: GRANTABLE_SCOPES.join(' '),
    audience: options.resource,
    accessTokenTTL: options.accessTokenTtlSeconds,
    accessTokenFormat: 'jwt' as const,
    jwt: { sign: { alg: 'HS256' as const, key: options.keys.accessToken } },
  };
  const configuration: Configuration = {
    adapter: oidcAdapterFor(options.db),
    jwks: { keys: [options.signingJwk as never] },
    cookies: { keys: options.keys.cookieKeys, long: { httpOnly: true, sameSite: 'lax' }, short: { httpOnly: true, sameSite: 'lax' } },
    routes: OAUTH_ROUTES,
    scopes: ['openid', 'offline_access'],
    claims: { openid: ['sub'] },
    responseTypes: ['code'],
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      id_token_signed_response_alg: 'ES256',
    },
    enabledJWA: { idTokenSigningAlgValues: ['ES256'], requestObjectSigningAlgValues: ['ES256'] },
    clientAuthMethods: ['none'],
    async findAccount(_ctx, sub) {
      if (!(await options.andeeExists(sub))) return undefined;
      return { accountId: sub, claims: async () => ({ sub }) };
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      dPoP: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      revocation: { enabled: true },
      registration: { enabled: true, initialAccessToken: false, issueRegistrationAccessToken: true },
      deviceFlow: {
        enabled: true,
        charset: 'base-20',
        mask: '****-****',
        userCodeInputSource: deviceInputSource,
        userCodeConfirmSource: deviceConfirmSource(options.addressOf),
        // Kept with the device code, shown on its confirmation page (RFC 8628 §5.4).
        deviceInfo: (ctx) => ({ address: options.addressOf(ctx.req), startedAt: new Date().toISOString() }) satisfies DeviceOrigin,
        successSource: deviceSuccessSource,
      },
      resourceIndicators: {
        enabled: true,
        // A request naming no resource is for the MCP server, the only resource there is.
        defaultResource: () => options.resource,
        useGrantedResource: () => true,
        getResourceServerInfo(_ctx, resourceIndicator) {
          if (resourceIndicator !== options.resource) throw new errors.InvalidTarget(`Tokens are issued only for ${options.resource}.`);
          return resourceServer;
        },
      },
      clientIdMetadataDocument: {
        enabled: true,
        ack: 'draft-02',
        async allowFetch(_ctx, clientId) {
          const check = await cimdFetchAllowed(clientId, options.cimdAllowedHosts);
          if (!check.ok) throw new errors.InvalidClient(`client_id metadata document fetch not allowed: ${check.reason}`);
          return true;
        },
        // A document's redirect URIs follow the rules a registered client's do (redirect-uris.ts):
        // a code must not travel over plain http to another host because the client named itself
        // by URL instead of registering.
        async allowClient(_ctx, client) {
          const problem = (client.redirectUris ?? []).map(redirectUriProblem).find((found) => found !== undefined);
          if (problem) throw new errors.InvalidClientMetadata(`client_id metadata document redirect_uris: ${problem}`);
          return true;
        },
      },
    },
    // Every outgoing request of the provider (client metadata documents) goes through the guard.
    fetch: guardedFetch({
      allowedHosts: options.cimdAllowedHosts,
      trustedCertificates: options.cimdTrustedCertificates ?? [],
      // Below the provider's own 2.5 s abort, so the refusal carries this guard's reason.
      timeoutMs: CIMD_TIMEOUT_MS,
      maxBytes: CIMD_MAX_BYTES,
    }) as Configuration['fetch'],
    fetchResponseBodyLimits: { 'client_id metadata document': CIMD_MAX_BYTES },
    // Refresh tokens for every client allowed the grant, not only those asking offline_access:
    // MCP clients keep a connection for weeks and rarely know the OpenID scope.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    expiresWithSession: () => false,
    rotateRefreshToken: true,
    extraTokenClaims(_ctx, token) {
      return 'grantId' in token && token.grantId ? { gid: token.grantId } : undefined;
    },
    ttl: {
      AccessToken: options.accessTokenTtlSeconds,
      AuthorizationCode: 60,
      DeviceCode: 600,
      Grant: options.refreshTokenTtlSeconds,
      // Approval links live 10 minutes (the cross-device BCP's short-lived codes).
      Interaction: 600,
      RefreshToken: options.refreshTokenTtlSeconds,
      Session: 14 * 24 * 3600,
      IdToken: 3600,
    },
    renderError: errorSource,
  };
  const provider = new Provider(options.issuer, configuration);
  // Behind a TLS-terminating proxy the issuer is https while the socket is not; auth/provider-route.ts
  // sets the forwarded protocol itself, so a client cannot choose it.
  provider.proxy = new URL(options.issuer).protocol === 'https:';
  return provider;
}

export type { KoaContextWithOIDC };
