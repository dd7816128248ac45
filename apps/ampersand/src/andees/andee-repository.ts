/** Andees: who they are (tag, display name, optional photo), created by sign-up or by the operator. */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AmpersandDatabase } from '../store/schema.ts';
import { parseTag } from './tags.ts';

export interface Andee {
  andeeId: string;
  tag: string;
  displayName: string;
  photoUrl: string | null;
}

export type CreateOutcome = { ok: true; andee: Andee } | { ok: false; problem: string; code: 'invalid_tag' | 'invalid_name' | 'tag_taken' };

export class AndeeRepository {
  constructor(private readonly db: Kysely<AmpersandDatabase>) {}

  async create(input: { tag: string; displayName: string; photoUrl?: string | undefined }): Promise<CreateOutcome> {
    const tag = parseTag(input.tag);
    if (!tag.ok) return { ok: false, problem: tag.problem, code: 'invalid_tag' };
    const displayName = input.displayName.trim();
    if (displayName.length < 1 || displayName.length > 80) return { ok: false, problem: 'A display name is 1 to 80 characters.', code: 'invalid_name' };
    const andeeId = randomUUID();
    const inserted = await this.db
      .insertInto('andees')
      .values({ andee_id: andeeId, tag: tag.tag, display_name: displayName, photo_url: input.photoUrl ?? null })
      .onConflict((oc) => oc.column('tag').doNothing())
      .returning('andee_id')
      .executeTakeFirst();
    if (!inserted) return { ok: false, problem: `The tag &${tag.tag} is already taken.`, code: 'tag_taken' };
    return { ok: true, andee: { andeeId, tag: tag.tag, displayName, photoUrl: input.photoUrl ?? null } };
  }

  async byTag(input: string): Promise<Andee | undefined> {
    const tag = parseTag(input);
    if (!tag.ok) return undefined;
    const row = await this.db.selectFrom('andees').selectAll().where('tag', '=', tag.tag).executeTakeFirst();
    return row ? toAndee(row) : undefined;
  }

  async byId(andeeId: string): Promise<Andee | undefined> {
    const row = await this.db.selectFrom('andees').selectAll().where('andee_id', '=', andeeId).executeTakeFirst();
    return row ? toAndee(row) : undefined;
  }
}

function toAndee(row: { andee_id: string; tag: string; display_name: string; photo_url: string | null }): Andee {
  return { andeeId: row.andee_id, tag: row.tag, displayName: row.display_name, photoUrl: row.photo_url };
}
