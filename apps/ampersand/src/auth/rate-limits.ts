/**
 * &'s rate limits on the ways in: sign-in link requests (per &tag and per client address),
 * sign-in link redemptions (per address: every link is 256 random bits, so this bounds guessing
 * and the failures that come with it), the token endpoint and client registration (per address),
 * and device-flow polling (per device code). Counted with the kit's limiter — in the product's
 * database (PGlite or PostgreSQL), or in Redis with a Redis URL — so every API process shares
 * the counts.
 *
 * Addresses are the socket's peer address unless `AMPERSAND_TRUSTED_PROXIES` names the proxies
 * in front of & (client-address.ts). A tag's sign-in limit counts per tag and address, so nobody
 * can lock an andee out of their own link by asking for it from elsewhere. The operator can lift
 * any count (`clear-rate-limit`).
 */
import type { Kysely } from 'kysely';
import { hashToken } from '@agent-products/kit/auth';
import { createRateLimiter, type RateLimitOutcome, type RateLimiter } from '@agent-products/kit/store';
import { DEFAULT_AUTH_RATE_LIMITS, type AuthRateLimitSettings } from '../settings.ts';

export type AuthLimitName = keyof AuthRateLimitSettings;

export interface AuthRateLimits {
  /** Counts one request against `name`'s limit for `subject` (an address, a tag, a device code). */
  consume(name: AuthLimitName, subject: string): Promise<RateLimitOutcome>;
  /** Forgets `name`'s count for `subject` (the operator's `clear-rate-limit`); true when there was one. */
  clear(name: AuthLimitName, subject: string): Promise<boolean>;
  /** Present with Redis: whether it answers (the API's health). */
  readonly probe?: () => Promise<boolean>;
  close(): Promise<void>;
}

export interface AuthRateLimitOptions {
  db: Kysely<any>;
  redisUrl?: string | undefined;
  limits?: Partial<AuthRateLimitSettings> | undefined;
  /** Prefix of every count's key (default `ampersand`): several deployments on one Redis keep theirs apart. */
  keyPrefix?: string | undefined;
}

export function authRateLimits(options: AuthRateLimitOptions): AuthRateLimits {
  const limits = { ...DEFAULT_AUTH_RATE_LIMITS, ...options.limits };
  const limiters = new Map<AuthLimitName, RateLimiter>();
  for (const name of Object.keys(limits) as AuthLimitName[]) {
    const { points, windowSeconds } = limits[name];
    limiters.set(
      name,
      createRateLimiter({ db: options.db, redisUrl: options.redisUrl, points, windowSeconds, keyPrefix: `${options.keyPrefix ?? 'ampersand'}-${name}` }),
    );
  }
  const any = limiters.values().next().value as RateLimiter;
  return {
    // Keys are hashed: a tag or a device code is not kept in the clear, and every key fits the column.
    consume: (name, subject) => limiters.get(name)!.consume(hashToken(subject)),
    clear: (name, subject) => limiters.get(name)!.reset(hashToken(subject)),
    ...(any.probe ? { probe: any.probe } : {}),
    async close() {
      await Promise.all([...limiters.values()].map((limiter) => limiter.close()));
    },
  };
}

/** The subject of `signInLinksPerTag`: the tag and the address asking, together. */
export function tagFromAddress(tag: string, address: string): string {
  return `${tag} ${address}`;
}
