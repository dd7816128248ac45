/**
 * One-time owner sign-in links. The operator issues one for the approved account; it lives
 * fifteen minutes and is stored only as a hash. It is used by one conditional UPDATE, so of two
 * concurrent clicks exactly one signs in, and a link for an account that lost approval is dead.
 */
import type { Kysely } from 'kysely';
import { hashToken, newToken } from '@agent-products/kit/auth';
import type { ChengduDatabase } from '../store/schema.ts';

export const SIGN_IN_LINK_MINUTES = 15;
const FORGET_AFTER_MS = 24 * 3600_000;

export type SignInLinkState = 'valid' | 'unknown' | 'used' | 'expired' | 'withdrawn';
export type SignInFailure = Exclude<SignInLinkState, 'valid'>;

export interface IssuedSignInLink {
  token: string;
  accountId: string;
  expiresAt: Date;
}

export class SignInLinks {
  constructor(private readonly db: Kysely<ChengduDatabase>) {}

  async issue(accountId: string, now: Date): Promise<IssuedSignInLink> {
    const token = newToken('csl');
    const expiresAt = new Date(now.getTime() + SIGN_IN_LINK_MINUTES * 60_000);
    // A day after expiry a link row explains nothing a reader needs; forget old ones as new ones are made.
    await this.db
      .deleteFrom('sign_in_links')
      .where('expires_at', '<', new Date(now.getTime() - FORGET_AFTER_MS))
      .execute();
    await this.db
      .insertInto('sign_in_links')
      .values({ token_hash: hashToken(token), account_id: accountId, created_at: now, expires_at: expiresAt })
      .execute();
    return { token, accountId, expiresAt };
  }

  /** What using the link now would do, without using it. */
  async state(token: string, now: Date, db: Kysely<ChengduDatabase> = this.db): Promise<SignInLinkState> {
    const row = await db
      .selectFrom('sign_in_links')
      .innerJoin('accounts', 'accounts.account_id', 'sign_in_links.account_id')
      .select(['used_at', 'expires_at', 'approved'])
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirst();
    if (!row) return 'unknown';
    if (row.used_at) return 'used';
    if (new Date(row.expires_at).getTime() <= now.getTime()) return 'expired';
    if (!row.approved) return 'withdrawn';
    return 'valid';
  }

  /** Uses the link within `db` (a transaction when a session is created with it). */
  async consume(db: Kysely<ChengduDatabase>, token: string, now: Date): Promise<{ accountId: string } | { failure: SignInFailure }> {
    const used = await db
      .updateTable('sign_in_links')
      .set({ used_at: now })
      .where('token_hash', '=', hashToken(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .where('account_id', 'in', (eb) => eb.selectFrom('accounts').select('account_id').where('approved', '=', true))
      .returning('account_id')
      .executeTakeFirst();
    if (used) return { accountId: used.account_id };
    const state = await this.state(token, now, db);
    // Only a concurrent click can turn 'valid' into a failure between the two statements.
    return { failure: state === 'valid' ? 'used' : state };
  }
}
