/**
 * Phone contacts, kept only as keyed hashes: every number is normalized to E.164
 * (libphonenumber-js; a number without a country code is read in the uploader's region) and
 * stored as HMAC-SHA256 under a key derived from the token secret, so the table cannot be
 * reversed by hashing every possible number without that secret. Raw numbers are never stored
 * or logged. People-you-may-know: andees whose own number is in the caller's contacts, or whose
 * contacts hold the caller's number — `mutual` when both, `one_way` when one — minus the caller's
 * connections.
 */
import { createHmac } from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import type { AmpersandDatabase } from '../store/schema.ts';

export interface Suggestion {
  name: string;
  tag: string;
  photoUrl: string | null;
  match: 'mutual' | 'one_way';
}

export function e164(raw: string, region: string | undefined): string | undefined {
  const parsed = parsePhoneNumberFromString(raw, region ? (region.toUpperCase() as CountryCode) : undefined);
  return parsed?.isValid() ? parsed.number : undefined;
}

export class Contacts {
  constructor(
    private readonly db: Kysely<AmpersandDatabase>,
    private readonly key: Buffer,
  ) {}

  hash(e164Number: string): string {
    return createHmac('sha256', this.key).update(e164Number).digest('base64url');
  }

  /** Replaces the andee's uploaded contacts with these numbers (the app sends its whole book). */
  async upload(andeeId: string, numbers: readonly string[], region: string | undefined, now: Date): Promise<{ stored: number; unreadable: number }> {
    const hashes = new Set<string>();
    let unreadable = 0;
    for (const raw of numbers) {
      const normalized = e164(raw, region);
      if (normalized) hashes.add(this.hash(normalized));
      else unreadable++;
    }
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('contact_hashes').where('andee_id', '=', andeeId).execute();
      const rows = [...hashes].map((phone_hash) => ({ andee_id: andeeId, phone_hash, uploaded_at: now }));
      for (let i = 0; i < rows.length; i += 1000)
        await trx
          .insertInto('contact_hashes')
          .values(rows.slice(i, i + 1000))
          .execute();
    });
    return { stored: hashes.size, unreadable };
  }

  /** Records the andee's own number, so others' contacts can find them. False when unreadable or someone else's. */
  async setOwnPhone(andeeId: string, raw: string, region: string | undefined, now: Date): Promise<boolean> {
    const normalized = e164(raw, region);
    if (!normalized) return false;
    const inserted = await this.db
      .insertInto('andee_phones')
      .values({ phone_hash: this.hash(normalized), andee_id: andeeId, created_at: now })
      .onConflict((oc) => oc.column('phone_hash').doNothing())
      .returning('andee_id')
      .executeTakeFirst();
    if (inserted) return true;
    const owner = await this.db.selectFrom('andee_phones').select('andee_id').where('phone_hash', '=', this.hash(normalized)).executeTakeFirst();
    return owner?.andee_id === andeeId;
  }

  async contactCount(andeeId: string): Promise<number> {
    const row = await this.db
      .selectFrom('contact_hashes')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('andee_id', '=', andeeId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async peopleYouMayKnow(andeeId: string, limit: number): Promise<Suggestion[]> {
    const { rows } = await peopleYouMayKnowRows(andeeId, limit).execute(this.db);
    return toSuggestions(rows, limit);
  }
}

export interface SuggestionRow {
  display_name: string;
  tag: string;
  photo_url: string | null;
  mine: boolean;
  theirs: boolean;
}

/**
 * People-you-may-know as one statement (the connections read runs it inside its own): the andees
 * whose number the caller holds (`mine`) or who hold the caller's (`theirs`), not the caller, not
 * already connected. The candidates are joined to `andees` by key, so the read costs what the
 * caller's matches cost, not a scan of every andee. Only the first `limit` in the order
 * toSuggestions shows them come back: someone whose contacts hold thousands of andees'
 * numbers costs a sort in the database, not thousands of rows carried out to be cut in JS.
 */
export function peopleYouMayKnowRows(andeeId: string, limit: number): RawBuilder<SuggestionRow> {
  return sql<SuggestionRow>`
    with mine as (
      select p.andee_id from contact_hashes c join andee_phones p on p.phone_hash = c.phone_hash where c.andee_id = ${andeeId}
    ), theirs as (
      select c.andee_id from contact_hashes c join andee_phones own on own.phone_hash = c.phone_hash where own.andee_id = ${andeeId}
    ), candidates as (
      select andee_id, bool_or(held) as mine, bool_or(holding) as theirs
      from (select andee_id, true as held, false as holding from mine union all select andee_id, false, true from theirs) matched
      group by andee_id
    )
    select a.display_name, a.tag, a.photo_url, c.mine, c.theirs
    from candidates c join andees a on a.andee_id = c.andee_id
    where c.andee_id <> ${andeeId}
      and not exists (select 1 from connections k where k.andee_id = ${andeeId} and k.other_id = c.andee_id)
    order by (c.mine and c.theirs) desc, lower(a.tag) collate "C", a.tag collate "C"
    limit ${limit}`;
}

/**
 * Mutual matches first, then by tag ignoring case (then by tag as written), character by
 * character: the order peopleYouMayKnowRows's `limit` keeps, so the database and this agree on
 * which suggestions are the first `limit`.
 */
export function toSuggestions(rows: readonly SuggestionRow[], limit: number): Suggestion[] {
  return rows
    .map((p) => ({ name: p.display_name, tag: `&${p.tag}`, photoUrl: p.photo_url, match: (p.mine && p.theirs ? 'mutual' : 'one_way') as Suggestion['match'] }))
    .sort((a, b) => (a.match === b.match ? byTag(a.tag, b.tag) : a.match === 'mutual' ? -1 : 1))
    .slice(0, limit);
}

function byTag(a: string, b: string): number {
  const lowerA = a.toLowerCase();
  const lowerB = b.toLowerCase();
  if (lowerA !== lowerB) return lowerA < lowerB ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
