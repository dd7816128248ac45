/**
 * `identity_read`: the andee's approved identity facts as of a fixed snapshot, in keyset pages.
 * The first page fixes `snapshotAt`; a fact approved after it is not in the snapshot, and pages
 * continue after the last (approval time, id) seen, so a write during paging never shifts a page.
 *
 * One statement, the page folded into one JSON value: the hosted runtime reads this on every step
 * of a turn, and on the embedded database each statement and each returned row cost a protocol
 * exchange and a row decode. The same statement can carry the API's grant check (api-token.ts,
 * `in-read`), as connections_read does.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { z } from 'zod';
import type { identityReadInput, identityReadOutput } from '../contracts/evidence-contracts.ts';
import { isoFromJsonTimestamp as isoInstant } from '@agent-products/kit/store';
import { ampersandErrors } from '../errors.ts';
import type { AmpersandDatabase } from '../store/schema.ts';

type SnapshotPage = z.output<typeof identityReadOutput>;

/**
 * A fact as the statement returns it: a JSON array (id, text, HDS code, visibility, approval
 * time) rather than an object. Measured in process over a page of 50: PGlite's executor built
 * the objects' keys for every row, and the page cost 340–390 µs of CPU as objects against
 * 240–270 µs as arrays.
 */
type FactRow = [factId: string, value: string, hdsCode: string | null, visibility: SnapshotPage['facts'][number]['visibility'], approvedAt: string];

export async function identitySnapshotPage(
  db: Kysely<AmpersandDatabase>,
  andeeId: string,
  input: z.output<typeof identityReadInput>,
  now: Date,
): Promise<SnapshotPage> {
  const page = await identitySnapshotPageIf(db, andeeId, input, now, sql<boolean>`true`);
  if (!page) throw new Error('unreachable: an unconditional read was refused');
  return page;
}

/** identitySnapshotPage carrying the grant check (api-token.ts `in-read`): undefined when the condition does not hold. */
export async function identitySnapshotPageIf(
  db: Kysely<AmpersandDatabase>,
  andeeId: string,
  input: z.output<typeof identityReadInput>,
  now: Date,
  condition: RawBuilder<boolean>,
): Promise<SnapshotPage | undefined> {
  const snapshotAt = input.snapshotAt ? new Date(input.snapshotAt) : now;
  const limit = input.limit ?? 50;
  const after = input.cursor ? decodeCursor(input.cursor) : undefined;
  // When a fact became part of the identity: its review, or its writing when written approved.
  const approvedAt = sql`coalesce(reviewed_at, created_at)`;
  const afterCursor = after ? sql`and (${approvedAt} > ${after.at} or (${approvedAt} = ${after.at} and fact_id > ${after.id}))` : sql``;
  const { rows } = await sql<{ allowed: boolean; facts: FactRow[] | null }>`
    with guard as materialized (select ${condition} as allowed)
    select guard.allowed,
      case when guard.allowed then (
        select coalesce(json_agg(json_build_array(p.fact_id, p.value, p.hds_code, p.visibility, p.approved_at)
            order by p.approved_at, p.fact_id), '[]')
        from (select fact_id, value, hds_code, visibility, ${approvedAt} as approved_at
          from identity_facts
          where andee_id = ${andeeId} and status = 'approved' and ${approvedAt} <= ${snapshotAt} ${afterCursor}
          order by approved_at, fact_id
          limit ${limit + 1}) p
      ) end as facts
    from guard`.execute(db);
  const row = rows[0];
  if (!row?.allowed) return undefined;
  const found = row.facts ?? [];
  const page = found.slice(0, limit);
  const last = page.at(-1);
  return {
    snapshotAt: snapshotAt.toISOString(),
    facts: page.map(([signalId, text, hdsCode, visibility, approvedAt]) => ({
      signalId,
      text,
      hdsCode,
      visibility,
      // JSON carries the time as PostgreSQL writes it; the contract's form is the ISO instant.
      approvedAt: isoInstant(approvedAt),
    })),
    nextCursor: found.length > limit && last ? Buffer.from(JSON.stringify({ at: isoInstant(last[4]), id: last[0] })).toString('base64url') : null,
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
