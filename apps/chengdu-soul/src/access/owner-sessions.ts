/**
 * The owner's browser sessions. Signing in uses a one-time link and creates the session in the
 * same transaction, so a link is never spent without a session to show for it. The session id
 * (256 random bits) lives only in the owner's cookie; the database keeps its hash, the account,
 * the per-session CSRF token every form carries, and an absolute expiry. Sign-out deletes it.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { hashToken } from '@agent-products/kit/auth';
import type { ChengduDatabase } from '../store/schema.ts';
import type { SignInFailure, SignInLinks } from './sign-in-links.ts';

export const SESSION_DAYS = 7;

export interface OwnerSession {
  accountId: string;
  email: string;
  csrfToken: string;
  expiresAt: Date;
}

export interface StartedSession {
  sessionId: string;
  expiresAt: Date;
}

export class OwnerSessions {
  constructor(
    private readonly db: Kysely<ChengduDatabase>,
    private readonly links: SignInLinks,
  ) {}

  async signIn(linkToken: string, now: Date): Promise<StartedSession | { failure: SignInFailure }> {
    return this.db.transaction().execute(async (trx) => {
      const used = await this.links.consume(trx, linkToken, now);
      if ('failure' in used) return used;
      // Expired sessions are useless rows; signing in is the natural moment to drop them.
      await trx.deleteFrom('sessions').where('expires_at', '<=', now).execute();
      const sessionId = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now.getTime() + SESSION_DAYS * 24 * 3600_000);
      await trx
        .insertInto('sessions')
        .values({
          session_hash: hashToken(sessionId),
          account_id: used.accountId,
          csrf_token: randomBytes(32).toString('base64url'),
          created_at: now,
          expires_at: expiresAt,
        })
        .execute();
      return { sessionId, expiresAt };
    });
  }

  /** The live session behind a cookie value; an account that lost approval has none. */
  async resume(sessionId: string, now: Date): Promise<OwnerSession | undefined> {
    const row = await this.db
      .selectFrom('sessions')
      .innerJoin('accounts', 'accounts.account_id', 'sessions.account_id')
      .select(['sessions.account_id', 'email', 'csrf_token', 'expires_at'])
      .where('session_hash', '=', hashToken(sessionId))
      .where('expires_at', '>', now)
      .where('approved', '=', true)
      .executeTakeFirst();
    return row ? { accountId: row.account_id, email: row.email, csrfToken: row.csrf_token, expiresAt: new Date(row.expires_at) } : undefined;
  }

  async signOut(sessionId: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('session_hash', '=', hashToken(sessionId)).execute();
  }
}
