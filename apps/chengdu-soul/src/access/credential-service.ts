/**
 * The approved account and its Agent credentials. A credential is issued by the operator for the
 * sole approved account, bound to this server's `/mcp` audience, lives at most 24 hours, is kept
 * only as a hash and can be revoked at once (checked on every request, nothing cached).
 */
import { randomUUID } from 'node:crypto';
import { CompiledQuery, type Kysely } from 'kysely';
import { hashToken, newToken, type AuthFailure, type Principal } from '@agent-products/kit/auth';
import type { CountedHit, RateLimiter } from '@agent-products/kit/store';
import type { Admission } from '@agent-products/kit/mcp';
import type { ChengduDatabase } from '../store/schema.ts';

export const MAX_CREDENTIAL_HOURS = 24;

export interface IssuedCredential {
  credentialId: string;
  token: string;
  accountId: string;
  audience: string;
  expiresAt: Date;
}

export interface CredentialListing {
  credentialId: string;
  email: string;
  label: string;
  audience: string;
  issuedAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
}

export class CredentialService {
  constructor(private readonly db: Kysely<ChengduDatabase>) {}

  /** Makes `email` the sole approved account (creating it), withdrawing approval from any other. */
  async approveAccount(email: string): Promise<string> {
    const normalized = email.trim().toLowerCase();
    if (!/^[^@\s]+@[^@\s]+$/.test(normalized)) throw new TypeError(`Not an email address: ${email}`);
    return this.db.transaction().execute(async (trx) => {
      await trx.updateTable('accounts').set({ approved: false }).where('email', '!=', normalized).execute();
      const existing = await trx.selectFrom('accounts').select('account_id').where('email', '=', normalized).executeTakeFirst();
      if (existing) {
        await trx.updateTable('accounts').set({ approved: true }).where('account_id', '=', existing.account_id).execute();
        return existing.account_id;
      }
      const accountId = `acct_${randomUUID()}`;
      await trx.insertInto('accounts').values({ account_id: accountId, email: normalized, approved: true }).execute();
      return accountId;
    });
  }

  async approvedAccount(): Promise<{ accountId: string; email: string } | undefined> {
    const row = await this.db.selectFrom('accounts').select(['account_id', 'email']).where('approved', '=', true).executeTakeFirst();
    return row ? { accountId: row.account_id, email: row.email } : undefined;
  }

  async issue(options: { audience: string; hours: number; label: string; now: Date }): Promise<IssuedCredential> {
    if (!(options.hours > 0 && options.hours <= MAX_CREDENTIAL_HOURS)) {
      throw new RangeError(`A credential lives between 0 and ${MAX_CREDENTIAL_HOURS} hours (asked: ${options.hours}).`);
    }
    const account = await this.approvedAccount();
    if (!account) throw new Error('No approved account: run approve-account <email> first.');
    const token = newToken('csa');
    const credentialId = `cred_${randomUUID()}`;
    const expiresAt = new Date(options.now.getTime() + options.hours * 3600_000);
    await this.db
      .insertInto('agent_credentials')
      .values({
        credential_id: credentialId,
        account_id: account.accountId,
        token_hash: hashToken(token),
        audience: options.audience,
        label: options.label,
        issued_at: options.now,
        expires_at: expiresAt,
      })
      .execute();
    return { credentialId, token, accountId: account.accountId, audience: options.audience, expiresAt };
  }

  async revoke(credentialId: string, now: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('agent_credentials')
      .set({ revoked_at: now })
      .where('credential_id', '=', credentialId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async list(): Promise<CredentialListing[]> {
    const rows = await this.db
      .selectFrom('agent_credentials')
      .innerJoin('accounts', 'accounts.account_id', 'agent_credentials.account_id')
      .select(['credential_id', 'email', 'label', 'audience', 'issued_at', 'expires_at', 'revoked_at'])
      .orderBy('issued_at', 'desc')
      .execute();
    return rows.map((r) => ({
      credentialId: r.credential_id,
      email: r.email,
      label: r.label,
      audience: r.audience,
      issuedAt: new Date(r.issued_at),
      expiresAt: new Date(r.expires_at),
      revokedAt: r.revoked_at ? new Date(r.revoked_at) : null,
    }));
  }

  /**
   * Verifies an Agent credential and, for a good one, counts its `calls` (one, or the credential
   * calls of a batch) against its account's shared write limit. When that limit is kept in this database both happen in one statement
   * (a planning write's first round trip); nothing is cached either way, so a revocation takes
   * effect on the next request.
   */
  async admit(token: string, audience: string, now: Date, limiter: RateLimiter, calls = 1): Promise<Admission> {
    const tokenHash = hashToken(token);
    if (!limiter.inDatabase) {
      const row = await this.db
        .selectFrom('agent_credentials')
        .innerJoin('accounts', 'accounts.account_id', 'agent_credentials.account_id')
        .select(['credential_id', 'agent_credentials.account_id', 'audience', 'expires_at', 'revoked_at', 'approved'])
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      const verdict = judge(row, audience, now);
      if ('failure' in verdict) return verdict;
      return { ...verdict, limit: await limiter.consume(verdict.principal.subject, calls) };
    }
    const nowMs = Date.now();
    const hits = limiter.inDatabase.countHits(
      'select account_id as key from credential where audience = $2 and approved and revoked_at is null and expires_at > $3',
      4,
      nowMs,
      calls,
    );
    const result = await this.db.executeQuery<CredentialRow & Partial<CountedHit>>(
      CompiledQuery.raw(
        `with credential as (
          select c.credential_id, c.account_id, c.audience, c.expires_at, c.revoked_at, a.approved
          from agent_credentials c join accounts a on a.account_id = c.account_id
          where c.token_hash = $1
        ), hit as (${hits.text})
        select credential.*, hit.points, hit.expire from credential left join hit on true`,
        [tokenHash, audience, now, ...hits.parameters],
      ),
    );
    const row = result.rows[0];
    const verdict = judge(row, audience, now);
    if ('failure' in verdict) return verdict;
    if (row?.points == null) throw new Error('a valid credential was not counted against its limit');
    return { ...verdict, limit: limiter.inDatabase.outcome({ points: row.points, expire: row.expire ?? null }, nowMs) };
  }
}

interface CredentialRow {
  credential_id: string;
  account_id: string;
  audience: string;
  expires_at: Date | string;
  revoked_at: Date | string | null;
  approved: boolean;
}

/** The verdict on a credential row; the SQL condition that counts a hit says the same. */
function judge(row: CredentialRow | undefined, audience: string, now: Date): { principal: Principal } | { failure: AuthFailure } {
  if (!row || row.audience !== audience || !row.approved) return { failure: 'invalid' };
  if (row.revoked_at) return { failure: 'revoked' };
  if (new Date(row.expires_at).getTime() <= now.getTime()) return { failure: 'expired' };
  return { principal: { subject: row.account_id, credentialId: row.credential_id, scopes: ['planning'] } };
}
