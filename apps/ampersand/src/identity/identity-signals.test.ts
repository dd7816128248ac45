/**
 * Identity signals over a real database (PGlite, or PostgreSQL with DATABASE_URL): what a write
 * stores (text tidied, code given or suggested, visibility, status, provenance, review time), the
 * refusals of a bad text or code, exact duplicates of a live signal written never (a rejected one
 * does not count), the lists and counts per andee and status, and each review decision on a
 * pending signal only. Times come from the test, never the clock.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '@agent-products/kit/testing';
import { ampersandMigrations } from '../store/migrations.ts';
import type { AmpersandDatabase } from '../store/schema.ts';
import { checkedCode, checkedValue, IdentitySignals, MAX_SIGNAL_LENGTH, valueKey, type Signal } from './identity-signals.ts';

let database: TestDatabase<AmpersandDatabase>;
let signals: IdentitySignals;

const T0 = new Date('2026-03-01T10:00:00.000Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

beforeAll(async () => {
  database = await openTestDatabase<AmpersandDatabase>(ampersandMigrations, 'identity_signals');
  signals = new IdentitySignals(database.db);
});
afterAll(async () => database?.dispose());
beforeEach(async () => {
  await database.db.deleteFrom('identity_facts').execute();
  await database.db.deleteFrom('andees').execute();
  await database.db
    .insertInto('andees')
    .values(['ada', 'bob'].map((id) => ({ andee_id: id, tag: id, display_name: id, photo_url: null })))
    .execute();
});

const failure = async (work: () => unknown) => {
  try {
    await work();
    return undefined;
  } catch (error) {
    const e = error as { code?: string; message?: string; details?: unknown };
    return { code: e.code, message: e.message, details: e.details };
  }
};
const written = async (promise: Promise<Awaited<ReturnType<IdentitySignals['write']>>>): Promise<Signal> => {
  const outcome = await promise;
  if (!outcome.written) throw new Error(`not written: duplicate of ${outcome.duplicateOf.signalId}`);
  return outcome.signal;
};

describe('valueKey, checkedValue, checkedCode', () => {
  it('compares texts trimmed, with whitespace collapsed and lower-cased', () => {
    expect(valueKey('  I  Love\tJAZZ \n')).toBe('i love jazz');
    expect(checkedValue('  I  Love\tJAZZ \n')).toBe('I Love JAZZ');
  });

  it('takes 1 to 1000 characters after tidying', () => {
    expect(checkedValue('x')).toBe('x');
    expect(checkedValue(`  ${'y'.repeat(MAX_SIGNAL_LENGTH)}  `)).toBe('y'.repeat(MAX_SIGNAL_LENGTH));
    const refusal = {
      code: 'invalid_arguments',
      message: 'A signal is 1 to 1000 characters.',
      details: { fields: [{ field: 'value', problem: 'is empty or too long' }] },
    };
    return Promise.all([
      failure(() => checkedValue(' \t ')).then((f) => expect(f).toEqual(refusal)),
      failure(() => checkedValue('y'.repeat(MAX_SIGNAL_LENGTH + 1))).then((f) => expect(f).toEqual(refusal)),
    ]);
  });

  it('takes only leaf codes of the taxonomy', async () => {
    expect(checkedCode('preferences.food')).toBe('preferences.food');
    for (const code of ['preferences', 'preferences.nothing', '']) {
      expect(await failure(() => checkedCode(code))).toEqual({
        code: 'invalid_hds_code',
        message: `${code} is not a leaf code of the HDS taxonomy (top.leaf, for example preferences.food).`,
        details: { hdsCode: code },
      });
    }
  });
});

describe('IdentitySignals', () => {
  it('writes a signal with everything given: tidy text, code, visibility, status, provenance, times', async () => {
    const signal = await written(
      signals.write(
        'ada',
        {
          value: '  Plays  the piano ',
          hdsCode: 'interests.music_making',
          visibility: 'connected',
          status: 'approved',
          provenance: { source: 'turn', clientId: 'client-1', turnId: 'turn-1', questionId: 'q-1' },
        },
        at(1),
      ),
    );
    expect(signal).toEqual({
      signalId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      value: 'Plays the piano',
      hdsCode: 'interests.music_making',
      visibility: 'connected',
      status: 'approved',
      source: 'turn',
      clientId: 'client-1',
      turnId: 'turn-1',
      questionId: 'q-1',
      createdAt: at(1),
      updatedAt: at(1),
      reviewedAt: at(1),
    });
    expect(await signals.byId('ada', signal.signalId)).toEqual(signal);
    expect(await signals.byId('bob', signal.signalId)).toBeUndefined();
    const row = await database.db.selectFrom('identity_facts').select(['value_key', 'andee_id']).executeTakeFirstOrThrow();
    expect(row).toEqual({ value_key: 'plays the piano', andee_id: 'ada' });
  });

  it('defaults: private, the code suggested by the text (or the fallback), no provenance ids, pending not reviewed', async () => {
    const food = await written(signals.write('ada', { value: 'Spicy food every day', status: 'pending', provenance: { source: 'mcp' } }, at(2)));
    expect(food).toMatchObject({
      hdsCode: 'preferences.food',
      visibility: 'private',
      status: 'pending',
      source: 'mcp',
      clientId: null,
      turnId: null,
      questionId: null,
      reviewedAt: null,
    });
    const plain = await written(signals.write('ada', { value: 'Zzyzx', status: 'pending', provenance: { source: 'web' } }, at(3)));
    expect(plain.hdsCode).toBe('interests.general');
    expect(await failure(() => signals.write('ada', { value: 'x', hdsCode: 'food', status: 'pending', provenance: { source: 'web' } }, at(3)))).toMatchObject({
      code: 'invalid_hds_code',
    });
    expect(await failure(() => signals.write('ada', { value: '   ', status: 'pending', provenance: { source: 'web' } }, at(3)))).toMatchObject({
      code: 'invalid_arguments',
    });
  });

  it('add is the operator’s shorthand: source cli unless told, approved or pending, coded from its text', async () => {
    const cli = await signals.add('ada', 'I drink green tea', { status: 'approved', now: at(1) });
    expect(cli).toMatchObject({
      written: true,
      signal: { value: 'I drink green tea', hdsCode: 'preferences.drink', visibility: 'private', status: 'approved', source: 'cli', reviewedAt: at(1) },
    });
    const demo = await signals.add('ada', 'Anything', { status: 'pending', now: at(2), visibility: 'public', hdsCode: 'values.causes', source: 'demo' });
    expect(demo).toMatchObject({
      written: true,
      signal: { hdsCode: 'values.causes', visibility: 'public', status: 'pending', source: 'demo', reviewedAt: null },
    });
  });

  it('never writes an exact duplicate of a live signal, and says which one it is', async () => {
    const first = await written(
      signals.write('ada', { value: 'Loves jazz', hdsCode: 'interests.arts', status: 'approved', provenance: { source: 'mcp' } }, at(1)),
    );
    expect(await signals.write('ada', { value: '  LOVES   jazz ', status: 'pending', provenance: { source: 'turn' } }, at(2))).toEqual({
      written: false,
      duplicateOf: { signalId: first.signalId, status: 'approved', hdsCode: 'interests.arts' },
    });
    // Another andee's same text is theirs to write.
    expect((await signals.write('bob', { value: 'Loves jazz', status: 'pending', provenance: { source: 'mcp' } }, at(2))).written).toBe(true);
    const pending = await written(signals.write('ada', { value: 'Walks dogs', status: 'pending', provenance: { source: 'mcp' } }, at(3)));
    expect(await signals.write('ada', { value: 'walks dogs', status: 'approved', provenance: { source: 'mcp' } }, at(4))).toEqual({
      written: false,
      duplicateOf: { signalId: pending.signalId, status: 'pending', hdsCode: 'relationships.pets' },
    });
    // A rejected signal is no live copy: the same sentence can be stated again.
    await signals.review('ada', pending.signalId, { action: 'reject' }, at(5));
    expect((await signals.write('ada', { value: 'walks dogs', status: 'pending', provenance: { source: 'mcp' } }, at(6))).written).toBe(true);
    expect(await database.db.selectFrom('identity_facts').select('fact_id').where('andee_id', '=', 'ada').execute()).toHaveLength(3);
  });

  it('lists an andee’s signals of one status, newest first, within the limit; counts the pending ones', async () => {
    const a = await written(signals.write('ada', { value: 'one', status: 'pending', provenance: { source: 'mcp' } }, at(1)));
    const b = await written(signals.write('ada', { value: 'two', status: 'pending', provenance: { source: 'mcp' } }, at(3)));
    const c = await written(signals.write('ada', { value: 'three', status: 'pending', provenance: { source: 'mcp' } }, at(2)));
    await signals.write('ada', { value: 'four', status: 'approved', provenance: { source: 'mcp' } }, at(4));
    await signals.write('bob', { value: 'five', status: 'pending', provenance: { source: 'mcp' } }, at(5));
    expect((await signals.list('ada', 'pending')).map((s) => s.signalId)).toEqual([b.signalId, c.signalId, a.signalId]);
    expect((await signals.list('ada', 'pending', 2)).map((s) => s.value)).toEqual(['two', 'three']);
    expect((await signals.list('ada', 'approved')).map((s) => s.value)).toEqual(['four']);
    expect(await signals.list('ada', 'rejected')).toEqual([]);
    expect(await signals.pendingCount('ada')).toBe(3);
    expect(await signals.pendingCount('bob')).toBe(1);
    expect(await signals.pendingCount('nobody')).toBe(0);
  });

  it('reads a row written before updates were recorded as updated when it was created', async () => {
    await database.db
      .insertInto('identity_facts')
      .values({
        fact_id: 'legacy',
        andee_id: 'ada',
        value: 'Old fact',
        value_key: 'old fact',
        hds_code: null,
        visibility: 'public',
        status: 'approved',
        source: 'cli',
        client_id: null,
        turn_id: null,
        question_id: null,
        created_at: at(1),
        updated_at: null,
        reviewed_at: null,
      })
      .execute();
    expect(await signals.byId('ada', 'legacy')).toMatchObject({ createdAt: at(1), updatedAt: at(1), reviewedAt: null });
  });

  it('orders signals of the same time by id', async () => {
    for (const value of ['p', 'q', 'r', 's']) await signals.write('ada', { value, status: 'pending', provenance: { source: 'mcp' } }, at(1));
    const ids = (await signals.list('ada', 'pending')).map((s) => s.signalId);
    expect(ids).toEqual([...ids].sort());
  });

  it('approves a pending signal, with another visibility or code if given', async () => {
    const s = await written(signals.write('ada', { value: 'Runs marathons', visibility: 'private', status: 'pending', provenance: { source: 'turn' } }, at(1)));
    expect(await signals.review('ada', s.signalId, { action: 'approve', visibility: 'public', hdsCode: 'interests.sports' }, at(5))).toEqual({
      ...s,
      status: 'approved',
      visibility: 'public',
      hdsCode: 'interests.sports',
      updatedAt: at(5),
      reviewedAt: at(5),
    });
    const t = await written(
      signals.write(
        'ada',
        { value: 'Reads poetry', visibility: 'connected', hdsCode: 'interests.arts', status: 'pending', provenance: { source: 'turn' } },
        at(1),
      ),
    );
    expect(await signals.review('ada', t.signalId, { action: 'approve' }, at(6))).toEqual({ ...t, status: 'approved', updatedAt: at(6), reviewedAt: at(6) });
  });

  it('edits a pending signal’s text (it stays pending, not reviewed), with visibility and code', async () => {
    const s = await written(signals.write('ada', { value: 'Likes tea', status: 'pending', provenance: { source: 'turn' } }, at(1)));
    const edited = await signals.review(
      'ada',
      s.signalId,
      { action: 'edit', value: '  Likes  GREEN tea ', visibility: 'connected', hdsCode: 'preferences.drink' },
      at(2),
    );
    expect(edited).toEqual({
      ...s,
      value: 'Likes GREEN tea',
      visibility: 'connected',
      hdsCode: 'preferences.drink',
      status: 'pending',
      updatedAt: at(2),
      reviewedAt: null,
    });
    const row = await database.db.selectFrom('identity_facts').select('value_key').where('fact_id', '=', s.signalId).executeTakeFirstOrThrow();
    expect(row.value_key).toBe('likes green tea');
    expect(await failure(() => signals.review('ada', s.signalId, { action: 'edit', value: '' }, at(3)))).toMatchObject({ code: 'invalid_arguments' });
    expect(await failure(() => signals.review('ada', s.signalId, { action: 'approve', hdsCode: 'nope' }, at(3)))).toMatchObject({ code: 'invalid_hds_code' });
    expect((await signals.byId('ada', s.signalId))?.value).toBe('Likes GREEN tea');
  });

  it('an edit into the text of a live signal is duplicate_signal', async () => {
    await signals.write('ada', { value: 'Owns a cat', status: 'approved', provenance: { source: 'mcp' } }, at(1));
    const s = await written(signals.write('ada', { value: 'Owns a kat', status: 'pending', provenance: { source: 'turn' } }, at(2)));
    expect(await failure(() => signals.review('ada', s.signalId, { action: 'edit', value: 'owns a CAT' }, at(3)))).toEqual({
      code: 'duplicate_signal',
      message: 'You already have this sentence as an approved or pending signal.',
      details: undefined,
    });
  });

  it('passes on a database refusal other than a duplicate as itself', async () => {
    const s = await written(signals.write('ada', { value: 'Sings in a choir', status: 'pending', provenance: { source: 'turn' } }, at(1)));
    const refusal = await failure(() => signals.review('ada', s.signalId, { action: 'approve', visibility: 'secret' as never }, at(2)));
    expect(refusal).toBeDefined();
    expect(refusal!.code).not.toBe('duplicate_signal');
    expect((await signals.byId('ada', s.signalId))?.status).toBe('pending');
  });

  it('rejects a pending signal, keeping its visibility and code', async () => {
    const s = await written(signals.write('ada', { value: 'Hates mornings', status: 'pending', provenance: { source: 'turn' } }, at(1)));
    expect(await signals.review('ada', s.signalId, { action: 'reject', visibility: 'public', hdsCode: 'nope' } as never, at(4))).toEqual({
      ...s,
      status: 'rejected',
      updatedAt: at(4),
      reviewedAt: at(4),
    });
    expect(await signals.pendingCount('ada')).toBe(0);
  });

  it('reviews only a pending signal of the andee’s own', async () => {
    const s = await written(signals.write('ada', { value: 'Speaks French', status: 'pending', provenance: { source: 'turn' } }, at(1)));
    expect(await signals.review('bob', s.signalId, { action: 'approve' }, at(2))).toBeUndefined();
    expect(await signals.review('ada', 'no-such-id', { action: 'approve' }, at(2))).toBeUndefined();
    await signals.review('ada', s.signalId, { action: 'approve' }, at(2));
    expect(await signals.review('ada', s.signalId, { action: 'reject' }, at(3))).toBeUndefined();
    expect((await signals.byId('ada', s.signalId))?.status).toBe('approved');
  });
});
