/**
 * CSRF tokens for the site's forms, checked on every POST besides the kit's Origin allow-list.
 * A signed-in form carries its session's own token (`tokensEqual`). Forms anyone may send
 * (feedback, removal requests) have no session to bind to, so they use a signed double submit:
 * the page sets a short-lived random cookie and the form carries an HMAC of it under a server key
 * kept in the settings table, shared by every process. A cross-site page can neither read the
 * cookie nor compute the HMAC.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ChengduDatabase } from '../store/schema.ts';

const FORM_TOKEN_MINUTES = 120;
/** A cookie this close to expiry is replaced, so a form rendered now stays sendable for a while. */
const REUSE_MARGIN_MS = 30 * 60_000;
const SIGNING_KEY_SETTING = 'form_signing_key';

export function tokensEqual(sent: string | null | undefined, expected: string): boolean {
  if (!sent) return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface AnonymousFormToken {
  /** The cookie value, to (re)set when `fresh`. */
  cookie: string;
  fresh: boolean;
  maxAgeSeconds: number;
  /** The value of the form's hidden `csrf` field. */
  token: string;
}

export class AnonymousFormTokens {
  private key: Promise<Buffer> | undefined;

  constructor(private readonly db: Kysely<ChengduDatabase>) {}

  /** A token for a form rendered now, reusing the visitor's cookie so two open tabs both work. */
  async issue(existingCookie: string | undefined, now: Date): Promise<AnonymousFormToken> {
    const reusable = existingCookie !== undefined && (expiryOf(existingCookie) ?? 0) - now.getTime() > REUSE_MARGIN_MS;
    const cookie = reusable ? existingCookie : `${randomBytes(18).toString('base64url')}.${now.getTime() + FORM_TOKEN_MINUTES * 60_000}`;
    return {
      cookie,
      fresh: !reusable,
      maxAgeSeconds: Math.max(0, Math.floor(((expiryOf(cookie) ?? 0) - now.getTime()) / 1000)),
      token: await this.sign(cookie),
    };
  }

  async verify(cookie: string | undefined, token: string | null, now: Date): Promise<boolean> {
    if (!cookie || !token) return false;
    const expiry = expiryOf(cookie);
    if (expiry === undefined || expiry <= now.getTime()) return false;
    return tokensEqual(token, await this.sign(cookie));
  }

  private async sign(cookie: string): Promise<string> {
    return createHmac('sha256', await this.signingKey()).update(`form:${cookie}`).digest('base64url');
  }

  private signingKey(): Promise<Buffer> {
    this.key ??= (async () => {
      // The first process to need the key creates it; every other process reads the same one.
      await this.db
        .insertInto('settings')
        .values({ key: SIGNING_KEY_SETTING, value: randomBytes(32).toString('base64url'), updated_at: new Date() })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const row = await this.db.selectFrom('settings').select('value').where('key', '=', SIGNING_KEY_SETTING).executeTakeFirstOrThrow();
      return Buffer.from(row.value, 'base64url');
    })().catch((error: unknown) => {
      this.key = undefined;
      throw error;
    });
    return this.key;
  }
}

function expiryOf(cookie: string): number | undefined {
  const match = /^[A-Za-z0-9_-]{24}\.(\d{1,15})$/.exec(cookie);
  return match ? Number(match[1]) : undefined;
}
