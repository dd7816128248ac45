/** An OAuthClientProvider as a test client keeps it: everything in memory, the authorization URL captured. */
import type { OAuthClientProvider, OAuthDiscoveryState } from '@modelcontextprotocol/client';

type Info = Awaited<ReturnType<OAuthClientProvider['clientInformation']>>;
type Tokens = Awaited<ReturnType<OAuthClientProvider['tokens']>>;

export class InMemoryOAuthClient implements OAuthClientProvider {
  info: Info;
  stored: Tokens;
  verifier = '';
  authorizationUrl: URL | undefined;
  discovery: OAuthDiscoveryState | undefined;

  constructor(
    readonly redirectUrl: string,
    private readonly name = 'Test Agent',
  ) {}

  get clientMetadata() {
    return {
      client_name: this.name,
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }

  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: NonNullable<Info>) {
    this.info = info;
  }
  tokens() {
    return this.stored;
  }
  saveTokens(tokens: NonNullable<Tokens>) {
    this.stored = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
  saveDiscoveryState(state: OAuthDiscoveryState) {
    this.discovery = state;
  }
  discoveryState() {
    return this.discovery;
  }
  /** What a client does when the server says its credentials are no good (a revoked grant's refresh token: `tokens`). */
  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery') {
    if (scope === 'all' || scope === 'tokens') this.stored = undefined;
    if (scope === 'all' || scope === 'client') this.info = undefined;
    if (scope === 'all' || scope === 'verifier') this.verifier = '';
    if (scope === 'all' || scope === 'discovery') this.discovery = undefined;
  }
}
