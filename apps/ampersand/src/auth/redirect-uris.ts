/**
 * Which redirect URIs a dynamically registered client may have (issue 27 §2): an authorization
 * code must only ever travel to a place its client controls, over a channel an attacker on the
 * path cannot read. So: `https` anywhere; plain `http` only to the loopback interface (RFC 8252
 * §7.3: `127.0.0.1`, `[::1]`, `localhost`, any port), where it never leaves the machine; and a
 * native app's private-use scheme named after a domain it owns, reversed (RFC 8252 §7.1,
 * `com.example.app:/cb`). Anything else — `http` to another host, `javascript:`, `data:`, a
 * scheme without a dot, a fragment (RFC 6749 §3.1.2), an unparseable URI — is refused.
 */

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);
/** A reverse-domain scheme: at least two dot-separated labels (RFC 8252 §7.1; RFC 3986 scheme characters). */
const PRIVATE_USE_SCHEME = /^[a-z][a-z0-9-]*(\.[a-z0-9-]+)+:$/i;

/** Why `uri` cannot be a redirect URI, or undefined when it can. */
export function redirectUriProblem(uri: unknown): string | undefined {
  if (typeof uri !== 'string') return `Redirect URIs are strings; ${JSON.stringify(uri)} is not.`;
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return `The redirect URI ${JSON.stringify(uri)} is not an absolute URI.`;
  }
  if (uri.includes('#')) return `The redirect URI ${JSON.stringify(uri)} has a fragment, which a redirect URI may not have (RFC 6749 §3.1.2).`;
  if (url.protocol === 'https:') return url.hostname ? undefined : `The redirect URI ${JSON.stringify(uri)} names no host.`;
  if (url.protocol === 'http:') {
    return LOOPBACK_HOSTS.has(url.hostname)
      ? undefined
      : `The redirect URI ${JSON.stringify(uri)} uses plain http to another host than this machine's loopback: use https (http only for 127.0.0.1, [::1] or localhost, RFC 8252).`;
  }
  if (PRIVATE_USE_SCHEME.test(url.protocol)) return undefined;
  return `The redirect URI ${JSON.stringify(uri)} uses the scheme ${JSON.stringify(url.protocol.slice(0, -1))}: use https, loopback http, or a private-use scheme named after a domain you own, reversed (such as com.example.app:/callback, RFC 8252 §7.1).`;
}

/** A loopback IP redirect (not `localhost`), whose port may vary at authorization time once the client is native (RFC 8252 §7.3). */
export function isLoopbackIpRedirect(uri: string): boolean {
  return /^http:\/\/(127\.0\.0\.1|\[::1\])(:\d+)?\//.test(uri);
}

/** A redirect to a native app's private-use scheme (one redirectUriProblem admits). */
export function isPrivateUseRedirect(uri: string): boolean {
  return PRIVATE_USE_SCHEME.test(/^[^:/?#]+:/.exec(uri)?.[0] ?? '');
}
