/**
 * Photo and place evidence page as every other & list does (issue 43): newest first, a page at a
 * time, by the one opaque cursor, `nextCursor` until the last page. Walking it returns every row
 * exactly once and in order, also when rows share a timestamp and when a row is added between
 * pages; the spec's row `offset` walks the same order; a cursor the list did not hand out, or a
 * cursor with an offset, is `invalid_arguments`.
 */
import { randomUUID } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/client';
import { connectClient } from '@agent-products/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';

let amp: RunningAmpersand;
let runtime: Client;
let andeeId: string;
const LABELS = 61;
const OBSERVATIONS = 83;
const PAGE = 7;
const base = Date.now() - 30 * 24 * 3600_000;
// Pairs of rows share a timestamp, so the order's tie-break is exercised at page edges.
const at = (i: number) => new Date(base + Math.floor(i / 2) * 60_000);

beforeAll(async () => {
  amp = await startAmpersand();
  const created = await amp.api.andees.create({ tag: 'paz', displayName: 'Paz' });
  if (!created.ok) throw new Error(created.problem);
  andeeId = created.andee.andeeId;
  const db = amp.database.db;
  await db
    .insertInto('photo_labels')
    .values(
      Array.from({ length: LABELS }, (_, i) => ({
        label_id: `lbl_${randomUUID()}`,
        andee_id: andeeId,
        label: `label ${i}`,
        category: 'thing',
        photo_count: 1 + (i % 5),
        confidence: 'medium' as const,
        first_seen: at(i),
        last_seen: at(i),
      })),
    )
    .execute();
  await db.insertInto('places').values({ place_id: 'pl_park', name: 'The park', category: 'park', description: null, status: 'pending' }).execute();
  await db
    .insertInto('place_observations')
    .values(
      Array.from({ length: OBSERVATIONS }, (_, i) => ({
        observation_key: `obs_${randomUUID()}`,
        andee_id: andeeId,
        observed_at: at(i),
        confidence: 'high' as const,
        fact: `Walk ${i} in the park.`,
        selected_place_id: 'pl_park',
        candidates: JSON.stringify([]),
      })),
    )
    .execute();
  runtime = await connectClient(amp.mcpUrl, { Authorization: `Bearer ${(await amp.api.hostedRuntime.issue(andeeId, new Date())).accessToken}` });
}, 120_000);
afterAll(async () => {
  await runtime?.close();
  await amp?.close();
});

type Row = { key: string; at: string; text: string };
type Page = { rows: Row[]; nextCursor: string | null; nextOffset: number | null; text: string };

const LISTS = {
  photo_evidence_read: {
    total: LABELS,
    rows: (body: any): Row[] => body.labels.map((l: any) => ({ key: l.label, at: l.firstSeen, text: l.label })),
  },
  place_evidence_read: {
    total: OBSERVATIONS,
    rows: (body: any): Row[] => body.rows.map((r: any) => ({ key: r.observationKey, at: r.observedAt, text: r.fact })),
  },
} as const;
type ListName = keyof typeof LISTS;

async function page(name: ListName, args: Record<string, unknown>): Promise<Page> {
  const result = (await runtime.callTool({ name, arguments: { limit: PAGE, ...args } })) as any;
  expect(result.isError, JSON.stringify(result.structuredContent)).toBeFalsy();
  const body = result.structuredContent;
  return { rows: LISTS[name].rows(body), nextCursor: body.nextCursor, nextOffset: body.nextOffset, text: result.content[0].text };
}

async function walk(name: ListName, by: 'cursor' | 'offset'): Promise<Row[]> {
  const rows: Row[] = [];
  let args: Record<string, unknown> = {};
  for (let pages = 0; pages < 40; pages++) {
    const next = await page(name, args);
    rows.push(...next.rows);
    if (next.nextCursor === null) {
      expect(next.nextOffset).toBeNull();
      return rows;
    }
    expect(next.text).toContain(next.nextCursor);
    if (by === 'cursor') {
      // The first page was read by neither, so it also says the offset of the second.
      expect(next.nextOffset).toBe(pages === 0 ? PAGE : null);
      args = { cursor: next.nextCursor };
    } else {
      expect(next.nextOffset).toBe(rows.length);
      args = { offset: next.nextOffset };
    }
  }
  throw new Error(`${name} never reached its last page`);
}

describe.each(Object.keys(LISTS) as ListName[])('%s', (name) => {
  const { total } = LISTS[name];

  it('pages through every row exactly once, newest first, by cursor and by the spec’s offset alike', async () => {
    const first = await page(name, {});
    expect(first.rows).toHaveLength(PAGE);
    expect(first.nextCursor).toEqual(expect.any(String));
    const byCursor = await walk(name, 'cursor');
    expect(byCursor).toHaveLength(total);
    expect(new Set(byCursor.map((r) => r.key)).size).toBe(total);
    // Written oldest first: the walk reads them back newest first, the pairs sharing a time included.
    const times = byCursor.map((r) => Date.parse(r.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(byCursor[0]!.text).toMatch(new RegExp(`\\b${total - 1}\\b`));
    expect((await walk(name, 'offset')).map((r) => r.key)).toEqual(byCursor.map((r) => r.key));
  });

  it('refuses a cursor it did not hand out, and a cursor with an offset, naming the field', async () => {
    const refused = async (args: Record<string, unknown>, field: string) => {
      const result = (await runtime.callTool({ name, arguments: args })) as any;
      expect(result.isError, JSON.stringify(args)).toBe(true);
      expect(result.structuredContent.error).toMatchObject({ code: 'invalid_arguments', details: { fields: [expect.objectContaining({ field })] } });
    };
    for (const cursor of ['not-a-cursor', Buffer.from('["yesterday","x"]').toString('base64url'), Buffer.from('{"at":1}').toString('base64url')])
      await refused({ cursor }, 'cursor');
    const { nextCursor } = await page(name, {});
    await refused({ cursor: nextCursor, offset: PAGE }, 'offset');
  });
});

describe('a row written between pages', () => {
  it('neither shifts nor repeats the pages after it', async () => {
    for (const name of Object.keys(LISTS) as ListName[]) {
      const first = await page(name, {});
      const now = new Date();
      if (name === 'photo_evidence_read')
        await amp.database.db
          .insertInto('photo_labels')
          .values({
            label_id: `lbl_${randomUUID()}`,
            andee_id: andeeId,
            label: 'a new label',
            category: 'thing',
            photo_count: 9,
            confidence: 'high',
            first_seen: now,
            last_seen: now,
          })
          .execute();
      else
        await amp.database.db
          .insertInto('place_observations')
          .values({
            observation_key: `obs_${randomUUID()}`,
            andee_id: andeeId,
            observed_at: now,
            confidence: 'high',
            fact: 'A new walk in the park.',
            selected_place_id: 'pl_park',
            candidates: JSON.stringify([]),
          })
          .execute();
      const second = await page(name, { cursor: first.nextCursor });
      const seen = new Set(first.rows.map((r) => r.key));
      expect(
        second.rows.some((r) => seen.has(r.key)),
        name,
      ).toBe(false);
      expect(
        second.rows.some((r) => r.text.includes('new')),
        name,
      ).toBe(false);
      expect(Date.parse(second.rows[0]!.at)).toBeLessThanOrEqual(Date.parse(first.rows.at(-1)!.at));
    }
  });
});
