/**
 * Grants as the andee and the operator see them: which client holds access to whose account,
 * with which scopes, since when; and revocation, which deletes the grant with every code and
 * refresh token issued under it in one statement. Access tokens are self-contained JWTs: the API
 * refuses them at once (it checks the grant on every call), the MCP service as soon as the
 * revocation feed tells it (the delete is recorded and announced by the database: revocation-feed.ts).
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { hashToken } from '@agent-products/kit/auth';
import type { Andee } from '../andees/andee-repository.ts';
import type { AmpersandDatabase } from '../store/schema.ts';
import { splitScopes } from '../scopes.ts';
import { countGrantRevoked } from './grant-counts.ts';

export interface GrantView {
  grantId: string;
  andeeId: string;
  clientId: string;
  clientName: string;
  scopes: string[];
  grantedAt: Date;
}

interface GrantPayload {
  jti: string;
  accountId: string;
  clientId: string;
  iat: number;
  resources?: Record<string, string>;
}

export class Grants {
  /** Where the unused-client sweep stopped: the last client it read, in creation order. */
  private clientCursor: { createdAt: Date; idHash: string } | undefined;

  constructor(private readonly db: Kysely<AmpersandDatabase>) {}

  async list(filter: { andeeId?: string } = {}): Promise<GrantView[]> {
    let query = this.db
      .selectFrom('oauth_store as g')
      .leftJoin('oauth_store as c', (join) => join.on('c.model', '=', 'Client').onRef('c.client_id', '=', 'g.client_id'))
      .select(['g.payload as grant', 'c.payload as client'])
      .where('g.model', '=', 'Grant')
      .where((eb) => eb.or([eb('g.expires_at', 'is', null), eb('g.expires_at', '>', new Date())]));
    if (filter.andeeId) query = query.where('g.account_id', '=', filter.andeeId);
    // Grants stored in the same instant keep one order on every read (the id breaks the tie).
    const rows = await query.orderBy('g.created_at', 'desc').orderBy('g.grant_id', 'desc').execute();
    return rows.map((row) => {
      const grant = parse<GrantPayload>(row.grant);
      const client = row.client ? parse<{ client_name?: string }>(row.client) : undefined;
      return {
        grantId: grant.jti,
        andeeId: grant.accountId,
        clientId: grant.clientId,
        clientName: client?.client_name ?? grant.clientId,
        scopes: [...new Set(Object.values(grant.resources ?? {}).flatMap((s) => splitScopes(s)))],
        grantedAt: new Date(grant.iat * 1000),
      };
    });
  }

  /**
   * When each grant was last used: the newest token or code issued under it (a connected app in
   * use refreshes its access at least once an access-token lifetime), or the grant's own time.
   */
  async lastUsed(grantIds: string[]): Promise<Map<string, Date>> {
    if (grantIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('oauth_store')
      .select(['grant_id', (eb) => eb.fn.max('created_at').as('last')])
      .where('grant_id', 'in', grantIds)
      .groupBy('grant_id')
      .execute();
    return new Map(rows.map((r) => [r.grant_id!, new Date(r.last)]));
  }

  /** Revokes a grant; with `andeeId`, only one of that andee's. True when there was one. */
  async revoke(grantId: string, andeeId?: string): Promise<boolean> {
    const revoked = await this.db.transaction().execute(async (trx) => {
      let owner = trx.selectFrom('oauth_store').select('account_id').where('model', '=', 'Grant').where('id_hash', '=', hashToken(grantId));
      if (andeeId) owner = owner.where('account_id', '=', andeeId);
      if (!(await owner.executeTakeFirst())) return false;
      await trx.deleteFrom('oauth_store').where('grant_id', '=', grantId).execute();
      return true;
    });
    if (revoked) countGrantRevoked(andeeId ? 'andee' : 'operator');
    return revoked;
  }

  /**
   * Revokes the app one of the andee's grants belongs to: every grant of that client on the
   * andee's account, in one statement (each still recorded and announced: revocation-feed.ts).
   * True when there was one.
   */
  async revokeApp(grantId: string, andeeId: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const grant = await trx
        .selectFrom('oauth_store')
        .select('client_id')
        .where('model', '=', 'Grant')
        .where('id_hash', '=', hashToken(grantId))
        .where('account_id', '=', andeeId)
        .executeTakeFirst();
      if (!grant?.client_id) return false;
      await trx
        .deleteFrom('oauth_store')
        .where('grant_id', 'in', (eb) =>
          eb
            .selectFrom('oauth_store as g')
            .select('g.grant_id')
            .where('g.model', '=', 'Grant')
            .where('g.account_id', '=', andeeId)
            .where('g.client_id', '=', grant.client_id),
        )
        .execute();
      return true;
    });
  }

  /**
   * The andee a grant is for, when the grant is live (not revoked, not expired) and belongs to
   * `andeeId`: one statement, because the API asks it on every call (the revocation promise).
   */
  async liveGrantAndee(grantId: string, andeeId: string, now: Date): Promise<Andee | undefined> {
    const row = await this.db
      .selectFrom('andees')
      .select(['andee_id', 'tag', 'display_name', 'photo_url'])
      .where('andee_id', '=', andeeId)
      .where(liveGrantCondition(grantId, andeeId, now))
      .executeTakeFirst();
    return row ? { andeeId: row.andee_id, tag: row.tag, displayName: row.display_name, photoUrl: row.photo_url } : undefined;
  }

  /**
   * Registered clients that never obtained a grant within the TTL are removed. Anyone can
   * register a client, so a run's cost must not be theirs to set: each run reads at most
   * `scan` clients past the TTL, in creation order from where the last run stopped (through
   * oauth_store_clients_by_creation), and asks for each whether a grant names it (through
   * oauth_store_grants_by_client). The next run continues; after the last it starts over.
   */
  async reapUnusedClients(olderThan: Date, scan = CLIENTS_SCANNED_PER_RUN): Promise<number> {
    const after = this.clientCursor;
    const { rows } = await sql<{ deleted: string; scanned: string; last_at: Date | null; last_hash: string | null }>`
      with scanned as materialized (
        select id_hash, client_id, created_at from oauth_store
        where model = 'Client' and created_at < ${olderThan}
          ${after ? sql`and (created_at, id_hash) > (${after.createdAt}, ${after.idHash})` : sql``}
        order by created_at, id_hash
        limit ${scan}
      ), gone as (
        delete from oauth_store c using scanned s
        where c.model = 'Client' and c.id_hash = s.id_hash
          and not exists (select 1 from oauth_store g where g.model = 'Grant' and g.client_id = s.client_id)
        returning 1
      ), last as (
        select created_at, id_hash from scanned order by created_at desc, id_hash desc limit 1
      )
      select (select count(*) from gone) as deleted, (select count(*) from scanned) as scanned,
        (select created_at from last) as last_at, (select id_hash from last) as last_hash`.execute(this.db);
    const row = rows[0]!;
    this.clientCursor = Number(row.scanned) < scan || !row.last_at || !row.last_hash ? undefined : { createdAt: row.last_at, idHash: row.last_hash };
    return Number(row.deleted);
  }
}

