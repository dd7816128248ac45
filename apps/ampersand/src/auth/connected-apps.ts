/**
 * The apps an andee has connected, as a person counts them: one per client, however many grants
 * it holds (each approval from another browser, each hosted-runtime token, is a grant of its own).
 * An app may do what its grants allow together, is connected since its first grant and last used
 * when its latest was; revoking it ends every one of its grants (Grants.revokeApp).
 */
import { sql, type Kysely } from 'kysely';
import type { AmpersandDatabase } from '../store/schema.ts';
import type { Grants } from './grants.ts';

export interface ConnectedApp {
  clientId: string;
  clientName: string;
  scopes: string[];
  /** Its grants, newest first: the first names the app in a link (the revoke page). */
  grantIds: string[];
  connectedAt: Date;
  lastUsed: Date;
}

/** The andee's connected apps, the most recently connected first. */
export async function connectedApps(grants: Grants, andeeId: string): Promise<ConnectedApp[]> {
  const held = await grants.list({ andeeId });
  const lastUsed = await grants.lastUsed(held.map((g) => g.grantId));
  const apps = new Map<string, ConnectedApp>();
  for (const grant of held) {
    const used = lastUsed.get(grant.grantId) ?? grant.grantedAt;
    const app = apps.get(grant.clientId);
    if (!app) {
      apps.set(grant.clientId, {
        clientId: grant.clientId,
        clientName: grant.clientName,
        scopes: [...grant.scopes],
        grantIds: [grant.grantId],
        connectedAt: grant.grantedAt,
        lastUsed: used,
      });
      continue;
    }
    app.grantIds.push(grant.grantId);
    app.scopes.push(...grant.scopes.filter((s) => !app.scopes.includes(s)));
    if (grant.grantedAt < app.connectedAt) app.connectedAt = grant.grantedAt;
    if (used > app.lastUsed) app.lastUsed = used;
  }
  return [...apps.values()];
}

/**
 * The names registered clients gave themselves, for saying which app wrote something (the review
 * queue). A client no longer registered has no entry.
 */
export async function appNames(db: Kysely<AmpersandDatabase>, clientIds: readonly string[]): Promise<Map<string, string>> {
  if (clientIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('oauth_store')
    .select(['client_id', sql<string | null>`payload->>'client_name'`.as('name')])
    .where('model', '=', 'Client')
    .where('client_id', 'in', [...new Set(clientIds)])
    .execute();
  return new Map(rows.map((row) => [row.client_id!, row.name ?? row.client_id!]));
}
