/**
 * oidc-provider's storage adapter over the kit's store (PGlite or PostgreSQL), so every API
 * process shares sessions, interactions, grants, codes, refresh tokens and registered clients,
 * and a restart loses none of them.
 *
 * Rows are keyed by the SHA-256 of the model's id: for codes and refresh tokens the id is the
 * token itself, so it is never stored; for those models the `jti` is dropped from the stored
 * payload for the same reason and put back on read from the id the caller already holds.
 */
import type { Kysely } from 'kysely';
import { hashToken } from '@agent-products/kit/auth';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { AmpersandDatabase } from '../store/schema.ts';

/** Models whose id is the bearer value itself and that are only ever looked up by it. */
const TOKEN_MODELS = new Set(['AuthorizationCode', 'RefreshToken', 'AccessToken', 'RegistrationAccessToken', 'ClientCredentials']);

export function oidcAdapterFor(db: Kysely<AmpersandDatabase>): new (model: string) => Adapter {
  return class StoreAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const { jti: _jti, ...withoutId } = payload;
      const stored = TOKEN_MODELS.has(this.model) ? withoutId : payload;
      const row = {
        payload: JSON.stringify(stored),
        grant_id: this.model === 'Grant' ? id : (payload.grantId ?? null),
        account_id: payload.accountId ?? null,
        client_id: this.model === 'Client' ? String(payload.client_id) : (payload.clientId ?? null),
        uid: payload.uid ?? null,
        user_code_hash: payload.userCode ? hashToken(payload.userCode) : null,
        expires_at: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      await db
        .insertInto('oauth_store')
        .values({ model: this.model, id_hash: hashToken(id), ...row })
        .onConflict((oc) => oc.columns(['model', 'id_hash']).doUpdateSet(row))
        .execute();
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      const row = await db
        .selectFrom('oauth_store')
        .select(['payload', 'consumed_at'])
        .where('model', '=', this.model)
        .where('id_hash', '=', hashToken(id))
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date())]))
        .executeTakeFirst();
      return row ? this.revive(row, id) : undefined;
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return this.findBy('uid', uid);
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return this.findBy('user_code_hash', hashToken(userCode));
    }

    async consume(id: string): Promise<void> {
      await db.updateTable('oauth_store').set({ consumed_at: new Date() }).where('model', '=', this.model).where('id_hash', '=', hashToken(id)).execute();
    }

    async destroy(id: string): Promise<void> {
      await db.deleteFrom('oauth_store').where('model', '=', this.model).where('id_hash', '=', hashToken(id)).execute();
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.deleteFrom('oauth_store').where('model', '=', this.model).where('grant_id', '=', grantId).execute();
    }

    private async findBy(column: 'uid' | 'user_code_hash', value: string): Promise<AdapterPayload | undefined> {
      const row = await db
        .selectFrom('oauth_store')
        .select(['payload', 'consumed_at'])
        .where('model', '=', this.model)
        .where(column, '=', value)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date())]))
        .executeTakeFirst();
      return row ? this.revive(row, undefined) : undefined;
    }

    private revive(row: { payload: unknown; consumed_at: Date | null }, id: string | undefined): AdapterPayload {
      const payload = (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as AdapterPayload;
      return {
        ...payload,
        ...(id !== undefined && TOKEN_MODELS.has(this.model) ? { jti: id } : {}),
        ...(row.consumed_at ? { consumed: Math.floor(row.consumed_at.getTime() / 1000) } : {}),
      };
    }
  };
}
