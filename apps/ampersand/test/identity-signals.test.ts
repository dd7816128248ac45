/**
 * identity_write and the signals behind it, black-box through the official MCP client over a real
 * OAuth token: a write from a public client is pending (no chat turn can be matched), filed under
 * an HDS leaf code, with its provenance; an exact duplicate writes nothing and says so; bad input
 * and a reused idempotency key change nothing; pending signals never inform answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';
import { accessToken, call, callError, createAndee, mcpClient, type TestAndee } from './support/andee-tokens.ts';
import { hdsLeaves, isHdsLeaf, REQUIRED_TOP_LEVELS, suggestCode } from '../src/identity/hds-taxonomy.ts';

let amp: RunningAmpersand;
let ada: TestAndee;
let client: Client;

beforeAll(async () => {
  amp = await startAmpersand();
  ada = await createAndee(amp, 'ada', 'Ada Lovelace');
  client = await mcpClient(amp, await accessToken(amp, ada));
}, 180_000);
afterAll(async () => {
  await client?.close();
  await amp?.close();
});

const rows = () => amp.database.db.selectFrom('identity_facts').selectAll().where('andee_id', '=', ada.andeeId).execute();

describe('the HDS taxonomy', () => {
  it('has the six top levels with leaf codes, and codes facts by their words', () => {
    for (const top of REQUIRED_TOP_LEVELS) expect(hdsLeaves().filter((l) => l.top === top).length).toBeGreaterThan(2);
    expect(isHdsLeaf('preferences.food')).toBe(true);
    expect(isHdsLeaf('preferences')).toBe(false);
    expect(suggestCode('I love handmade pasta and Italian food')).toBe('preferences.food');
    expect(suggestCode('My sister lives in Lyon')).toMatch(/^(relationships\.family|places\.home)$/);
    expect(suggestCode('Zyxx qqq')).toBe('interests.general');
    // A genre someone loves is taste (or a night out), never playing music: that is named by the
    // instrument or the verb.
    expect(suggestCode('Loves jazz nights')).toMatch(/^(preferences\.music|interests\.nightlife)$/);
    expect(suggestCode('Plays jazz piano on Sundays')).toBe('interests.music_making');
    // What a fact is about wins over when it happens, and a word only one area has wins over a shared one.
    expect(suggestCode('I love pasta')).toBe('preferences.food');
    expect(suggestCode('I love pasta late at night')).toBe('preferences.food');
    expect(suggestCode('I cook pasta every weekend evening')).toBe('preferences.food');
    expect(suggestCode('I go running early in the morning')).toBe('interests.sports');
    expect(suggestCode('I am a night owl who wakes up late')).toBe('preferences.schedule');
  });

  it('refuses a code that is not a leaf on every write', async () => {
    await expect(
      amp.api.signals.write(ada.andeeId, { value: 'I like tea.', hdsCode: 'preferences', status: 'pending', provenance: { source: 'cli' } }, new Date()),
    ).rejects.toMatchObject({ code: 'invalid_hds_code' });
    expect(await rows()).toHaveLength(0);
  });
});

describe('identity_write', () => {
  it("stores a public client's write as pending, coded, with provenance, and says so", async () => {
    const written = await call(client, 'identity_write', { value: 'I love Italian food, especially handmade pasta.' });
    expect(written).toMatchObject({ written: true, status: 'pending', hdsCode: 'preferences.food' });
    expect(written.text).toMatch(/pending/);
    const [row] = await rows();
    expect(row).toMatchObject({ fact_id: written.signalId, status: 'pending', hds_code: 'preferences.food', source: 'mcp', visibility: 'private' });
    expect(row!.client_id).toBeTruthy();

    const asked = await call(client, 'ask_question', { question: 'What food do I like?' });
    expect(asked.answer).not.toContain('pasta');
    expect(asked.basedOnFacts).toBe(0);
  });

  it('an exact duplicate (case and spacing aside) writes nothing and says so', async () => {
    const again = await call(client, 'identity_write', { value: '  i love italian food,   especially handmade pasta. ' });
    expect(again).toMatchObject({ written: false, status: 'pending' });
    expect(again.text).toMatch(/Nothing was written/);
    expect(await rows()).toHaveLength(1);
  });

  it('a duplicate of an approved signal also writes nothing', async () => {
    await amp.api.signals.add(ada.andeeId, 'I work as a mathematician.', { status: 'approved', now: new Date() });
    const again = await call(client, 'identity_write', { value: 'I work as a mathematician.' });
    expect(again).toMatchObject({ written: false, status: 'approved', hdsCode: 'work.role' });
    expect(again.text).toMatch(/already part of the identity/);
  });

  it('refuses bad input with a structured error and writes nothing', async () => {
    const before = (await rows()).length;
    for (const args of [{}, { value: '' }, { value: 'x'.repeat(1001) }, { value: 42 }, { value: 'ok', andeeId: 'someone-else' }, { value: 'a\u0000b' }]) {
      const error = await callError(client, 'identity_write', args);
      expect(error.code).toBe('invalid_arguments');
    }
    expect(await rows()).toHaveLength(before);
  });

  it('retries with one idempotency key write once, even concurrently; the key with other text is refused', async () => {
    const before = (await rows()).length;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call(client, 'identity_write', { value: 'My sister Ella lives in Lyon.', idempotencyKey: 'write-sister-0001' })),
    );
    expect(new Set(answers.map((a) => a.signalId)).size).toBe(1);
    expect(answers.every((a) => a.written)).toBe(true);
    expect(await rows()).toHaveLength(before + 1);
    const conflict = await callError(client, 'identity_write', { value: 'Something else entirely.', idempotencyKey: 'write-sister-0001' });
    expect(conflict.code).toBe('idempotency_conflict');
    expect(await rows()).toHaveLength(before + 1);
  });

  it('concurrent identical writes without a key still leave one live signal', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => call(client, 'identity_write', { value: 'I play the cello on Sundays.' })));
    expect(answers.filter((a) => a.written)).toHaveLength(1);
    expect((await rows()).filter((r) => r.value === 'I play the cello on Sundays.')).toHaveLength(1);
  });
});

describe('the andee taking a decision back, and changing or removing an approved fact', () => {
  const at = (minutes: number) => new Date(Date.UTC(2026, 11, 2, 9, minutes));

  it('Undo returns an approval or a rejection to the queue within 15 minutes, and not after', async () => {
    const pending = await amp.api.signals.add(ada.andeeId, 'I keep bees on the roof.', { status: 'pending', now: at(0) });
    const id = pending.written ? pending.signal.signalId : '';
    await amp.api.signals.review(ada.andeeId, id, { action: 'approve' }, at(1));
    expect(await amp.api.signals.undo(ada.andeeId, id, 'pending', at(10))).toMatchObject({ status: 'pending', reviewedAt: null });
    await amp.api.signals.review(ada.andeeId, id, { action: 'reject' }, at(11));
    expect(await amp.api.signals.undo(ada.andeeId, id, 'pending', at(27))).toBeUndefined();
    expect((await amp.api.signals.byId(ada.andeeId, id))!.status).toBe('rejected');
    // A pending signal has no decision to take back.
    const other = await amp.api.signals.add(ada.andeeId, 'I like quiet mornings.', { status: 'pending', now: at(0) });
    expect(await amp.api.signals.undo(ada.andeeId, other.written ? other.signal.signalId : '', 'pending', at(1))).toBeUndefined();
  });

  it('changes an approved fact, refuses text that is already live, and Remove keeps it rejected until Undo', async () => {
    const approved = await amp.api.signals.add(ada.andeeId, 'I cycle to work.', { status: 'approved', now: at(0) });
    await amp.api.signals.add(ada.andeeId, 'I walk to work.', { status: 'approved', now: at(0) });
    const id = approved.written ? approved.signal.signalId : '';
    expect(await amp.api.signals.changeApproved(ada.andeeId, id, { value: 'I cycle to work in all weathers.', visibility: 'public' }, at(2))).toMatchObject({
      value: 'I cycle to work in all weathers.',
      visibility: 'public',
      status: 'approved',
    });
    await expect(amp.api.signals.changeApproved(ada.andeeId, id, { value: 'i walk  to work.' }, at(3))).rejects.toMatchObject({ code: 'duplicate_signal' });
    expect((await amp.api.signals.byId(ada.andeeId, id))!.value).toBe('I cycle to work in all weathers.');
    expect(await amp.api.signals.remove(ada.andeeId, id, at(4))).toMatchObject({ status: 'rejected' });
    expect(await amp.api.signals.changeApproved(ada.andeeId, id, { visibility: 'private' }, at(5))).toBeUndefined();
    expect(await amp.api.signals.undo(ada.andeeId, id, 'approved', at(6))).toMatchObject({ status: 'approved', visibility: 'public' });
  });
});
