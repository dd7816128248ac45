/**
 * The key the privacy forms' signed double submit (the kit's `SignedFormTokens`) signs with, kept
 * in the settings table so every process signs and checks with the same one.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ChengduDatabase } from '../store/schema.ts';

const SIGNING_KEY_SETTING = 'form_signing_key';

export async function formSigningKey(db: Kysely<ChengduDatabase>): Promise<Buffer> {
  // The first process to need the key creates it; every other process reads the same one.
  await db
    .insertInto('settings')
    .values({ key: SIGNING_KEY_SETTING, value: randomBytes(32).toString('base64url'), updated_at: new Date() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('settings').select('value').where('key', '=', SIGNING_KEY_SETTING).executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64url');
}
