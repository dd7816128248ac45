/**
 * Grants as the andee's Connected apps page and the operator see them, over rows written by the
 * same storage adapter oidc-provider uses (PGlite, or PostgreSQL with DATABASE_URL): who granted
 * which client what, newest first; revocation removing the grant with every code and refresh
 * token under it, and only the andee's own; liveness by the clock given; and the reaping of
 * registered clients that never got a grant.
 */
import { afterAll, beforeEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openTestDatabase, type TestDatabase } from '@agent-products/kit/testing';
import { ampersandMigrations } from '../store/migrations.ts';
import type { AmpersandDatabase } from '../store/schema.ts';
import { Grants } from './grants.ts';
import { oidcAdapterFor } from './oidc-adapter.ts';

const MCP = 'https://mcp.amp.test/mcp';
const OTHER = 'https://other.amp.test/mcp';
let database: TestDatabase<AmpersandDatabase>;
let grants: Grants;
let store: ReturnType<typeof oidcAdapterFor>;

beforeAll(async () => {
  database = await openTestDatabase<AmpersandDatabase>(ampersandMigrations, 'grants');
  grants = new Grants(database.db);
  store = oidcAdapterFor(database.db);
});
beforeEach(async () => {
  await database.db.deleteFrom('oauth_store').execute();
  await database.db.deleteFrom('andees').execute();
  await database.db
    .insertInto('andees')
    .values(['ada', 'grace'].map((id) => ({ andee_id: id, tag: id, display_name: id, photo_url: null })))
    .execute();
});

/** Whether the API would accept a token of this grant for this andee now. */
const isLive = async (grantId: string, now: Date, andee = 'ada') => (await grants.liveGrantAndee(grantId, andee, now)) !== undefined;
afterAll(async () => database?.dispose());

async function client(clientId: string, name?: string) {
  await new store('Client').upsert(clientId, { client_id: clientId, ...(name ? { client_name: name } : {}) }, 0);
}

/** A grant as oidc-provider stores it, with a code and a refresh token issued under it. */
async function grant(grantId: string, o: { andee: string; clientId: string; resources?: Record<string, string>; iat?: number; expiresIn?: number }) {
  await new store('Grant').upsert(
    grantId,
    { jti: grantId, accountId: o.andee, clientId: o.clientId, iat: o.iat ?? 1_764_583_200, ...(o.resources ? { resources: o.resources } : {}) } as never,
    o.expiresIn ?? 0,
  );
  await new store('AuthorizationCode').upsert(`code-of-${grantId}`, { grantId, accountId: o.andee, clientId: o.clientId } as never, 60);
  await new store('RefreshToken').upsert(`refresh-of-${grantId}`, { grantId, accountId: o.andee, clientId: o.clientId } as never, 3600);
}

const models = async () =>
  (await database.db.selectFrom('oauth_store').select(['model', 'grant_id']).orderBy('model').execute()).map((r) => `${r.model}:${r.grant_id ?? ''}`);

