/**
 * The operator's discovery switch, one row of the settings table so every process agrees at
 * once. Off (the default) tells crawlers to stay away entirely; on lets them index the public
 * directory and the reviewed overview pages. Private plans are never indexable either way.
 */
import type { Kysely } from 'kysely';
import type { ChengduDatabase } from '../store/schema.ts';

const DISCOVERY_SETTING = 'discovery';

export class DiscoverySwitch {
  constructor(private readonly db: Kysely<ChengduDatabase>) {}

  async isOn(): Promise<boolean> {
    const row = await this.db.selectFrom('settings').select('value').where('key', '=', DISCOVERY_SETTING).executeTakeFirst();
    return row?.value === 'on';
  }

  async set(on: boolean, now: Date): Promise<void> {
    const value = on ? 'on' : 'off';
    await this.db
      .insertInto('settings')
      .values({ key: DISCOVERY_SETTING, value, updated_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
      .execute();
  }
}
