/**
 * The rate limits on the authorization server's endpoints, checked before the provider runs (so
 * a refused request does no work): token requests and client registrations per client address,
 * answered 429 with Retry-After and an OAuth-shaped body (`error: "rate_limited"`,
 * `error_description`, `retry_after_seconds`); and device-code polling per device code, whose
 * refusal RFC 8628 §3.5 defines as `slow_down` (400), which device clients know to back off from.
 */
import type { IncomingMessage } from 'node:http';
import { OAUTH_ROUTES } from './authorization-server.ts';
import type { AuthRateLimits } from './rate-limits.ts';

export interface ProviderRefusal {
  status: number;
  error: string;
  description: string;
  retryAfterSeconds: number;
}

const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

export async function providerRateLimit(limits: AuthRateLimits, req: IncomingMessage, path: string, body: string): Promise<ProviderRefusal | undefined> {
  const address = req.socket.remoteAddress ?? 'unknown';
  if (path === OAUTH_ROUTES.registration) {
    const outcome = await limits.consume('registrationsPerAddress', address);
    if (!outcome.allowed)
      return tooMany(`Too many client registrations from this address; retry in ${outcome.retryAfterSeconds} s.`, outcome.retryAfterSeconds);
    return undefined;
  }
  if (path !== OAUTH_ROUTES.token) return undefined;
  const outcome = await limits.consume('tokenRequestsPerAddress', address);
  if (!outcome.allowed) return tooMany(`Too many token requests from this address; retry in ${outcome.retryAfterSeconds} s.`, outcome.retryAfterSeconds);
  const form = formOf(req, body);
  const deviceCode = form?.get('grant_type') === DEVICE_CODE_GRANT ? form.get('device_code') : null;
  if (deviceCode) {
    const poll = await limits.consume('devicePollsPerCode', deviceCode);
    if (!poll.allowed) {
      return {
        status: 400,
        error: 'slow_down',
        description: `This device code is polled too often; wait at least ${poll.retryAfterSeconds} s between polls.`,
        retryAfterSeconds: poll.retryAfterSeconds,
      };
    }
  }
  return undefined;
}

function tooMany(description: string, retryAfterSeconds: number): ProviderRefusal {
  return { status: 429, error: 'rate_limited', description, retryAfterSeconds };
}

/** The token request's form, when it is one (anything else the provider refuses on its own). */
function formOf(req: IncomingMessage, body: string): URLSearchParams | undefined {
  return (req.headers['content-type'] ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded') ? new URLSearchParams(body) : undefined;
}
