/**
 * CSRF tokens for forms anyone may send, which have no session to bind a token to: a signed
 * double submit. The page sets a short-lived random cookie and the form carries an HMAC of it
 * under a server key every process shares (the product decides where that key is kept). A
 * cross-site page can neither read the cookie nor compute the HMAC. Forms of a signed-in browser
 * carry their session's own token instead (`BrowserSessions`, `tokensEqual`).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { tokensEqual } from './tokens-equal.ts';

const DEFAULT_LIFETIME_MINUTES = 120;
/** A cookie this close to expiry is replaced, so a form rendered now stays sendable for a while. */
const REUSE_MARGIN_MS = 30 * 60_000;

export interface SignedFormTokensOptions {
  /** The HMAC key, the same in every process; asked for once, and again only after it failed. */
  signingKey: () => Promise<Buffer>;
  lifetimeMinutes?: number;
}

export interface SignedFormToken {
  /** The cookie value, to (re)set when `fresh`. */
  cookie: string;
  fresh: boolean;
  maxAgeSeconds: number;
  /** The value of the form's hidden CSRF field. */
  token: string;
}

export class SignedFormTokens {
  private key: Promise<Buffer> | undefined;
  private readonly lifetimeMs: number;

  constructor(private readonly options: SignedFormTokensOptions) {
    this.lifetimeMs = (options.lifetimeMinutes ?? DEFAULT_LIFETIME_MINUTES) * 60_000;
  }

  /** A token for a form rendered now, reusing the visitor's cookie so two open tabs both work. */
  async issue(existingCookie: string | undefined, now: Date): Promise<SignedFormToken> {
    const reusable = existingCookie !== undefined && (expiryOf(existingCookie) ?? 0) - now.getTime() > REUSE_MARGIN_MS;
    const cookie = reusable ? existingCookie : `${randomBytes(18).toString('base64url')}.${now.getTime() + this.lifetimeMs}`;
    return {
      cookie,
      fresh: !reusable,
      maxAgeSeconds: Math.max(0, Math.floor(((expiryOf(cookie) ?? 0) - now.getTime()) / 1000)),
      token: await this.sign(cookie),
    };
  }

  async verify(cookie: string | undefined, token: string | null | undefined, now: Date): Promise<boolean> {
    if (!cookie || !token) return false;
    const expiry = expiryOf(cookie);
    if (expiry === undefined || expiry <= now.getTime()) return false;
    return tokensEqual(token, await this.sign(cookie));
  }

  private async sign(cookie: string): Promise<string> {
    return createHmac('sha256', await this.signingKey())
      .update(`form:${cookie}`)
      .digest('base64url');
  }

  private signingKey(): Promise<Buffer> {
    this.key ??= this.options.signingKey().catch((error: unknown) => {
      this.key = undefined;
      throw error;
    });
    return this.key;
  }
}

/** The cookie is `<24 random base64url characters>.<expiry in epoch ms>`; anything else is not ours. */
function expiryOf(cookie: string): number | undefined {
  const match = /^[A-Za-z0-9_-]{24}\.(\d{1,15})$/.exec(cookie);
  return match ? Number(match[1]) : undefined;
}
