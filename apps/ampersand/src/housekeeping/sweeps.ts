/**
 * The API's housekeeping, run now and then by every API process (harmless when several run at
 * once): rows past their use are deleted, each kind through an index on its expiry and a bounded
 * number of batches per run, so a run's cost follows what it removes and has a ceiling however
 * much piled up (an outage, an outsider registering clients). What a run leaves, the next takes.
 */
import { sql, type Kysely } from 'kysely';
import type { AmpersandDatabase } from '../store/schema.ts';
import type { Grants } from '../auth/grants.ts';
import { deleteInBatches } from '../store/bounded-delete.ts';

/** Rows a batch deletes, and batches a run spends on one kind of row. */
export const SWEEP_BOUND = { batch: 500, batches: 20 };

/**
 * A sign-in link is kept a day past its expiry, used or not, so that opening it again says
 * "already used" or "expired" rather than "unknown"; then it goes.
 */
const SIGN_IN_LINKS_KEPT_MS = 24 * 3600_000;
/** A refresh token's claim is kept an hour, far past any grace window it answers within (refresh-succession.ts). */
const SUCCESSIONS_KEPT_MS = 3600_000;

export interface SweepCounts {
  oauthRows: number;
  interactionApprovals: number;
  refreshSuccessions: number;
  unusedClients: number;
  signInLinks: number;
  webSessions: number;
}

export interface SweepOptions {
  now: Date;
  unusedClientTtlSeconds: number;
}

const expired = (column: string, before: Date) => sql<boolean>`${sql.ref(column)} <= ${before}`;

/**
 * Each kind of row a run removes, by the name its count has: one run is all of them in this
 * order, and each can be run (and timed) alone (the scale benchmark times each as one operation).
 */
export const SWEEPS: { [K in keyof SweepCounts]: (db: Kysely<AmpersandDatabase>, grants: Grants, options: SweepOptions) => Promise<number> } = {
  oauthRows: (db, _grants, { now }) => deleteInBatches(db, 'oauth_store', expired('expires_at', now), SWEEP_BOUND),
  interactionApprovals: (db, _grants, { now }) => deleteInBatches(db, 'interaction_approvals', expired('expires_at', now), SWEEP_BOUND),
  refreshSuccessions: (db, _grants, { now }) =>
    deleteInBatches(db, 'oauth_refresh_successions', sql<boolean>`claimed_at < ${new Date(now.getTime() - SUCCESSIONS_KEPT_MS)}`, SWEEP_BOUND),
  unusedClients: (_db, grants, { now, unusedClientTtlSeconds }) => grants.reapUnusedClients(new Date(now.getTime() - unusedClientTtlSeconds * 1000)),
  signInLinks: (db, _grants, { now }) =>
    deleteInBatches(db, 'sign_in_links', expired('expires_at', new Date(now.getTime() - SIGN_IN_LINKS_KEPT_MS)), SWEEP_BOUND),
  webSessions: (db, _grants, { now }) => deleteInBatches(db, 'web_sessions', expired('expires_at', now), SWEEP_BOUND),
};

export async function sweepOnce(db: Kysely<AmpersandDatabase>, grants: Grants, options: SweepOptions): Promise<SweepCounts> {
  const counts = {} as SweepCounts;
  for (const [kind, sweep] of Object.entries(SWEEPS) as Array<[keyof SweepCounts, (typeof SWEEPS)[keyof SweepCounts]]>) {
    counts[kind] = await sweep(db, grants, options);
  }
  return counts;
}
