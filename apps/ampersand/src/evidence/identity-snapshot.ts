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
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { identityReadInput, identityReadOutput } from '../contracts/evidence-contracts.ts';
import { compiledOnce, isoFromJsonTimestamp as isoInstant } from '@agent-products/kit/store';
import { hashedGrantId, liveGrantConditionByHash } from '../auth/grants.ts';
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
  const page = await identitySnapshotPageIf(db, andeeId, input, now, undefined);
  if (!page) throw new Error('unreachable: an unconditional read was refused');
  return page;
}

/** What a page's statement is given: every one a parameter (kit `compiledOnce`). */
interface PageValues {
  andeeId: string;
  snapshotAt: Date;
  /** One more than the page holds: a row past the page says there is a next one. */
  rowsRead: number;
  /** The last (approval time, id) of the page before; read only by the paged statements. */
  afterAt: Date;
  afterId: string;
  /** The grant's hashed id and the time it must be live at; read only by the guarded statements. */
  grantIdHash: string;
  now: Date;
}

type PageRow = { allowed: boolean; facts: FactRow[] | null };

/** When a fact became part of the identity: its review, or its writing when written approved. */
const approvedAt = sql`coalesce(reviewed_at, created_at)`;

/**
 * The page's statement in one of its four shapes (with or without the grant check, first page or
 * a later one), each built and compiled by Kysely once (kit `compiledOnce`) rather than on every
 * call: the hosted runtime reads a page on every step of a turn.
 */
function pageStatement(guarded: boolean, paged: boolean) {
  return compiledOnce(
    (_db, v: PageValues) => sql<PageRow>`
    with guard as materialized (select ${guarded ? liveGrantConditionByHash(v.grantIdHash, v.andeeId, v.now) : sql<boolean>`true`} as allowed)
    select guard.allowed,
      case when guard.allowed then (
        select coalesce(json_agg(json_build_array(p.fact_id, p.value, p.hds_code, p.visibility, p.approved_at)
            order by p.approved_at, p.fact_id), '[]')
        from (select fact_id, value, hds_code, visibility, ${approvedAt} as approved_at
          from identity_facts
          where andee_id = ${v.andeeId} and status = 'approved' and ${approvedAt} <= ${v.snapshotAt} ${
            paged ? sql`and (${approvedAt} > ${v.afterAt} or (${approvedAt} = ${v.afterAt} and fact_id > ${v.afterId}))` : sql``
          }
          order by approved_at, fact_id
          limit ${v.rowsRead}) p
      ) end as facts
    from guard`,
  );
}

const firstPage = pageStatement(false, false);
const laterPage = pageStatement(false, true);
const grantedFirstPage = pageStatement(true, false);
const grantedLaterPage = pageStatement(true, true);

/**
 * identitySnapshotPage carrying the grant check (api-token.ts `in-read`) when `grant` is given:
 * undefined when that grant is not live for the andee at `now`.
 */
export async function identitySnapshotPageIf(
  db: Kysely<AmpersandDatabase>,
  andeeId: string,
  input: z.output<typeof identityReadInput>,
  now: Date,
  grant: { grantId: string } | undefined,
): Promise<SnapshotPage | undefined> {
  const { statement, values, snapshotAt, limit } = pageRead(andeeId, input, now, grant);
  const [row] = await statement(db, values);
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

/** The statement identitySnapshotPageIf runs, unexecuted (for tests that examine its plan). */
export function identitySnapshotStatement(
  db: Kysely<AmpersandDatabase>,
  andeeId: string,
  input: z.output<typeof identityReadInput>,
  now: Date,
  grant: { grantId: string } | undefined,
) {
  const { statement, values } = pageRead(andeeId, input, now, grant);
  return statement.statement(db, values);
}

/** Which of the four statements a page is read with, and its values. */
function pageRead(andeeId: string, input: z.output<typeof identityReadInput>, now: Date, grant: { grantId: string } | undefined) {
  const snapshotAt = input.snapshotAt ? new Date(input.snapshotAt) : now;
  const limit = input.limit ?? 50;
  const after = input.cursor ? decodeCursor(input.cursor) : undefined;
  const values: PageValues = {
    andeeId,
    snapshotAt,
    rowsRead: limit + 1,
    afterAt: after?.at ?? snapshotAt,
    afterId: after?.id ?? '',
    grantIdHash: grant ? hashedGrantId(grant.grantId) : '',
    now,
  };
  const statement = grant ? (after ? grantedLaterPage : grantedFirstPage) : after ? laterPage : firstPage;
  return { statement, values, snapshotAt, limit };
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
