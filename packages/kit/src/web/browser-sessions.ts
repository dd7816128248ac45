/**
 * Browser sessions of people signed in to a product's pages. The session id (256 random bits)
 * lives only in the browser's cookie; the product's table keeps its SHA-256 hash, the subject, a
 * per-session CSRF token every form carries, and an absolute expiry, so a read of the table
 * cannot be replayed as a cookie. A session id is always new when a session starts, so an id
 * planted in a browser beforehand never becomes signed in. The kit keeps these rules; the
 * product keeps the table (its subject's foreign key, who still counts as admitted, which
 * transaction a session starts in) behind `SessionTable`.
 */
import { randomBytes } from 'node:crypto';
import { hashToken } from '../auth/index.ts';

export interface NewSessionRow<Subject> {
  sessionHash: string;
  subject: Subject;
  csrfToken: string;
  createdAt: Date;
  expiresAt: Date;
}

/**
 * The product's session table. `Scope` is what a session starts within (a transaction, so the
 * sign-in that earns it and the session are written together); `Live` is what resuming returns.
 */
export interface SessionTable<Subject, Live, Scope> {
  insert(scope: Scope, row: NewSessionRow<Subject>): Promise<void>;
  /** Rows past their expiry; starting a session is the natural moment to drop them. */
  deleteExpired(scope: Scope, now: Date): Promise<void>;
  /** The session behind the hash if it has not expired and its subject is still admitted. */
  findLive(sessionHash: string, now: Date): Promise<Live | undefined>;
  delete(sessionHash: string): Promise<void>;
}

export interface StartedSession {
  /** The cookie value; never stored. */
  sessionId: string;
  expiresAt: Date;
}

export class BrowserSessions<Subject, Live, Scope> {
  constructor(
    private readonly table: SessionTable<Subject, Live, Scope>,
    private readonly lifetimeMs: number,
  ) {
    if (!(lifetimeMs > 0)) throw new RangeError(`A session lifetime must be positive (given: ${lifetimeMs} ms).`);
  }

  async start(scope: Scope, subject: Subject, now: Date): Promise<StartedSession> {
    await this.table.deleteExpired(scope, now);
    const sessionId = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + this.lifetimeMs);
    await this.table.insert(scope, {
      sessionHash: hashToken(sessionId),
      subject,
      csrfToken: randomBytes(32).toString('base64url'),
      createdAt: now,
      expiresAt,
    });
    return { sessionId, expiresAt };
  }

  resume(sessionId: string, now: Date): Promise<Live | undefined> {
    return this.table.findLive(hashToken(sessionId), now);
  }

  end(sessionId: string): Promise<void> {
    return this.table.delete(hashToken(sessionId));
  }
}

/** Seconds a cookie for `session` should live from `now`. */
export function cookieMaxAge(session: StartedSession, now: Date): number {
  return Math.floor((session.expiresAt.getTime() - now.getTime()) / 1000);
}