describe('Grants', () => {
  it('lists each grant with its client’s name, its scopes once each, when it was granted, newest first', async () => {
    await client('client-a', 'Trip Planner');
    await grant('g-1', {
      andee: 'ada',
      clientId: 'client-a',
      resources: { [MCP]: 'signals:ask loops:read', [OTHER]: 'loops:read connections:read' },
      iat: 1_764_583_200,
    });
    await grant('g-2', { andee: 'ada', clientId: 'client-gone' });
    await grant('g-3', { andee: 'grace', clientId: 'client-a', resources: { [MCP]: 'signals:ask' } });
    expect(await grants.list({ andeeId: 'ada' })).toEqual([
      { grantId: 'g-2', andeeId: 'ada', clientId: 'client-gone', clientName: 'client-gone', scopes: [], grantedAt: new Date(1_764_583_200_000) },
      {
        grantId: 'g-1',
        andeeId: 'ada',
        clientId: 'client-a',
        clientName: 'Trip Planner',
        scopes: ['signals:ask', 'loops:read', 'connections:read'],
        grantedAt: new Date(1_764_583_200_000),
      },
    ]);
    expect((await grants.list()).map((g) => g.grantId)).toEqual(['g-3', 'g-2', 'g-1']);
  });

  it('leaves expired grants out of the list and out of liveness, judged by the clock given', async () => {
    await grant('g-old', { andee: 'ada', clientId: 'client-a', expiresIn: -60 });
    await grant('g-soon', { andee: 'ada', clientId: 'client-a', expiresIn: 3600 });
    expect((await grants.list()).map((g) => g.grantId)).toEqual(['g-soon']);
    expect(await isLive('g-old', new Date())).toBe(false);
    expect(await isLive('g-soon', new Date())).toBe(true);
    expect(await isLive('g-soon', new Date(Date.now() + 2 * 3600_000))).toBe(false);
    // A grant without an expiry lives until revoked.
    await grant('g-forever', { andee: 'ada', clientId: 'client-a' });
    expect(await isLive('g-forever', new Date('2100-01-01T00:00:00Z'))).toBe(true);
    expect(await isLive('g-unknown', new Date())).toBe(false);
  });

  it('gives the andee a live grant is for, as the API uses it', async () => {
    await database.db
      .updateTable('andees')
      .set({ display_name: 'Ada Lovelace', photo_url: 'https://img.test/ada.png' })
      .where('andee_id', '=', 'ada')
      .execute();
    await grant('g-1', { andee: 'ada', clientId: 'client-a' });
    expect(await grants.liveGrantAndee('g-1', 'ada', new Date())).toEqual({
      andeeId: 'ada',
      tag: 'ada',
      displayName: 'Ada Lovelace',
      photoUrl: 'https://img.test/ada.png',
    });
  });

  it('revokes a grant with every code and refresh token under it, and nothing else', async () => {
    await grant('g-1', { andee: 'ada', clientId: 'client-a' });
    await grant('g-2', { andee: 'ada', clientId: 'client-a' });
    expect(await grants.revoke('g-1')).toBe(true);
    expect(await models()).toEqual(['AuthorizationCode:g-2', 'Grant:g-2', 'RefreshToken:g-2']);
    expect(await isLive('g-1', new Date())).toBe(false);
    expect(await grants.revoke('g-1')).toBe(false);
  });

  it('revokes for an andee only a grant of theirs', async () => {
    await grant('g-ada', { andee: 'ada', clientId: 'client-a' });
    expect(await grants.revoke('g-ada', 'grace')).toBe(false);
    expect(await isLive('g-ada', new Date())).toBe(true);
    // A token of ada's grant is no token of grace's.
    expect(await isLive('g-ada', new Date(), 'grace')).toBe(false);
    expect(await grants.revoke('g-ada', 'ada')).toBe(true);
    expect(await models()).toEqual([]);
  });

  it('revokes an app: every grant of that client on the andee’s account, and no one else’s', async () => {
    await grant('g-1', { andee: 'ada', clientId: 'client-a' });
    await grant('g-2', { andee: 'ada', clientId: 'client-a' });
    await grant('g-3', { andee: 'ada', clientId: 'client-b' });
    await grant('g-grace', { andee: 'grace', clientId: 'client-a' });
    expect(await grants.revokeApp('g-grace', 'ada')).toBe(false);
    expect(await grants.revokeApp('g-2', 'ada')).toBe(true);
    expect((await models()).sort()).toEqual([
      'AuthorizationCode:g-3',
      'AuthorizationCode:g-grace',
      'Grant:g-3',
      'Grant:g-grace',
      'RefreshToken:g-3',
      'RefreshToken:g-grace',
    ]);
    expect(await grants.revokeApp('g-1', 'ada')).toBe(false);
  });

  it('only the grant itself counts: a code’s id is not a grant id', async () => {
    await grant('g-1', { andee: 'ada', clientId: 'client-a' });
    expect(await grants.revoke('code-of-g-1')).toBe(false);
    expect(await isLive('refresh-of-g-1', new Date())).toBe(false);
  });

  it('reaps registered clients older than the cutoff that never got a grant', async () => {
    await client('unused-old', 'Never Used');
    await client('used-old', 'Used');
    await grant('g-1', { andee: 'ada', clientId: 'used-old' });
    await database.db.updateTable('oauth_store').set({ created_at: sql<Date>`now() - interval '2 days'` }).where('model', '=', 'Client').execute();
    await client('unused-new', 'New');
    const cutoff = new Date(Date.now() - 24 * 3600_000);
    expect(await grants.reapUnusedClients(cutoff)).toBe(1);
    const left = await database.db.selectFrom('oauth_store').select('client_id').where('model', '=', 'Client').orderBy('client_id').execute();
    expect(left.map((r) => r.client_id)).toEqual(['unused-new', 'used-old']);
    expect(await grants.reapUnusedClients(cutoff)).toBe(0);
  });
});
