/**
 * DNS-rebinding and cross-site defences. A server bound to loopback only answers Host headers
 * naming loopback; a browser request whose Origin is not on the allow-list is refused with 403
 * before any work is done. Requests without an Origin (agents, curl) are not browser requests
 * and pass.
 */
import { hostHeaderValidationResponse, localhostAllowedHostnames, validateHostHeader } from '@modelcontextprotocol/server';

/**
 * A Host check for one allow-list. Host headers that passed are remembered (a few dozen at
 * most: a server is reached under a handful of names), so the common request skips parsing its
 * Host as a URL; anything else gets the SDK's full check and its refusal.
 */
export interface HostChecker {
  /** The SDK's 403 for a request whose Host is not served here, else undefined. */
  (request: Request): Response | undefined;
  /** Whether a Host header value is one served here (the same verdict, without an answer). */
  accepts(host: string): boolean;
}

export function hostChecker(allowedHostnames?: readonly string[]): HostChecker {
  const allowed = [...(allowedHostnames ?? localhostAllowedHostnames())];
  const accepted = new Set<string>();
  const remember = (host: string) => {
    if (accepted.size < 64) accepted.add(host);
  };
  const check = (request: Request) => {
    const host = request.headers.get('host');
    if (host !== null && accepted.has(host)) return undefined;
    const rejection = hostHeaderValidationResponse(request, allowed);
    if (!rejection && host !== null) remember(host);
    return rejection ?? undefined;
  };
  return Object.assign(check, {
    accepts(host: string) {
      if (accepted.has(host)) return true;
      const ok = validateHostHeader(host, allowed).ok;
      if (ok) remember(host);
      return ok;
    },
  });
}

/** Loopback names, and the public URL's host when the server has one. */
export function servedHostnames(publicUrl?: URL): string[] {
  const names = localhostAllowedHostnames();
  if (publicUrl && !names.includes(publicUrl.hostname)) names.push(publicUrl.hostname);
  return names;
}

export function originAllowed(origin: string | null, allowList: ReadonlySet<string>): boolean {
  if (origin === null) return true;
  return allowList.has(origin.toLowerCase());
}

/** The origins a loopback server on `port` serves its own pages from. */
export function loopbackOrigins(port: number): string[] {
  return [`http://127.0.0.1:${port}`, `http://localhost:${port}`, `http://[::1]:${port}`];
}
