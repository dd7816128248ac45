/**
 * Who may see which signal (issue 13, exactly; issue 39): public signals are eligible for anyone;
 * connected signals only for an active connection and only through the andee's own first-party
 * runtime; private signals only for the owner through that runtime. A third-party OAuth client
 * gets public signals only, even of the andee who authorized it (spec andee_read: "Third-party
 * OAuth clients receive public signals only"), so no answer built for it can rest on a private
 * row. Only approved signals are ever visible.
 */
import type { Kysely } from 'kysely';
import type { AmpersandDatabase } from '../store/schema.ts';
import type { Visibility } from './identity-signals.ts';

export interface Viewer {
  andeeId: string;
  /** The call comes through the andee's own first-party runtime (a client the operator declared so). */
  firstParty: boolean;
}

export function visibleLevels(viewer: Viewer, ownerId: string, connected: boolean): Visibility[] {
  if (!viewer.firstParty) return ['public'];
  if (viewer.andeeId === ownerId) return ['private', 'connected', 'public'];
  if (connected) return ['connected', 'public'];
  return ['public'];
}

export interface VisibleSignal {
  andeeId: string;
  text: string;
  hdsCode: string | null;
  visibility: Visibility;
}

/** The approved signals of `owners` the viewer may see, newest first, at most `limit` in all. */
export async function visibleSignals(
  db: Kysely<AmpersandDatabase>,
  viewer: Viewer,
  owners: ReadonlyArray<{ andeeId: string; connected: boolean }>,
  limit = 2000,
): Promise<VisibleSignal[]> {
  if (owners.length === 0) return [];
  const rows = await db
    .selectFrom('identity_facts')
    .select(['andee_id', 'value', 'hds_code', 'visibility'])
    .where('status', '=', 'approved')
    .where((eb) => eb.or(owners.map((o) => eb.and([eb('andee_id', '=', o.andeeId), eb('visibility', 'in', visibleLevels(viewer, o.andeeId, o.connected))]))))
    .orderBy('created_at', 'desc')
    .orderBy('fact_id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ andeeId: r.andee_id, text: r.value, hdsCode: r.hds_code, visibility: r.visibility }));
}

export class FirstPartyClients {
  constructor(private readonly db: Kysely<AmpersandDatabase>) {}

  async isFirstParty(clientId: string | undefined): Promise<boolean> {
    if (!clientId) return false;
    return (await this.db.selectFrom('first_party_clients').select('client_id').where('client_id', '=', clientId).executeTakeFirst()) !== undefined;
  }

  /** Declares a client first-party unless it already is (keeping the label an operator gave it): & does this for its own runtime at start. */
  async ensure(clientId: string, label: string, now: Date): Promise<void> {
    await this.db
      .insertInto('first_party_clients')
      .values({ client_id: clientId, label, created_at: now })
      .onConflict((oc) => oc.column('client_id').doNothing())
      .execute();
  }

  async declare(clientId: string, label: string, now: Date): Promise<void> {
    await this.db
      .insertInto('first_party_clients')
      .values({ client_id: clientId, label, created_at: now })
      .onConflict((oc) => oc.column('client_id').doUpdateSet({ label }))
      .execute();
  }
}