/** How many registered clients past the TTL one sweep run looks at (its bound, whoever registered them). */
export const CLIENTS_SCANNED_PER_RUN = 1000;

/**
 * True when the grant is live (not revoked, not expired) and belongs to `andeeId`, and that
 * andee exists: the revocation check, as a condition a read can carry (api-token.ts, `in-read`).
 */
export function liveGrantCondition(grantId: string, andeeId: string, now: Date): RawBuilder<boolean> {
  return liveGrantConditionByHash(hashedGrantId(grantId), andeeId, now);
}

/** How many grant ids' hashes are remembered; past it the memory starts over (a grant id is hashed again on its next call). */
const REMEMBERED_GRANT_HASHES = 4096;
const grantHashes = new Map<string, string>();

/**
 * A grant id hashed as the store keys it. Every API call checks its grant by this hash, and a
 * client calls with the same grant for an hour at a time, so the hash is remembered (bounded)
 * rather than computed per call (about 1.5% of the API's CPU per `connections_read`).
 */
export function hashedGrantId(grantId: string): string {
  let hash = grantHashes.get(grantId);
  if (hash === undefined) {
    if (grantHashes.size >= REMEMBERED_GRANT_HASHES) grantHashes.clear();
    hash = hashToken(grantId);
    grantHashes.set(grantId, hash);
  }
  return hash;
}

/**
 * liveGrantCondition for a grant id already hashed as the store keeps it: every value is a plain
 * parameter, so a statement built once (kit `compiledOnce`) can carry it.
 */
export function liveGrantConditionByHash(grantIdHash: string, andeeId: string, now: Date): RawBuilder<boolean> {
  return sql<boolean>`(exists (select 1 from oauth_store where model = 'Grant' and id_hash = ${grantIdHash} and account_id = ${andeeId}
    and (expires_at is null or expires_at > ${now})) and exists (select 1 from andees where andee_id = ${andeeId}))`;
}

function parse<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}
