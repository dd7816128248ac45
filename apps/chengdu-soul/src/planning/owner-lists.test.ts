/**
 * What the owner's page lists, at a cost that does not grow with the data: saved plans a page at
 * a time (newest first, a cursor that neither skips nor repeats a plan, ties in the same
 * millisecond broken by page id), one plan by id for its owner only, and who proposed each draft.
 * The statements the real code runs are explained with sequential scans disabled (kit/testing
 * query-plans.ts): none may read `pages`, `idempotency_records` or `drafts` whole. PGlite by
 * default, PostgreSQL with DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, recordStatements, sequentialScans, type TestDatabase } from '@agent-products/kit/testing';
import { chengduMigrations } from '../store/migrations.ts';
import type { ChengduDatabase } from '../store/schema.ts';
import { OpenDrafts } from './open-drafts.ts';
import { cursorFrom, cursorText, PageRepository, type SavedPage } from './page-repository.ts';

const GROWING = ['pages', 'idempotency_records', 'drafts', 'draft_revisions', 'accounts'];
const T0 = Date.parse('2026-11-01T08:00:00Z');
const PLANS = 7;

let database: TestDatabase<ChengduDatabase>;

async function addPlan(accountId: string, n: number, createdAt: Date): Promise<string> {
  const draftRef = `dr_${accountId}_${n}`;
  const db = database.db;
  await db
    .insertInto('drafts')
    .values({
      draft_ref: draftRef,
      account_id: accountId,
      catalog_version: 'plans-test',
      revision: 1,
      content_hash: 'h',
      created_at: createdAt,
      updated_at: createdAt,
      expires_at: new Date(createdAt.getTime() + 7 * 86_400_000),
      confirmed_at: createdAt,
    })
    .execute();
  await db
    .insertInto('pages')
    .values({
      page_id: randomUUID(),
      token: `tok_${draftRef}`,
      draft_ref: draftRef,
      account_id: accountId,
      revision: 1,
      content_hash: 'h',
      snapshot: JSON.stringify({ days: [] }),
      created_at: createdAt,
      expires_at: new Date(createdAt.getTime() + 7 * 86_400_000),
    })
    .execute();
  await db
    .insertInto('idempotency_records')
    .values({
      account_id: accountId,
      operation: 'propose',
      idempotency_key: n % 2 ? `web_${n}` : `agent-${n}`,
      request_hash: 'r',
      response: JSON.stringify({ draftRef }),
      created_at: createdAt,
    })
    .execute();
  return draftRef;
}

beforeAll(async () => {
  database = await openTestDatabase<ChengduDatabase>(chengduMigrations, 'owner_lists');
  const db = database.db;
  await db
    .insertInto('catalog_releases')
    .values({ catalog_version: 'plans-test', content_hash: 'h', document: JSON.stringify({}) } as never)
    .execute();
  await db
    .insertInto('accounts')
    .values([
      { account_id: 'acc-owner', email: 'owner@example.com' },
      { account_id: 'acc-other', email: 'other@example.com' },
    ])
    .execute();
  // Two plans share a millisecond, so only the page id can order them.
  for (let n = 0; n < PLANS; n++) await addPlan('acc-owner', n, new Date(T0 + Math.min(n, PLANS - 2) * 60_000));
  await addPlan('acc-other', 99, new Date(T0 + 30 * 60_000));
});
afterAll(async () => database?.dispose());

async function scansOf(run: (pages: PageRepository, drafts: OpenDrafts) => Promise<unknown>): Promise<Array<{ sql: string; scans: string[] }>> {
  const recorded = recordStatements(database.db);
  await run(new PageRepository(recorded.db), new OpenDrafts(recorded.db));
  expect(recorded.statements.length).toBeGreaterThan(0);
  const found = [];
  for (const statement of recorded.statements) found.push({ sql: statement.sql, scans: await sequentialScans(database.db, statement, GROWING) });
  return found.filter((f) => f.scans.length > 0);
}

describe("the owner's saved plans, a page at a time", () => {
  it('walks every plan once, newest first, ties by page id, and only the owner’s', async () => {
    const pages = new PageRepository(database.db);
    const seen: SavedPage[] = [];
    let after = undefined as ReturnType<typeof cursorFrom>;
    for (let turn = 0; turn < PLANS; turn++) {
      const page = await pages.listForAccount('acc-owner', { limit: 3, after });
      seen.push(...page.pages);
      if (!page.next) break;
      after = cursorFrom(cursorText(page.next));
    }
    expect(seen.map((p) => p.draftRef).sort()).toEqual(Array.from({ length: PLANS }, (_, n) => `dr_acc-owner_${n}`).sort());
    const order = seen.map((p) => [p.createdAt.getTime(), p.pageId] as const);
    const sorted = [...order].sort((a, b) => b[0] - a[0] || (a[1] < b[1] ? 1 : -1));
    expect(order).toEqual(sorted);
    const exact = await pages.listForAccount('acc-owner', { limit: PLANS });
    expect(exact.pages).toHaveLength(PLANS);
    expect(exact.next).toBeUndefined();
  });

  it('finds one plan for its owner and not for anyone else', async () => {
    const pages = new PageRepository(database.db);
    const [first] = (await pages.listForAccount('acc-owner', { limit: 1 })).pages;
    expect((await pages.findForAccount('acc-owner', first!.pageId))?.draftRef).toBe(first!.draftRef);
    expect(await pages.findForAccount('acc-other', first!.pageId)).toBeUndefined();
  });

  it('reads a cursor only as it wrote it', () => {
    const cursor = { createdAt: new Date(T0), pageId: randomUUID() };
    expect(cursorFrom(cursorText(cursor))).toEqual(cursor);
    for (const text of [
      undefined,
      '',
      'x',
      Buffer.from('2026-11-01T08:00:00.000Z|not-an-id').toString('base64url'),
      Buffer.from(`never|${cursor.pageId}`).toString('base64url'),
      `${cursorText(cursor)}${'A'.repeat(200)}`,
    ]) {
      expect(cursorFrom(text)).toBeUndefined();
    }
  });

  it('lists plans, finds one and names who proposed them through indexes only', async () => {
    expect(
      await scansOf(async (pages, drafts) => {
        const first = await pages.listForAccount('acc-owner', { limit: 3 });
        const second = await pages.listForAccount('acc-owner', { limit: 3, after: first.next });
        await pages.findForAccount('acc-owner', first.pages[0]!.pageId);
        const madeBy = await drafts.madeBy(
          'acc-owner',
          [...first.pages, ...second.pages].map((p) => p.draftRef),
        );
        expect([...madeBy.values()].sort()).toEqual(['agent', 'agent', 'agent', 'web', 'web', 'web']);
      }),
    ).toEqual([]);
  });
});
