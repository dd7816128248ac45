/**
 * Signing in to the andee's web app: a one-time link (256 random bits, stored hashed,
 * short-lived) is spent and the browser session started in one transaction. The session itself
 * is the kit's `BrowserSessions` over &'s `web_sessions` table (the cookie holds the id; the
 * table keeps its SHA-256 hash, the andee, the per-session CSRF token and an absolute expiry),
 * so sessions stored before & moved onto the kit resume unchanged.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { hashToken, randomBase64Url } from '@agent-products/kit/auth';
import { BrowserSessions, type SessionTable, type StartedSession } from '@agent-products/kit/web';
import type { AmpersandDatabase } from '../store/schema.ts';
import { deleteBatch } from '../store/bounded-delete.ts';
import type { Andee } from './andee-repository.ts';

export const SESSION_DAYS = 14;
const EXPIRED_SESSIONS_PER_SIGN_IN = 20;

export interface WebSession {
  andee: Andee;
  csrfToken: string;
}

export type SignInFailure = 'unknown' | 'used' | 'expired';

type Scope = Transaction<AmpersandDatabase>;

export class WebSessions {
  private readonly sessions: BrowserSessions<string, WebSession, Scope>;

  constructor(
    private readonly db: Kysely<AmpersandDatabase>,
    private readonly linkTtlSeconds: number,
  ) {
    this.sessions = new BrowserSessions(sessionTable(db), SESSION_DAYS * 24 * 3600_000);
  }

  /** A new sign-in link token for an andee; only the caller ever sees it. */
  async issueLink(andeeId: string, now: Date): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBase64Url(32);
    const expiresAt = new Date(now.getTime() + this.linkTtlSeconds * 1000);
    await this.db
      .insertInto('sign_in_links')
      .values({ token_hash: hashToken(token), andee_id: andeeId, created_at: now, expires_at: expiresAt, used_at: null })
      .execute();
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

  async signIn(linkToken: string, now: Date): Promise<StartedSession | { failure: SignInFailure }> {
    return this.db.transaction().execute(async (trx) => {
      const link = await trx.selectFrom('sign_in_links').selectAll().where('token_hash', '=', hashToken(linkToken)).forUpdate().executeTakeFirst();
      if (!link) return { failure: 'unknown' as const };
      if (link.used_at) return { failure: 'used' as const };
      if (link.expires_at <= now) return { failure: 'expired' as const };
      await trx.updateTable('sign_in_links').set({ used_at: now }).where('token_hash', '=', link.token_hash).execute();
      return this.sessions.start(trx, link.andee_id, now);
    });
  }

  resume(sessionId: string, now: Date): Promise<WebSession | undefined> {
    return this.sessions.resume(sessionId, now);
  }

  signOut(sessionId: string): Promise<void> {
    return this.sessions.end(sessionId);
  }
}

function sessionTable(db: Kysely<AmpersandDatabase>): SessionTable<string, WebSession, Scope> {
  return {
    async insert(trx, row) {
      await trx
        .insertInto('web_sessions')
        .values({ session_hash: row.sessionHash, andee_id: row.subject, csrf_token: row.csrfToken, created_at: row.createdAt, expires_at: row.expiresAt })
        .execute();
    },
    // A few at a time through the expiry index: a sign-in's own cost must not follow how many
    // sessions have lapsed (the housekeeping sweep removes the rest, bounded too).
    async deleteExpired(trx, now) {
      await deleteBatch(trx, 'web_sessions', sql<boolean>`expires_at <= ${now}`, EXPIRED_SESSIONS_PER_SIGN_IN);
    },
    async findLive(sessionHash, now) {
      const row = await db
        .selectFrom('web_sessions')
        .innerJoin('andees', 'andees.andee_id', 'web_sessions.andee_id')
        .select(['andees.andee_id', 'tag', 'display_name', 'photo_url', 'csrf_token', 'expires_at'])
        .where('session_hash', '=', sessionHash)
        .executeTakeFirst();
      if (!row || row.expires_at <= now) return undefined;
      return { andee: { andeeId: row.andee_id, tag: row.tag, displayName: row.display_name, photoUrl: row.photo_url }, csrfToken: row.csrf_token };
    },
    async delete(sessionHash) {
      await db.deleteFrom('web_sessions').where('session_hash', '=', sessionHash).execute();
    },
  };
}
