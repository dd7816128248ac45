/** The forgiving argument forms the MCP layer accepts, and the ones it refuses by name. */
import { describe, expect, it } from 'vitest';
import { FindEventTripsInput, GetTripDetailsInput } from './input-schemas.ts';

const parse = (args: unknown) => FindEventTripsInput.safeParse(args);

describe('find_event_trips arguments', () => {
  it('accepts topics as an array, a JSON string or a comma-separated string', () => {
    for (const topics of [['jazz', 'festival'], '["jazz","festival"]', 'jazz, festival', 'jazz;festival', ' jazz ,festival, ']) {
      expect(parse({ topics, origin: 'Москва' }).data?.topics).toEqual(['jazz', 'festival']);
    }
  });

  it('coerces numeric strings, including a budget written with spaces and a rouble sign', () => {
    const data = parse({ topics: ['jazz'], origin: 'Москва', budget: '40 000 ₽', adults: '2' }).data!;
    expect(data).toMatchObject({ budget: 40000, adults: 2 });
    expect(parse({ topics: ['jazz'], origin: 'x', budget: '39999.6 руб' }).data?.budget).toBe(40000);
    expect(parse({ topics: ['jazz'], origin: 'x', budget: '40000rub' }).data?.budget).toBe(40000);
  });

  it('reads YYYY-MM-DD, DD.MM.YYYY and ISO date-times as dates', () => {
    const data = parse({ topics: ['jazz'], origin: 'x', date_from: '1.12.2026', date_to: '2026-12-31T23:00:00Z' }).data!;
    expect(data).toMatchObject({ date_from: '2026-12-01', date_to: '2026-12-31' });
  });

  it('refuses what it cannot understand, naming the field', () => {
    const fields = (args: unknown) => [...new Set(parse(args).error?.issues.map((i) => (i.code === 'unrecognized_keys' ? i.keys.join() : i.path.join('.'))))];
    expect(fields({ topics: ['jazz'], origin: 'x', date_from: '2026-02-30' })).toEqual(['date_from']);
    expect(fields({ topics: ['jazz'], origin: 'x', adults: '2.5' })).toEqual(['adults']);
    expect(fields({ topics: ['jazz'], origin: 'x', budget: '-100' })).toEqual(['budget']);
    expect(fields({ topics: '[not json', origin: 'x' })).toEqual(['topics']);
    expect(fields({ topics: ['jazz'], origin: 'x', where: 'Казань' })).toEqual(['where']);
  });

  it('advertises the canonical form in its JSON Schema', async () => {
    const { toJSONSchema } = await import('zod');
    const schema = toJSONSchema(FindEventTripsInput, { io: 'input' }) as any;
    expect(schema.properties.topics.type).toBe('array');
    expect(schema.properties.adults).toMatchObject({ type: 'integer', minimum: 1, maximum: 9 });
    expect(schema.required).toEqual(['topics', 'origin']);
    expect(schema.additionalProperties).toBe(false);
  });
});

describe('package numbers', () => {
  it('accept a numeric string and refuse anything else', () => {
    expect(GetTripDetailsInput.safeParse({ trip_id: '1.abc.def', package: '2' }).data?.package).toBe(2);
    expect(GetTripDetailsInput.safeParse({ trip_id: '1.abc.def', package: 'two' }).success).toBe(false);
    expect(GetTripDetailsInput.safeParse({ trip_id: '1.abc.def', package: 4 }).success).toBe(false);
  });
});
