/**
 * Peer questions end to end over real OAuth tokens, with an injected clock: ask_andee (only an
 * active connection, verbatim, notifies), questions_pending, questions_answer (the answer becomes
 * a pending signal in the answerer's review queue; the asker is notified; the count, never the
 * text, shows in questions_list), questions_reject (silent, nothing created), questions_withdraw
 * (only while pending), and expiry after the configured time: neither answerable nor withdrawable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';
import { accessToken, call, callError, createAndee, mcpClient, type TestAndee } from './support/andee-tokens.ts';

let amp: RunningAmpersand;
let now = new Date();
let asker: TestAndee, friend: TestAndee;
let askerC: Client, friendC: Client;

beforeAll(async () => {
  amp = await startAmpersand({ questionClock: () => now, settings: { questionTtlSeconds: 7 * 24 * 3600 } });
  [asker, friend] = await Promise.all([
    createAndee(amp, 'quinn', 'Quinn Asker'),
    createAndee(amp, 'ravi', 'Ravi Friend'),
    createAndee(amp, 'sol', 'Sol Stranger'),
  ]);
  await amp.api.connections.connect(asker.andeeId, friend.andeeId, new Date());
  askerC = await mcpClient(amp, await accessToken(amp, asker));
  friendC = await mcpClient(amp, await accessToken(amp, friend));
}, 180_000);
afterAll(async () => {
  await askerC?.close();
  await friendC?.close();
  await amp?.close();
});

const QUESTION = 'What is your favourite restaurant in Lyon?';

describe('asking', () => {
  it('asks a connection verbatim, returns at once, and notifies them', async () => {
    const asked = await call(askerC, 'ask_andee', { tag: '&ravi', question: QUESTION });
    expect(asked).toMatchObject({ status: 'pending', to: { tag: '&ravi' } });
    expect(new Date(asked.expiresAt).getTime() - now.getTime()).toBe(7 * 24 * 3600 * 1000);
    const pending = await call(friendC, 'questions_pending');
    expect(pending.questions).toEqual([
      {
        questionId: asked.questionId,
        from: { name: 'Quinn Asker', tag: '&quinn' },
        question: QUESTION,
        askedAt: now.toISOString(),
        expiresAt: asked.expiresAt,
      },
    ]);
    expect((await amp.api.notifications.list(friend.andeeId)).map((n) => n.kind)).toEqual(['question']);
  });

  it('refuses a non-connection, oneself, an unknown tag and a question over 500 characters', async () => {
    expect((await callError(askerC, 'ask_andee', { tag: 'sol', question: 'Hi?' })).code).toBe('not_connected');
    expect((await callError(askerC, 'ask_andee', { tag: 'quinn', question: 'Hi?' })).code).toBe('not_connected');
    expect((await callError(askerC, 'ask_andee', { tag: 'nobody', question: 'Hi?' })).code).toBe('andee_not_found');
    expect((await callError(askerC, 'ask_andee', { tag: 'ravi', question: 'x'.repeat(501) })).code).toBe('invalid_arguments');
    expect(await amp.database.db.selectFrom('peer_questions').selectAll().execute()).toHaveLength(1);
  });
});

describe('answering', () => {
  it('the answer becomes a pending signal of the answerer, the asker is told, the list shows the count and never the text', async () => {
    const [open] = (await call(friendC, 'questions_pending')).questions;
    const answered = await call(friendC, 'questions_answer', { questionId: open.questionId, answer: 'Le Bouchon des Filles, for the quenelles.' });
    expect(answered.status).toBe('answered');
    const signal = await amp.api.signals.byId(friend.andeeId, answered.pendingSignalId);
    expect(signal).toMatchObject({ status: 'pending', source: 'answer', questionId: open.questionId });
    expect(signal!.value).toContain('Le Bouchon des Filles');
    expect((await amp.api.notifications.list(asker.andeeId)).map((n) => n.kind)).toEqual(['question_answered']);

    // Waiting in the answerer's review queue, the answer is no signal of theirs yet.
    const list = await call(askerC, 'questions_list');
    expect(list.questions).toEqual([expect.objectContaining({ questionId: open.questionId, status: 'answered', signalsCreated: 0 })]);
    expect(JSON.stringify(list)).not.toContain('Bouchon');

    // Pending: ask_question cannot see it yet; approved and public, it can.
    expect((await call(askerC, 'ask_question', { question: 'Which restaurant in Lyon?', participants: ['ravi'] })).answer).not.toContain('Bouchon');
    await amp.api.signals.review(friend.andeeId, answered.pendingSignalId, { action: 'approve', visibility: 'public' }, now);
    expect((await call(askerC, 'ask_question', { question: 'Which restaurant in Lyon?', participants: ['ravi'] })).answer).toContain('Bouchon');
    expect((await call(askerC, 'questions_list')).questions[0]).toMatchObject({ questionId: open.questionId, signalsCreated: 1 });

    expect(await callError(friendC, 'questions_answer', { questionId: open.questionId, answer: 'again' })).toMatchObject({
      code: 'question_not_pending',
      details: { status: 'answered' },
    });
    expect((await callError(askerC, 'questions_answer', { questionId: open.questionId, answer: 'not mine' })).code).toBe('question_not_found');
  });

  it('a rejection is silent and creates nothing; a withdrawn question notifies nobody', async () => {
    now = new Date(now.getTime() + 1000);
    const q1 = await call(askerC, 'ask_andee', { tag: 'ravi', question: 'Do you like opera?' });
    const signalsBefore = (await amp.api.signals.list(friend.andeeId, 'pending')).length;
    const askerNotes = (await amp.api.notifications.list(asker.andeeId)).length;
    expect(await call(friendC, 'questions_reject', { questionId: q1.questionId })).toMatchObject({ status: 'rejected' });
    expect(await amp.api.signals.list(friend.andeeId, 'pending')).toHaveLength(signalsBefore);
    expect(await amp.api.notifications.list(asker.andeeId)).toHaveLength(askerNotes);

    now = new Date(now.getTime() + 1000);
    const q2 = await call(askerC, 'ask_andee', { tag: 'ravi', question: 'Cats or dogs?' });
    const friendNotes = (await amp.api.notifications.list(friend.andeeId)).length;
    expect((await callError(friendC, 'questions_withdraw', { questionId: q2.questionId })).code).toBe('question_not_found');
    expect(await call(askerC, 'questions_withdraw', { questionId: q2.questionId })).toMatchObject({ status: 'withdrawn' });
    expect(await amp.api.notifications.list(friend.andeeId)).toHaveLength(friendNotes);
    expect(await callError(askerC, 'questions_withdraw', { questionId: q2.questionId })).toMatchObject({
      code: 'question_not_pending',
      details: { status: 'withdrawn' },
    });
    expect((await call(friendC, 'questions_pending')).questions).toEqual([]);

    const statuses = (await call(askerC, 'questions_list')).questions.map((q: { question: string; status: string }) => [q.question, q.status]);
    expect(statuses).toEqual([
      ['Cats or dogs?', 'withdrawn'],
      ['Do you like opera?', 'rejected'],
      [QUESTION, 'answered'],
    ]);
  });

  it('signalsCreated follows what the answerer approved: rejected, removed or undone, it counts again', async () => {
    now = new Date(now.getTime() + 1000);
    const asked = await call(askerC, 'ask_andee', { tag: 'ravi', question: 'Which book are you reading?' });
    const { pendingSignalId } = await call(friendC, 'questions_answer', { questionId: asked.questionId, answer: 'Middlemarch, slowly.' });
    const count = async () =>
      (await call(askerC, 'questions_list')).questions.find((q: { questionId: string }) => q.questionId === asked.questionId).signalsCreated;
    expect(await count()).toBe(0);
    await amp.api.signals.review(friend.andeeId, pendingSignalId, { action: 'reject' }, now);
    expect(await count()).toBe(0);
    await amp.api.signals.undo(friend.andeeId, pendingSignalId, 'pending', now);
    await amp.api.signals.review(friend.andeeId, pendingSignalId, { action: 'approve' }, now);
    expect(await count()).toBe(1);
    await amp.api.signals.remove(friend.andeeId, pendingSignalId, now);
    expect(await count()).toBe(0);
    await amp.api.signals.undo(friend.andeeId, pendingSignalId, 'approved', now);
    expect(await count()).toBe(1);
  });
});

describe('expiry', () => {
  it('after seven days a question is expired: gone from pending, neither answerable nor withdrawable', async () => {
    now = new Date(now.getTime() + 1000);
    const asked = await call(askerC, 'ask_andee', { tag: 'ravi', question: 'Coffee next week?' });
    now = new Date(now.getTime() + 7 * 24 * 3600 * 1000 - 1000);
    expect((await call(friendC, 'questions_pending')).questions.map((q: { questionId: string }) => q.questionId)).toEqual([asked.questionId]);
    now = new Date(now.getTime() + 1000);
    expect((await call(friendC, 'questions_pending')).questions).toEqual([]);
    expect(await callError(friendC, 'questions_answer', { questionId: asked.questionId, answer: 'Yes!' })).toMatchObject({
      code: 'question_not_pending',
      details: { status: 'expired' },
    });
    expect(await callError(askerC, 'questions_withdraw', { questionId: asked.questionId })).toMatchObject({
      code: 'question_not_pending',
      details: { status: 'expired' },
    });
    expect((await call(askerC, 'questions_list')).questions[0]).toMatchObject({ questionId: asked.questionId, status: 'expired', signalsCreated: 0 });
  });
});
