/**
 * The caller's own lists never drop rows silently (issue 27 §4): questions_list,
 * questions_pending and connections_pending answer a page at a time, newest first, with an
 * opaque `nextCursor` until the last page; following it returns every row exactly once, also
 * when rows share a timestamp and when new rows arrive between pages. A cursor that is not one
 * the list handed out is `invalid_arguments` naming `cursor`.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { accessToken, createAndee, mcpClient, type TestAndee } from './support/andee-tokens.ts';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';

let amp: RunningAmpersand;
let ada: TestAndee;
let client: Client;
const QUESTIONS = 230;
const REQUESTS = 130;

beforeAll(async () => {
  amp = await startAmpersand();
  ada = await createAndee(amp, 'ada', 'Ada');
  const grace = await amp.api.andees.create({ tag: 'grace', displayName: 'Grace' });
  if (!grace.ok) throw new Error(grace.problem);
  const db = amp.database.db;
  const base = Date.now() - 10 * 24 * 3600_000;
  // Pairs of rows share a timestamp, so the order's tie-break is exercised at page edges.
  const at = (i: number) => new Date(base + Math.floor(i / 2) * 60_000);
  const expiresAt = new Date(Date.now() + 24 * 3600_000);
  await db
    .insertInto('peer_questions')
    .values(
      Array.from({ length: QUESTIONS }, (_, i) => ({
        question_id: randomUUID(),
        asker_id: ada.andeeId,
        recipient_id: grace.andee.andeeId,
        question: `Question ${i}?`,
        status: 'pending' as const,
        created_at: at(i),
        expires_at: expiresAt,
        resolved_at: null,
      })),
    )
    .execute();
  await db
    .insertInto('peer_questions')
    .values(
      Array.from({ length: QUESTIONS }, (_, i) => ({
        question_id: randomUUID(),
        asker_id: grace.andee.andeeId,
        recipient_id: ada.andeeId,
        question: `Asked of Ada ${i}?`,
        status: 'pending' as const,
        created_at: at(i),
        expires_at: expiresAt,
        resolved_at: null,
      })),
    )
    .execute();
  for (let i = 0; i < REQUESTS; i++) {
    const other = await amp.api.andees.create({ tag: `p${i}`, displayName: `Person ${i}` });
    if (!other.ok) throw new Error(other.problem);
    const incoming = i % 2 === 0;
    await db
      .insertInto('connection_requests')
      .values({
        request_id: randomUUID(),
        from_id: incoming ? other.andee.andeeId : ada.andeeId,
        to_id: incoming ? ada.andeeId : other.andee.andeeId,
        note: null,
        status: 'pending',
        created_at: at(i),
        resolved_at: null,
      })
      .execute();
  }
  client = await mcpClient(amp, await accessToken(amp, ada));
}, 120_000);
afterAll(async () => {
  await client?.close();
  await amp?.close();
});

async function page(name: string, cursor?: string): Promise<{ rows: Array<Record<string, any>>; nextCursor: string | null; text: string }> {
  const result = (await client.callTool({ name, arguments: cursor ? { cursor } : {} })) as any;
  expect(result.isError, JSON.stringify(result.structuredContent)).toBeFalsy();
  const body = result.structuredContent;
  return { rows: body.questions ?? body.requests, nextCursor: body.nextCursor, text: result.content[0].text };
}

async function everyRow(name: string): Promise<Array<Record<string, any>>> {
  const rows: Array<Record<string, any>> = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 20; pages++) {
    const next = await page(name, cursor);
    rows.push(...next.rows);
    if (next.nextCursor === null) return rows;
    expect(next.text).toContain(next.nextCursor);
    cursor = next.nextCursor;
  }
  throw new Error(`${name} never reached its last page`);
}

function expectNewestFirst(rows: Array<Record<string, any>>, time: string, id: string) {
  for (let i = 1; i < rows.length; i++) {
    const [a, b] = [rows[i - 1]!, rows[i]!];
    expect(a[time] > b[time] || (a[time] === b[time] && a[id] > b[id]), `rows ${i - 1} and ${i} out of order`).toBe(true);
  }
}

describe.each([
  ['questions_list', QUESTIONS, 'askedAt', 'questionId'],
  ['questions_pending', QUESTIONS, 'askedAt', 'questionId'],
  ['connections_pending', REQUESTS, 'requestedAt', 'requestId'],
] as const)('%s', (name, total, time, id) => {
  it('pages through every row exactly once, newest first, and says when there is more', async () => {
    const first = await page(name);
    expect(first.rows.length).toBeLessThan(total);
    expect(first.nextCursor).toEqual(expect.any(String));
    const rows = await everyRow(name);
    expect(rows).toHaveLength(total);
    expect(new Set(rows.map((row) => row[id])).size).toBe(total);
    expectNewestFirst(rows, time, id);
  });

  it('refuses a cursor it did not hand out, naming it', async () => {
    for (const cursor of ['not-a-cursor', Buffer.from('["yesterday","x"]').toString('base64url')]) {
      const result = (await client.callTool({ name, arguments: { cursor } })) as any;
      expect(result.isError).toBe(true);
      expect(result.structuredContent.error).toMatchObject({ code: 'invalid_arguments', details: { fields: [expect.objectContaining({ field: 'cursor' })] } });
    }
  });
});

describe('a row written between pages', () => {
  it('does not shift or repeat the pages after it', async () => {
    const first = await page('questions_list');
    const grace = await amp.api.andees.byTag('grace');
    await amp.database.db
      .insertInto('peer_questions')
      .values({
        question_id: randomUUID(),
        asker_id: ada.andeeId,
        recipient_id: grace!.andeeId,
        question: 'A new one?',
        status: 'pending',
        created_at: new Date(),
        expires_at: new Date(Date.now() + 3600_000),
        resolved_at: null,
      })
      .execute();
    const second = await page('questions_list', first.nextCursor!);
    const seen = new Set(first.rows.map((row) => row.questionId));
    expect(second.rows.some((row) => seen.has(row.questionId))).toBe(false);
    expect(second.rows.some((row) => row.question === 'A new one?')).toBe(false);
  });
});
