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
import type { Kysely } from 'kysely';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import type { AmpersandDatabase } from '../store/schema.ts';

export const MAX_CONTACTS = 5000;

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
      for (let i = 0; i < rows.length; i += 1000) await trx.insertInto('contact_hashes').values(rows.slice(i, i + 1000)).execute();
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
    const row = await this.db.selectFrom('contact_hashes').select((eb) => eb.fn.countAll<string>().as('n')).where('andee_id', '=', andeeId).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async peopleYouMayKnow(andeeId: string, limit: number): Promise<Suggestion[]> {
    const iHave = await this.db
      .selectFrom('contact_hashes as c')
      .innerJoin('andee_phones as p', 'p.phone_hash', 'c.phone_hash')
      .select('p.andee_id')
      .distinct()
      .where('c.andee_id', '=', andeeId)
      .execute();
    const haveMe = await this.db
      .selectFrom('contact_hashes as c')
      .innerJoin('andee_phones as mine', 'mine.phone_hash', 'c.phone_hash')
      .select('c.andee_id')
      .distinct()
      .where('mine.andee_id', '=', andeeId)
      .execute();
    const mine = new Set(iHave.map((r) => r.andee_id));
    const theirs = new Set(haveMe.map((r) => r.andee_id));
    const ids = [...new Set([...mine, ...theirs])].filter((id) => id !== andeeId);
    if (ids.length === 0) return [];
    const connected = new Set((await this.db.selectFrom('connections').select('other_id').where('andee_id', '=', andeeId).where('other_id', 'in', ids).execute()).map((r) => r.other_id));
    const candidates = ids.filter((id) => !connected.has(id));
    if (candidates.length === 0) return [];
    const people = await this.db.selectFrom('andees').select(['andee_id', 'display_name', 'tag', 'photo_url']).where('andee_id', 'in', candidates).execute();
    return people
      .map((p) => ({ name: p.display_name, tag: `&${p.tag}`, photoUrl: p.photo_url, match: (mine.has(p.andee_id) && theirs.has(p.andee_id) ? 'mutual' : 'one_way') as Suggestion['match'] }))
      .sort((a, b) => (a.match === b.match ? a.tag.localeCompare(b.tag) : a.match === 'mutual' ? -1 : 1))
      .slice(0, limit);
  }
}
