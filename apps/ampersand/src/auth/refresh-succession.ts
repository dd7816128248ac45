/**
 * Race-safe refresh-token rotation. Hosted clients sometimes refresh twice from two places at
 * once; without help the second request would present a just-consumed refresh token and
 * oidc-provider, rightly, would treat it as theft and revoke the whole grant.
 *
 * So each presented refresh token is claimed once in the database (shared by every API
 * process): the first request rotates it and records the answer it got (sealed, since it holds
 * tokens); a request with the same token within the grace window gets that same successor pair;
 * one after the window goes to the provider, whose reuse detection revokes the grant.
 */
import type { Kysely } from 'kysely';
import { hashToken } from '@agent-products/kit/auth';
import type { AmpersandDatabase } from '../store/schema.ts';
import type { DerivedKeys } from './derived-keys.ts';

export type Claim = { kind: 'first' } | { kind: 'replay'; response: Record<string, unknown> } | { kind: 'reuse' };

/** A winner that never records its answer (it crashed) stops blocking the others after this. */
const ABANDONED_AFTER_MS = 10_000;
const POLL_MS = 25;

export class RefreshSuccession {
  constructor(
    private readonly db: Kysely<AmpersandDatabase>,
    private readonly keys: DerivedKeys,
    private readonly graceSeconds: number,
  ) {}

  async claim(refreshToken: string, clientId: string | undefined, now: () => Date): Promise<Claim> {
    const tokenHash = hashToken(refreshToken);
    for (;;) {
      const inserted = await this.db
        .insertInto('oauth_refresh_successions')
        .values({ token_hash: tokenHash, claimed_at: now(), sealed_response: null })
        .onConflict((oc) => oc.column('token_hash').doNothing())
        .returning('token_hash')
        .executeTakeFirst();
      if (inserted) return { kind: 'first' };
      const row = await this.db.selectFrom('oauth_refresh_successions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
      if (!row) continue;
      const age = now().getTime() - row.claimed_at.getTime();
      if (row.sealed_response !== null) {
        if (age > this.graceSeconds * 1000) return { kind: 'reuse' };
        const recorded = JSON.parse(this.keys.unseal(row.sealed_response)) as { clientId?: string; response: Record<string, unknown> };
        return recorded.clientId === clientId ? { kind: 'replay', response: recorded.response } : { kind: 'reuse' };
      }
      if (age > ABANDONED_AFTER_MS) return { kind: 'reuse' };
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  async record(refreshToken: string, clientId: string | undefined, response: Record<string, unknown>): Promise<void> {
    await this.db
      .updateTable('oauth_refresh_successions')
      .set({ sealed_response: this.keys.seal(JSON.stringify({ clientId, response })) })
      .where('token_hash', '=', hashToken(refreshToken))
      .execute();
  }

  /** A refused first attempt leaves nothing behind, so the next attempt is judged afresh. */
  async release(refreshToken: string): Promise<void> {
    await this.db.deleteFrom('oauth_refresh_successions').where('token_hash', '=', hashToken(refreshToken)).where('sealed_response', 'is', null).execute();
  }
}
