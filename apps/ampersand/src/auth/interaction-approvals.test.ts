/**
 * The one answer an interaction gets (PGlite, or PostgreSQL with DATABASE_URL): a two-digit
 * number made once per interaction; the starting browser's answer needs none; another browser's
 * approval is decided by the number, once, a wrong one ending the interaction; nothing is
 * answered twice, nor after the interaction expired; the record keeps no uid, only its hash.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '@agent-products/kit/testing';
import { ampersandMigrations } from '../store/migrations.ts';
import type { AmpersandDatabase } from '../store/schema.ts';
import { InteractionApprovals } from './interaction-approvals.ts';

let database: TestDatabase<AmpersandDatabase>;
let approvals: InteractionApprovals;
const inTenMinutes = () => new Date(Date.now() + 600_000);

beforeAll(async () => {
  database = await openTestDatabase<AmpersandDatabase>(ampersandMigrations, 'interaction_approvals');
  approvals = new InteractionApprovals(database.db);
});
afterAll(async () => database?.dispose());

describe('interaction approvals', () => {
  it('make one two-digit number per interaction, kept on every later look, and store only the uid’s hash', async () => {
    const first = await approvals.open('uid-number', inTenMinutes());
    expect(first).toEqual({ matchNumber: expect.stringMatching(/^[1-9]\d$/), state: 'pending', starterAndeeId: null, startedFrom: null, answeredBy: null });
    expect((await approvals.open('uid-number', inTenMinutes())).matchNumber).toBe(first.matchNumber);
    const rows = await database.db.selectFrom('interaction_approvals').select('uid_hash').execute();
    expect(rows.map((r) => r.uid_hash)).not.toContain('uid-number');
  });

  it('record the account the starting screen shows, until answered, and the address it first showed the number from', async () => {
    await approvals.open('uid-starter', inTenMinutes());
    await approvals.starterShows('uid-starter', 'carol', '198.51.100.4');
    expect((await approvals.open('uid-starter', inTenMinutes())).starterAndeeId).toBe('carol');
    await approvals.starterShows('uid-starter', 'carol', '203.0.113.66');
    expect((await approvals.open('uid-starter', inTenMinutes())).startedFrom).toBe('198.51.100.4');
    await approvals.answerHere('uid-starter', 'carol', 'approved');
    await approvals.starterShows('uid-starter', 'mallory', '203.0.113.66');
    expect(await approvals.open('uid-starter', inTenMinutes())).toMatchObject({ starterAndeeId: 'carol', state: 'approved', answeredBy: 'carol' });
  });

  it('take the starting browser’s answer without a number, once', async () => {
    await approvals.open('uid-here', inTenMinutes());
    expect(await approvals.answerHere('uid-here', null, 'declined')).toBe('recorded');
    expect(await approvals.answerHere('uid-here', 'ada', 'approved')).toBe('already_answered');
    expect((await approvals.open('uid-here', inTenMinutes())).state).toBe('declined');
  });

  it('approve from another browser only with the right number', async () => {
    const { matchNumber } = await approvals.open('uid-right', inTenMinutes());
    expect(await approvals.approveWithNumber('uid-right', 'ada', matchNumber)).toBe('recorded');
    expect(await approvals.open('uid-right', inTenMinutes())).toMatchObject({ state: 'approved', answeredBy: 'ada' });
    expect(await approvals.approveWithNumber('uid-right', 'ada', matchNumber)).toBe('already_answered');
  });

  it('end the interaction on one wrong number: the right one afterwards changes nothing', async () => {
    const { matchNumber } = await approvals.open('uid-wrong', inTenMinutes());
    const wrong = String(((Number(matchNumber) - 10 + 1) % 90) + 10);
    expect(await approvals.approveWithNumber('uid-wrong', 'ada', wrong)).toBe('wrong_number');
    expect((await approvals.open('uid-wrong', inTenMinutes())).state).toBe('ended');
    expect(await approvals.approveWithNumber('uid-wrong', 'ada', matchNumber)).toBe('already_answered');
    expect(await approvals.answerHere('uid-wrong', null, 'approved')).toBe('already_answered');
  });

  it('give parallel guesses one try between them', async () => {
    await approvals.open('uid-race', inTenMinutes());
    const outcomes = await Promise.all(Array.from({ length: 90 }, (_, i) => approvals.approveWithNumber('uid-race', 'ada', String(i + 10))));
    expect(outcomes.filter((o) => o !== 'already_answered')).toHaveLength(1);
  });

  it('answer nothing after the interaction expired', async () => {
    const { matchNumber } = await approvals.open('uid-late', new Date(Date.now() - 1000));
    expect(await approvals.approveWithNumber('uid-late', 'ada', matchNumber)).toBe('already_answered');
    expect(await approvals.answerHere('uid-late', 'ada', 'approved')).toBe('already_answered');
  });
});
