import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../testing/index.ts';
import { sql } from 'kysely';
import { isoFromJsonTimestamp } from './json-timestamp.ts';

describe('isoFromJsonTimestamp', () => {
  it('gives what Date gives for every form PostgreSQL writes', () => {
    for (const text of [
      '2026-12-02T09:33:09.123456+00:00',
      '2026-12-02T09:33:09.9999996+00:00',
      '2026-12-02T09:33:09.1+00:00',
      '2026-12-02T09:33:09.12+00:00',
      '2026-12-02T09:33:09+00:00',
      '2026-12-02T09:33:09.123456+03:00',
      '2026-12-02T09:33:09.5-05:30',
      '0999-01-01T00:00:00+00:00',
    ])
      expect(isoFromJsonTimestamp(text)).toBe(new Date(text).toISOString());
  });

  it('reads the instants a database writes into JSON exactly as Date does', async () => {
    const database = await openTestDatabase({}, 'kit_json_timestamp');
    try {
      const { rows } = await sql<{ stamps: string[] }>`
        select json_agg(t) as stamps from (
          select timestamptz '2026-01-01 00:00:00+00' + (i * interval '1 second 123457 microseconds') as t
          from generate_series(0, 999) i) s`.execute(database.db);
      expect(rows[0]!.stamps).toHaveLength(1000);
      for (const text of rows[0]!.stamps) expect(isoFromJsonTimestamp(text)).toBe(new Date(text).toISOString());
    } finally {
      await database.dispose();
    }
  });
});
