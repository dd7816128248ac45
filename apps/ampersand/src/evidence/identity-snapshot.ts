/**
 * `identity_read`: the andee's approved identity facts as of a fixed snapshot, in keyset pages.
 * The first page fixes `snapshotAt`; a fact approved after it is not in the snapshot, and pages
 * continue after the last (approval time, id) seen, so a write during paging never shifts a page.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { readIfGranted } from '../auth/granted-read.ts';
import type { z } from 'zod';
import type { identityReadInput, identityReadOutput } from '../api/evidence-contracts.ts';
import { loopErrors } from '../loops/loop-errors.ts';
import type { AmpersandDatabase } from '../store/schema.ts';

type IdentityReadInput = z.output<typeof identityReadInput>;
type IdentityReadOutput = z.output<typeof identityReadOutput>;

export async function identitySnapshotPage(db: Kysely<AmpersandDatabase>, andeeId: string, input: IdentityReadInput, now: Date): Promise<IdentityReadOutput> {
  const { query, snapshotAt, limit } = pageQuery(db, andeeId, input, now);
  return toPage(await query.execute(), snapshotAt, limit);
}

/** identitySnapshotPage carrying the grant check (api-token.ts `in-read`): undefined when the grant is not live. */
export async function identitySnapshotPageIf(db: Kysely<AmpersandDatabase>, andeeId: string, input: IdentityReadInput, now: Date, condition: RawBuilder<boolean>): Promise<IdentityReadOutput | undefined> {
  const { query, snapshotAt, limit } = pageQuery(db, andeeId, input, now);
  const rows = await readIfGranted(db, condition, query.select(sql<number>`row_number() over (order by coalesce(reviewed_at, created_at), fact_id)`.as('page_order')), 'page_order');
  return rows && toPage(rows, snapshotAt, limit);
}

/** Whether a cursor (if any) is one this server issued: identitySnapshotPage refuses any other. */
export function isReadableCursor(cursor: string | undefined): boolean {
  if (cursor === undefined) return true;
  try {
    decodeCursor(cursor);
    return true;
  } catch {
    return false;
  }
}

function pageQuery(db: Kysely<AmpersandDatabase>, andeeId: string, input: IdentityReadInput, now: Date) {
  const snapshotAt = input.snapshotAt ? new Date(input.snapshotAt) : now;
  const limit = input.limit ?? 50;
  const after = input.cursor ? decodeCursor(input.cursor) : undefined;
  // When a fact became part of the identity: its review, or its writing when written approved.
  const approvedAt = sql<Date>`coalesce(reviewed_at, created_at)`;
  let query = db
    .selectFrom('identity_facts')
    .select(['fact_id', 'value', 'hds_code', 'visibility', approvedAt.as('approved_at')])
    .where('andee_id', '=', andeeId)
    .where('status', '=', 'approved')
    .where(approvedAt, '<=', snapshotAt);
  if (after) query = query.where((eb) => eb.or([eb(approvedAt, '>', after.at), eb.and([eb(approvedAt, '=', after.at), eb('fact_id', '>', after.id)])]));
  return { query: query.orderBy('approved_at').orderBy('fact_id').limit(limit + 1), snapshotAt, limit };
}

function toPage(rows: ReadonlyArray<{ fact_id: string; value: string; hds_code: string | null; visibility: 'private' | 'connected' | 'public'; approved_at: Date }>, snapshotAt: Date, limit: number): IdentityReadOutput {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    snapshotAt: snapshotAt.toISOString(),
    facts: page.map((r) => ({ signalId: r.fact_id, text: r.value, hdsCode: r.hds_code, visibility: r.visibility, approvedAt: new Date(r.approved_at).toISOString() })),
    nextCursor: rows.length > limit && last ? Buffer.from(JSON.stringify({ at: new Date(last.approved_at).toISOString(), id: last.fact_id })).toString('base64url') : null,
  };
}

function decodeCursor(cursor: string): { at: Date; id: string } {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { at?: unknown; id?: unknown };
    if (typeof parsed.at === 'string' && typeof parsed.id === 'string' && !Number.isNaN(Date.parse(parsed.at))) return { at: new Date(parsed.at), id: parsed.id };
  } catch {
    // fall through to the refusal
  }
  throw loopErrors.fail('invalid_arguments', 'The cursor is not one this server issued.', { fields: [{ field: 'cursor', problem: 'is not a cursor from nextCursor' }] });
}
