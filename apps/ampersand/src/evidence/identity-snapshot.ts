/**
 * `identity_read`: the andee's approved identity facts as of a fixed snapshot, in keyset pages.
 * The first page fixes `snapshotAt`; a fact approved after it is not in the snapshot, and pages
 * continue after the last (approval time, id) seen, so a write during paging never shifts a page.
 */
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { identityReadInput, identityReadOutput } from '../contracts/evidence-contracts.ts';
import { ampersandErrors } from '../errors.ts';
import type { AmpersandDatabase } from '../store/schema.ts';

export async function identitySnapshotPage(
  db: Kysely<AmpersandDatabase>,
  andeeId: string,
  input: z.output<typeof identityReadInput>,
  now: Date,
): Promise<z.output<typeof identityReadOutput>> {
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
  const rows = await query
    .orderBy('approved_at')
    .orderBy('fact_id')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    snapshotAt: snapshotAt.toISOString(),
    facts: page.map((r) => ({
      signalId: r.fact_id,
      text: r.value,
      hdsCode: r.hds_code,
      visibility: r.visibility,
      approvedAt: new Date(r.approved_at).toISOString(),
    })),
    nextCursor:
      rows.length > limit && last
        ? Buffer.from(JSON.stringify({ at: new Date(last.approved_at).toISOString(), id: last.fact_id })).toString('base64url')
        : null,
  };
}

function decodeCursor(cursor: string): { at: Date; id: string } {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { at?: unknown; id?: unknown };
    if (typeof parsed.at === 'string' && typeof parsed.id === 'string' && !Number.isNaN(Date.parse(parsed.at)))
      return { at: new Date(parsed.at), id: parsed.id };
  } catch {
    // fall through to the refusal
  }
  throw ampersandErrors.fail('invalid_arguments', 'The cursor is not one this server issued.', {
    fields: [{ field: 'cursor', problem: 'is not a cursor from nextCursor' }],
  });
}
