/**
 * The retention the README promises, on the server's injected clock: feedback and removal
 * requests older than 365 days are deleted when the next form is stored, and younger ones stay;
 * sign-in link rows go when a link is issued a day or more after they expired; expired owner
 * sessions go at the next sign-in. The privacy forms together store at most 30 a minute.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { issueSignInLink, signInOwner, startChengdu, type RunningChengdu } from './support/start-chengdu.ts';

const DAY = 24 * 3600_000;
const START = Date.parse('2026-01-01T12:00:00Z');
let now = START;
let server: RunningChengdu;
beforeAll(async () => {
  server = await startChengdu({ clock: () => new Date(now) });
});
afterAll(async () => {
  await server?.stop();
});

/** Opens /privacy as a visitor and posts one form with its hidden fields; the HTTP status. */
async function send(action: '/privacy/feedback' | '/privacy/removal', fields: Record<string, string>): Promise<number> {
  const page = await fetch(`${server.url}/privacy`);
  const cookie = page.headers.get('set-cookie')!.split(';')[0]!;
  const html = await page.text();
  const form = new RegExp(`<form method="post" action="${action}"[\\s\\S]*?</form>`).exec(html)![0];
  const body = new URLSearchParams(fields);
  for (const input of form.matchAll(/<input\b[^>]*type="hidden"[^>]*>/g)) {
    body.set(/name="([^"]*)"/.exec(input[0])![1]!, /value="([^"]*)"/.exec(input[0])?.[1] ?? '');
  }
  const response = await fetch(`${server.url}${action}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url, Cookie: cookie },
    body,
  });
  return response.status;
}

const rows = async (table: 'feedback' | 'removal_requests' | 'sign_in_links' | 'sessions') =>
  (await server.database.db.selectFrom(table).selectAll().execute()).length;

describe('retention on the injected clock', () => {
  it('keeps feedback and removal requests 365 days, deleting older ones at the next stored form', async () => {
    now = START;
    expect(await send('/privacy/feedback', { message: 'old feedback', contact: '' })).toBe(303);
    expect(await send('/privacy/removal', { contact: 'old@example.com', details: 'old request' })).toBe(303);
    now = START + 200 * DAY;
    expect(await send('/privacy/feedback', { message: 'middle feedback', contact: '' })).toBe(303);
    expect(await send('/privacy/removal', { contact: 'middle@example.com', details: 'middle request' })).toBe(303);

    now = START + 365 * DAY - 1000;
    expect(await send('/privacy/feedback', { message: 'a day short of a year', contact: '' })).toBe(303);
    expect((await server.service.privacy.listFeedback()).map((f) => f.message)).toContain('old feedback');

    now = START + 365 * DAY + 1000;
    expect(await send('/privacy/feedback', { message: 'new feedback', contact: '' })).toBe(303);
    expect(await send('/privacy/removal', { contact: 'new@example.com', details: 'new request' })).toBe(303);
    expect((await server.service.privacy.listFeedback()).map((f) => f.message)).toEqual(['new feedback', 'a day short of a year', 'middle feedback']);
    expect((await server.service.privacy.listRemovalRequests()).map((r) => r.details)).toEqual(['new request', 'middle request']);
  });

  it('forgets a sign-in link a day after it expired, when the next link is issued', async () => {
    await server.database.db.deleteFrom('sign_in_links').execute();
    now = START;
    const first = await issueSignInLink(server, { now: new Date(now) });
    now = START + 15 * 60_000 + DAY - 60_000;
    await issueSignInLink(server, { now: new Date(now) });
    expect(await rows('sign_in_links')).toBe(2);
    now = START + 15 * 60_000 + DAY + 60_000;
    await issueSignInLink(server, { now: new Date(now) });
    const kept = await server.database.db.selectFrom('sign_in_links').selectAll().execute();
    expect(kept).toHaveLength(2);
    expect(JSON.stringify(kept)).not.toContain(first.token);
  });

  it('deletes expired owner sessions at the next sign-in, and keeps live ones', async () => {
    await server.database.db.deleteFrom('sessions').execute();
    now = START;
    await signInOwner(server, { now: new Date(now) });
    now = START + 60_000;
    await signInOwner(server, { now: new Date(now) });
    expect(await rows('sessions')).toBe(2);
    now = START + 400 * DAY;
    await signInOwner(server, { now: new Date(now) });
    expect(await rows('sessions')).toBe(1);
  });
});

describe('the privacy-form limit', () => {
  it('stores 30 forms a minute from anyone, then refuses with 429 and stores nothing', async () => {
    // A server of its own: its window opens at the first form, so the earlier tests take no share.
    const retained = server;
    server = await startChengdu();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 32; i++) statuses.push(await send('/privacy/feedback', { message: `limit ${i} ${randomUUID()}`, contact: '' }));
      expect(statuses).toEqual([...Array(30).fill(303), 429, 429]);
      expect(await rows('feedback')).toBe(30);
    } finally {
      await server.stop();
      server = retained;
    }
  });
});
