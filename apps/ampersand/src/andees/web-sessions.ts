/**
 * Signing in: a one-time link (256 random bits, stored hashed, short-lived) is spent and the
 * session created in one transaction. The session id lives only in the HttpOnly cookie; the
 * database keeps its hash, the andee, the per-session CSRF token and an absolute expiry.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { hashToken, randomBase64Url } from '@agent-products/kit/auth';
import type { AmpersandDatabase } from '../store/schema.ts';
import type { Andee } from './andee-repository.ts';

export const SESSION_DAYS = 14;

export interface WebSession {
  andee: Andee;
  csrfToken: string;
}

export type SignInFailure = 'unknown' | 'used' | 'expired';

export class WebSessions {
  constructor(
    private readonly db: Kysely<AmpersandDatabase>,
    private readonly linkTtlSeconds: number,
  ) {}

  /** A new sign-in link token for an andee; only the caller ever sees it. */
  async issueLink(andeeId: string, now: Date): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBase64Url(32);
    const expiresAt = new Date(now.getTime() + this.linkTtlSeconds * 1000);
    await this.db.insertInto('sign_in_links').values({ token_hash: hashToken(token), andee_id: andeeId, created_at: now, expires_at: expiresAt, used_at: null }).execute();
    return { token, expiresAt };
  }

  /**
   * What a link would do if spent now, without spending it: its page shows this, and only the
   * form the page holds spends the link (a mail scanner's or preview's GET must not).
   */
  async linkState(linkToken: string, now: Date): Promise<{ state: 'valid'; tag: string } | { state: SignInFailure }> {
    const link = await this.db
      .selectFrom('sign_in_links')
      .innerJoin('andees', 'andees.andee_id', 'sign_in_links.andee_id')
      .select(['tag', 'used_at', 'expires_at'])
      .where('token_hash', '=', hashToken(linkToken))
      .executeTakeFirst();
    if (!link) return { state: 'unknown' };
    if (link.used_at) return { state: 'used' };
    if (link.expires_at <= now) return { state: 'expired' };
    return { state: 'valid', tag: link.tag };
  }

  async signIn(linkToken: string, now: Date): Promise<{ sessionId: string; expiresAt: Date } | { failure: SignInFailure }> {
    return this.db.transaction().execute(async (trx) => {
      const link = await trx.selectFrom('sign_in_links').selectAll().where('token_hash', '=', hashToken(linkToken)).forUpdate().executeTakeFirst();
      if (!link) return { failure: 'unknown' as const };
      if (link.used_at) return { failure: 'used' as const };
      if (link.expires_at <= now) return { failure: 'expired' as const };
      await trx.updateTable('sign_in_links').set({ used_at: now }).where('token_hash', '=', link.token_hash).execute();
      await trx.deleteFrom('web_sessions').where('expires_at', '<=', now).execute();
      const sessionId = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now.getTime() + SESSION_DAYS * 24 * 3600_000);
      await trx
        .insertInto('web_sessions')
        .values({ session_hash: hashToken(sessionId), andee_id: link.andee_id, csrf_token: randomBase64Url(32), created_at: now, expires_at: expiresAt })
        .execute();
      return { sessionId, expiresAt };
    });
  }

  async resume(sessionId: string, now: Date): Promise<WebSession | undefined> {
    const row = await this.db
      .selectFrom('web_sessions')
      .innerJoin('andees', 'andees.andee_id', 'web_sessions.andee_id')
      .select(['andees.andee_id', 'tag', 'display_name', 'photo_url', 'csrf_token', 'expires_at'])
      .where('session_hash', '=', hashToken(sessionId))
      .executeTakeFirst();
    if (!row || row.expires_at <= now) return undefined;
    return { andee: { andeeId: row.andee_id, tag: row.tag, displayName: row.display_name, photoUrl: row.photo_url }, csrfToken: row.csrf_token };
  }

  async signOut(sessionId: string): Promise<void> {
    await this.db.deleteFrom('web_sessions').where('session_hash', '=', hashToken(sessionId)).execute();
  }
}
