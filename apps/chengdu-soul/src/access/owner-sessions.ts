/**
 * The owner's browser sessions (the kit's `BrowserSessions` over the `sessions` table). Signing
 * in uses a one-time link and creates the session in the same transaction, so a link is never
 * spent without a session to show for it. A session of an account that lost approval is dead.
 * Sign-out deletes it.
 */
import type { Kysely } from 'kysely';
import { BrowserSessions, type SessionTable, type StartedSession } from '@agent-products/kit/web';
import type { ChengduDatabase } from '../store/schema.ts';
import type { SignInFailure, SignInLinks } from './sign-in-links.ts';

export const SESSION_DAYS = 7;

export interface OwnerSession {
  accountId: string;
  email: string;
  csrfToken: string;
  expiresAt: Date;
}

type Db = Kysely<ChengduDatabase>;

export class OwnerSessions {
  private readonly sessions: BrowserSessions<string, OwnerSession, Db>;

  constructor(
    private readonly db: Db,
    private readonly links: SignInLinks,
  ) {
    this.sessions = new BrowserSessions(sessionTable(db), SESSION_DAYS * 24 * 3600_000);
  }

  async signIn(linkToken: string, now: Date): Promise<StartedSession | { failure: SignInFailure }> {
    return this.db.transaction().execute(async (trx) => {
      const used = await this.links.consume(trx, linkToken, now);
      if ('failure' in used) return used;
      return this.sessions.start(trx, used.accountId, now);
    });
  }

  /** The live session behind a cookie value. */
  resume(sessionId: string, now: Date): Promise<OwnerSession | undefined> {
    return this.sessions.resume(sessionId, now);
  }

  signOut(sessionId: string): Promise<void> {
    return this.sessions.end(sessionId);
  }
}

function sessionTable(db: Db): SessionTable<string, OwnerSession, Db> {
  return {
    async insert(trx, row) {
      await trx
        .insertInto('sessions')
        .values({ session_hash: row.sessionHash, account_id: row.subject, csrf_token: row.csrfToken, created_at: row.createdAt, expires_at: row.expiresAt })
        .execute();
    },
    async deleteExpired(trx, now) {
      await trx.deleteFrom('sessions').where('expires_at', '<=', now).execute();
    },
    async findLive(sessionHash, now) {
      const row = await db
        .selectFrom('sessions')
        .innerJoin('accounts', 'accounts.account_id', 'sessions.account_id')
        .select(['sessions.account_id', 'email', 'csrf_token', 'expires_at'])
        .where('session_hash', '=', sessionHash)
        .where('expires_at', '>', now)
        .where('approved', '=', true)
        .executeTakeFirst();
      return row ? { accountId: row.account_id, email: row.email, csrfToken: row.csrf_token, expiresAt: new Date(row.expires_at) } : undefined;
    },
    async delete(sessionHash) {
      await db.deleteFrom('sessions').where('session_hash', '=', sessionHash).execute();
    },
  };
}
