/**
 * The connection tools end to end over real OAuth tokens: request (notifies), pending with
 * directions, accept, deny (silent), remove (destructive, both sides, connected signals gone at
 * once, a new request needed), every documented error, 50 concurrent identical retries leaving one
 * request, and people-you-may-know from contacts stored only as keyed hashes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';
import { accessToken, call, callError, createAndee, mcpClient, type TestAndee } from './support/andee-tokens.ts';

let amp: RunningAmpersand;
let ann: TestAndee, bob: TestAndee, cat: TestAndee, dan: TestAndee;
let annC: Client, bobC: Client, catC: Client, annFirstParty: Client;
let annToken: string;

beforeAll(async () => {
  amp = await startAmpersand();
  [ann, bob, cat, dan] = await Promise.all([
    createAndee(amp, 'ann', 'Ann Archer'),
    createAndee(amp, 'bob', 'Bob Baker'),
    createAndee(amp, 'cat', 'Cat Cooper'),
    createAndee(amp, 'dan', 'Dan Dyer'),
  ]);
  annToken = await accessToken(amp, ann);
  annC = await mcpClient(amp, annToken);
  bobC = await mcpClient(amp, await accessToken(amp, bob));
  catC = await mcpClient(amp, await accessToken(amp, cat));
  annFirstParty = await mcpClient(amp, await accessToken(amp, ann, { firstParty: true }));
}, 180_000);
afterAll(async () => {
  for (const c of [annC, bobC, catC, annFirstParty]) await c?.close();
  await amp?.close();
});

const requestRows = () => amp.database.db.selectFrom('connection_requests').selectAll().execute();
const notificationsOf = (a: TestAndee) => amp.api.notifications.list(a.andeeId);

describe('requests', () => {
  it('sends a request that notifies the recipient, with or without the &', async () => {
    const sent = await call(annC, 'connections_request', { tag: 'bob', note: 'We met at the pottery class.' });
    expect(sent).toMatchObject({ status: 'pending', to: { tag: '&bob', name: 'Bob Baker' } });
    expect((await notificationsOf(bob)).map((n) => n.text)).toEqual([expect.stringContaining('We met at the pottery class.')]);
    const annPending = await call(annC, 'connections_pending');
    expect(annPending.requests).toEqual([expect.objectContaining({ tag: '&bob', direction: 'outgoing' })]);
    const bobPending = await call(bobC, 'connections_pending');
    expect(bobPending.requests).toEqual([expect.objectContaining({ tag: '&ann', direction: 'incoming', note: 'We met at the pottery class.' })]);
  });

  it('refuses oneself, a pending pair (either way), an unknown tag, a long note — writing nothing', async () => {
    const before = (await requestRows()).length;
    expect((await callError(annC, 'connections_request', { tag: '&ann' })).code).toBe('cannot_request_self');
    expect(await callError(annC, 'connections_request', { tag: '&bob' })).toMatchObject({
      code: 'request_already_pending',
      details: { direction: 'outgoing' },
    });
    expect(await callError(bobC, 'connections_request', { tag: 'ann' })).toMatchObject({ code: 'request_already_pending', details: { direction: 'incoming' } });
    expect((await callError(annC, 'connections_request', { tag: '&nobody_here' })).code).toBe('andee_not_found');
    expect((await callError(annC, 'connections_request', { tag: 'cat', note: 'x'.repeat(281) })).code).toBe('invalid_arguments');
    expect(await requestRows()).toHaveLength(before);
  });

  it('accept and deny resolve only the incoming list: a clear no-match otherwise', async () => {
    expect((await callError(annC, 'connections_accept', { tag: 'bob' })).code).toBe('no_matching_request'); // ann's request is outgoing
    expect((await callError(annC, 'connections_deny', { tag: 'cat' })).code).toBe('no_matching_request');
    expect((await callError(annC, 'connections_accept', { tag: 'no_one' })).code).toBe('no_matching_request');
  });

  it('accepting connects both sides and tells the requester', async () => {
    const accepted = await call(bobC, 'connections_accept', { tag: '&ann' });
    expect(accepted).toMatchObject({ outcome: 'accepted', tag: '&ann' });
    expect((await call(annC, 'connections_read')).active.map((a: { tag: string }) => a.tag)).toEqual(['&bob']);
    expect((await call(bobC, 'connections_read')).active.map((a: { tag: string }) => a.tag)).toEqual(['&ann']);
    expect((await notificationsOf(ann)).map((n) => n.kind)).toContain('connection_accepted');
    expect((await callError(annC, 'connections_request', { tag: 'bob' })).code).toBe('already_connected');
  });

  it('a denial is silent', async () => {
    await call(catC, 'connections_request', { tag: 'ann' });
    const before = (await notificationsOf(cat)).length;
    expect(await call(annC, 'connections_deny', { tag: 'cat' })).toMatchObject({ outcome: 'denied' });
    expect(await notificationsOf(cat)).toHaveLength(before);
    expect((await call(annC, 'connections_pending')).requests).toEqual([]);
  });

  it('50 concurrent identical retries with one idempotency key leave one request and one answer', async () => {
    const before = (await requestRows()).filter((r) => r.to_id === dan.andeeId);
    expect(before).toHaveLength(0);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => call(annC, 'connections_request', { tag: 'dan', note: 'hi', idempotencyKey: 'request-dan-00001' })),
    );
    expect(new Set(answers.map((a) => a.requestId)).size).toBe(1);
    expect((await requestRows()).filter((r) => r.to_id === dan.andeeId)).toHaveLength(1);
    expect(await notificationsOf(dan)).toHaveLength(1);
  }, 180_000);

  it('50 concurrent identical requests without a key: one lands, the rest are told it is pending', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, () => catC.callTool({ name: 'connections_request', arguments: { tag: 'bob' } })));
    expect(results.filter((r) => !r.isError)).toHaveLength(1);
    for (const r of results.filter((r) => r.isError)) expect((r.structuredContent as { error: { code: string } }).error.code).toBe('request_already_pending');
    expect((await requestRows()).filter((r) => r.from_id === cat.andeeId && r.to_id === bob.andeeId && r.status === 'pending')).toHaveLength(1);
  }, 180_000);
});

describe('remove', () => {
  it('is annotated destructive', async () => {
    const { tools } = await annC.listTools();
    expect(tools.find((t) => t.name === 'connections_remove')!.annotations).toMatchObject({ destructiveHint: true, readOnlyHint: false });
    expect(tools.find((t) => t.name === 'connections_read')!.annotations).toMatchObject({ destructiveHint: false, readOnlyHint: true });
  });

  it('removes both sides, ends connected-signal access at once, and needs a new request to reconnect', async () => {
    await amp.api.signals.add(bob.andeeId, 'I am training for the Berlin marathon.', { visibility: 'connected', status: 'approved', now: new Date() });
    const before = await call(annFirstParty, 'ask_question', { question: 'Is Bob training for a marathon?', participants: ['&bob'] });
    expect(before.answer).toContain('Berlin marathon');
    expect(await call(annC, 'connections_remove', { tag: '&bob' })).toMatchObject({ outcome: 'removed' });
    expect((await call(bobC, 'connections_read')).active).toEqual([]);
    const after = await call(annFirstParty, 'ask_question', { question: 'Is Bob training for a marathon?', participants: ['&bob'] });
    expect(after.answer).not.toContain('Berlin marathon');
    expect((await callError(annC, 'connections_remove', { tag: 'bob' })).code).toBe('not_connected');
    expect((await callError(annC, 'connections_accept', { tag: 'bob' })).code).toBe('no_matching_request');
  });
});

describe('people you may know', () => {
  it('uploads contacts as keyed hashes of E.164 numbers and suggests mutual and one-way matches', async () => {
    const upload = (token: string, body: unknown) =>
      fetch(`${amp.apiUrl}/v1/contacts`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    const catToken = await accessToken(amp, cat);
    const danToken = await accessToken(amp, dan);
    // Ann has Cat's and Dan's numbers, written in different national and international forms.
    const annUpload = await upload(annToken, {
      ownNumber: '+44 20 7946 0001',
      numbers: ['020 7946 0002', '+44 (0)20 7946 0003', 'not a number'],
      region: 'GB',
    });
    expect(annUpload.status).toBe(200);
    expect(await annUpload.json()).toEqual({ stored: 2, unreadable: 1, ownNumberRecorded: true });
    expect((await upload(catToken, { ownNumber: '+442079460002', numbers: ['+44 20 7946 0001'] })).status).toBe(200);
    expect((await upload(danToken, { ownNumber: '02079460003', region: 'gb', numbers: [] })).status).toBe(200);

    const stored = await amp.database.db.selectFrom('contact_hashes').select('phone_hash').execute();
    const phones = await amp.database.db.selectFrom('andee_phones').select('phone_hash').execute();
    for (const row of [...stored, ...phones]) expect(row.phone_hash).not.toMatch(/\d{6}/);

    const read = await call(annC, 'connections_read', { limit: 10 });
    expect(read.peopleYouMayKnow).toEqual([
      { name: 'Cat Cooper', tag: '&cat', photoUrl: null, match: 'mutual' },
      { name: 'Dan Dyer', tag: '&dan', photoUrl: null, match: 'one_way' },
    ]);
    const danRead = await call(await mcpClient(amp, danToken), 'connections_read', {});
    expect(danRead.peopleYouMayKnow.map((p: { tag: string; match: string }) => [p.tag, p.match])).toEqual([['&ann', 'one_way']]);
    expect((await upload(annToken, { numbers: 'nope' })).status).toBe(400);
  });
});
