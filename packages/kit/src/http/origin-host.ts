/**
 * DNS-rebinding and cross-site defences. A server bound to loopback only answers Host headers
 * naming loopback; a browser request whose Origin is not on the allow-list is refused with 403
 * before any work is done. Requests without an Origin (agents, curl) are not browser requests
 * and pass.
 */
import { hostHeaderValidationResponse, localhostAllowedHostnames } from '@modelcontextprotocol/server';

export function hostRejection(request: Request, allowedHostnames?: readonly string[]): Response | undefined {
  return hostHeaderValidationResponse(request, [...(allowedHostnames ?? localhostAllowedHostnames())]) ?? undefined;
}

export function originAllowed(origin: string | null, allowList: ReadonlySet<string>): boolean {
  if (origin === null) return true;
  return allowList.has(origin.toLowerCase());
}

/** The origins a loopback server on `port` serves its own pages from. */
export function loopbackOrigins(port: number): string[] {
  return [`http://127.0.0.1:${port}`, `http://localhost:${port}`, `http://[::1]:${port}`];
}
