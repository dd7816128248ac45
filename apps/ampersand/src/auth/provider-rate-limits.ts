/**
 * The rate limits on the authorization server's endpoints, checked before the provider runs (so
 * a refused request does no work): token requests, client registrations and user-code entries on
 * `POST /device` per client address (client-address.ts), answered `rate_limited` with
 * Retry-After and an OAuth-shaped body (`error`, `error_description`, `retry_after_seconds`);
 * and device-code polling per device code, whose refusal RFC 8628 §3.5 defines as `slow_down`,
 * which device clients know to back off from. Each refusal is an entry of &'s error table
 * (errors.ts), which decides its status.
 */
import type { IncomingMessage } from 'node:http';
import type { ToolError } from '@agent-products/kit/errors';
import { fail } from '../errors.ts';
import { OAUTH_ROUTES } from './authorization-server.ts';
import type { ClientAddressOf } from './client-address.ts';
import type { AuthRateLimits } from './rate-limits.ts';

const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

export async function providerRateLimit(
  limits: AuthRateLimits,
  addressOf: ClientAddressOf,
  req: IncomingMessage,
  path: string,
  body: string,
): Promise<ToolError | undefined> {
  const forwardedFor = req.headers['x-forwarded-for'];
  const address = addressOf(req.socket.remoteAddress, Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor);
  if (path === OAUTH_ROUTES.registration) {
    const outcome = await limits.consume('registrationsPerAddress', address);
    if (!outcome.allowed)
      return tooMany(`Too many client registrations from this address; retry in ${outcome.retryAfterSeconds} s.`, outcome.retryAfterSeconds);
    return undefined;
  }
  if (path === OAUTH_ROUTES.code_verification && req.method === 'POST') {
    const outcome = await limits.consume('deviceEntriesPerAddress', address);
    if (!outcome.allowed)
      return tooMany(`Too many device codes entered from this address; retry in ${outcome.retryAfterSeconds} s.`, outcome.retryAfterSeconds);
    return undefined;
  }
  if (path !== OAUTH_ROUTES.token) return undefined;
  const outcome = await limits.consume('tokenRequestsPerAddress', address);
  if (!outcome.allowed) return tooMany(`Too many token requests from this address; retry in ${outcome.retryAfterSeconds} s.`, outcome.retryAfterSeconds);
  const form = formOf(req, body);
  const deviceCode = form?.get('grant_type') === DEVICE_CODE_GRANT ? form.get('device_code') : null;
  if (deviceCode) {
    const poll = await limits.consume('devicePollsPerCode', deviceCode);
    if (!poll.allowed)
      return fail('slow_down', `This device code is polled too often; wait at least ${poll.retryAfterSeconds} s between polls.`, {
        retryAfterSeconds: poll.retryAfterSeconds,
      });
  }
  return undefined;
}

function tooMany(description: string, retryAfterSeconds: number): ToolError {
  return fail('rate_limited', description, { retryAfterSeconds });
}

/** The token request's form, when it is one (anything else the provider refuses on its own). */
function formOf(req: IncomingMessage, body: string): URLSearchParams | undefined {
  return (req.headers['content-type'] ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded') ? new URLSearchParams(body) : undefined;
}
