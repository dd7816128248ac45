/**
 * Feedback and data-removal requests on the run's database, with the clock given to each call:
 * what the forms accept, one row per submission id however often it is sent, the operator's
 * listing newest first, a removal request handled once, and nothing kept past a year.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '@agent-products/kit/testing';
import { chengduMigrations } from '../store/migrations.ts';
import type { ChengduDatabase } from '../store/schema.ts';
import { FeedbackInput, PRIVACY_RETENTION_DAYS, PrivacyRequests, RemovalInput, SubmissionId } from './privacy-requests.ts';

let database: TestDatabase<ChengduDatabase>;
let requests: PrivacyRequests;
const t0 = new Date('2026-12-01T10:00:00Z');
const DAY = 24 * 3600_000;
const at = (ms: number) => new Date(t0.getTime() + ms);
let submissions = 0;
const submissionId = () => `submission-${String(++submissions).padStart(8, '0')}`;

beforeAll(async () => {
  database = await openTestDatabase<ChengduDatabase>(chengduMigrations, 'chengdu_privacy');
  requests = new PrivacyRequests(database.db);
});
afterAll(async () => {
  await database?.dispose();
});

const problems = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  result.success ? [] : result.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

describe('what the privacy forms accept', () => {
  it('takes a feedback message with an optional contact, trimmed', () => {
    expect(FeedbackInput.parse({ message: '  Lovely teahouse.  ' })).toEqual({ message: 'Lovely teahouse.' });
    expect(FeedbackInput.parse({ message: 'Hi', contact: ' me@example.org ' })).toEqual({ message: 'Hi', contact: 'me@example.org' });
    expect(FeedbackInput.parse({ message: 'x'.repeat(4000), contact: 'c'.repeat(200) }).message).toHaveLength(4000);
  });

  it('refuses an empty or overlong feedback, an overlong contact and any other field', () => {
    expect(problems(FeedbackInput.safeParse({ message: '   ' }))).toEqual(['message: Write a message.']);
    expect(FeedbackInput.safeParse({ message: 'x'.repeat(4001) }).success).toBe(false);
    expect(FeedbackInput.safeParse({ message: 'x', contact: 'c'.repeat(201) }).success).toBe(false);
    expect(FeedbackInput.safeParse({ message: 'x', extra: 'y' }).success).toBe(false);
  });

  it('takes a removal request with a reachable contact and what to remove', () => {
    expect(RemovalInput.parse({ contact: ' me@example.org ', details: ' my plan ' })).toEqual({ contact: 'me@example.org', details: 'my plan' });
    expect(problems(RemovalInput.safeParse({ contact: ' ab ', details: 'x' }))).toEqual(['contact: Say how the operator can reach you.']);
    expect(problems(RemovalInput.safeParse({ contact: 'abc', details: '  ' }))).toEqual(['details: Say what should be removed.']);
    expect(RemovalInput.safeParse({ contact: 'c'.repeat(201), details: 'x' }).success).toBe(false);
    expect(RemovalInput.safeParse({ contact: 'abc', details: 'x'.repeat(4001) }).success).toBe(false);
    expect(RemovalInput.safeParse({ contact: 'abc', details: 'x', extra: 1 }).success).toBe(false);
  });

  it('refuses text PostgreSQL cannot store, and keeps whole characters outside the basic plane', () => {
    const unstorable = 'must be plain text, without NUL characters or broken Unicode';
    for (const bad of ['a\u0000b', 'a\uD83Db', 'a\uDE00b', '\uD83D', '\uDE00', 'end\uD83D']) {
      expect(problems(FeedbackInput.safeParse({ message: bad })), JSON.stringify(bad)).toEqual([`message: ${unstorable}`]);
      expect(problems(RemovalInput.safeParse({ contact: 'abc', details: bad }))).toEqual([`details: ${unstorable}`]);
    }
    expect(FeedbackInput.parse({ message: '火锅 🌶️ 好吃' }).message).toBe('火锅 🌶️ 好吃');
  });

  it('takes a submission id of 16 to 64 URL-safe characters and nothing else', () => {
    for (const good of ['a'.repeat(16), 'A-z_09'.padEnd(64, 'x')]) expect(SubmissionId.safeParse(good).success, good).toBe(true);
    for (const bad of ['a'.repeat(15), 'a'.repeat(65), `${'a'.repeat(16)}+`, `+${'a'.repeat(16)}`, `${'a'.repeat(16)} `, '']) {
      expect(SubmissionId.safeParse(bad).success, bad).toBe(false);
    }
  });
});

describe(`privacy requests on ${testDatabaseKind()}`, () => {
  it('stores feedback once per submission, with no contact as none, listed newest first', async () => {
    const repeated = submissionId();
    await requests.addFeedback(repeated, { message: 'first', contact: 'me@example.org' }, t0);
    await requests.addFeedback(repeated, { message: 'first', contact: 'me@example.org' }, t0);
    await requests.addFeedback(submissionId(), { message: 'second', contact: '' }, at(1000));
    await requests.addFeedback(submissionId(), { message: 'third' }, at(2000));
    const listed = await requests.listFeedback();
    expect(listed.map((f) => [f.message, f.contact, f.createdAt])).toEqual([
      ['third', null, at(2000)],
      ['second', null, at(1000)],
      ['first', 'me@example.org', t0],
    ]);
    expect(listed.every((f) => /^fb_[0-9a-f-]{36}$/.test(f.feedbackId))).toBe(true);
    expect(new Set(listed.map((f) => f.feedbackId)).size).toBe(3);
  });

  it('stores a removal request once per submission, open until handled once', async () => {
    const repeated = submissionId();
    await requests.addRemovalRequest(repeated, { contact: 'me@example.org', details: 'my plan' }, t0);
    await requests.addRemovalRequest(repeated, { contact: 'me@example.org', details: 'my plan' }, t0);
    await requests.addRemovalRequest(submissionId(), { contact: 'you@example.org', details: 'my feedback' }, at(1000));
    const listed = await requests.listRemovalRequests();
    expect(listed.map((r) => [r.contact, r.details, r.createdAt, r.handledAt])).toEqual([
      ['you@example.org', 'my feedback', at(1000), null],
      ['me@example.org', 'my plan', t0, null],
    ]);
    const request = listed[1]!;
    expect(request.requestId).toMatch(/^rr_[0-9a-f-]{36}$/);
    expect(await requests.markRemovalHandled(request.requestId, at(DAY))).toBe(true);
    expect(await requests.markRemovalHandled(request.requestId, at(2 * DAY))).toBe(false);
    expect(await requests.markRemovalHandled('rr_unknown', at(DAY))).toBe(false);
    const after = await requests.listRemovalRequests();
    expect(after.find((r) => r.requestId === request.requestId)?.handledAt).toEqual(at(DAY));
    expect(after.find((r) => r.requestId !== request.requestId)?.handledAt).toBeNull();
  });

  it('keeps feedback and removal requests for a year, and deletes older ones when the next one arrives', async () => {
    expect(PRIVACY_RETENTION_DAYS).toBe(365);
    const year = 365 * DAY;
    const startFeedback = (await requests.listFeedback()).length;
    const startRemovals = (await requests.listRemovalRequests()).length;
    // Everything stored so far is from t0 or a second after; one year after t0 it is all still kept.
    await requests.addFeedback(submissionId(), { message: 'a year on' }, at(year));
    await requests.addRemovalRequest(submissionId(), { contact: 'abc', details: 'a year on' }, at(year));
    expect((await requests.listFeedback()).length).toBe(startFeedback + 1);
    expect((await requests.listRemovalRequests()).length).toBe(startRemovals + 1);
    // A millisecond later, what was stored at t0 is past the year and goes; what came a second later stays.
    await requests.addFeedback(submissionId(), { message: 'later' }, at(year + 1));
    await requests.addRemovalRequest(submissionId(), { contact: 'abc', details: 'later' }, at(year + 1));
    const feedback = await requests.listFeedback();
    const removals = await requests.listRemovalRequests();
    expect(feedback.some((f) => f.createdAt.getTime() === t0.getTime())).toBe(false);
    expect(feedback.some((f) => f.createdAt.getTime() === at(1000).getTime())).toBe(true);
    expect(removals.some((r) => r.createdAt.getTime() === t0.getTime())).toBe(false);
    expect(removals.some((r) => r.createdAt.getTime() === at(1000).getTime())).toBe(true);
    expect(feedback.map((f) => f.message)).toContain('later');
    expect(removals.map((r) => r.details)).toContain('later');
  });
});
