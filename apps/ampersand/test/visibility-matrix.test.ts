/**
 * The visibility matrix (issue 13, exactly), black-box over real OAuth tokens and the official
 * MCP client: for ask_question, andee_read and find_andees, every viewer — the owner through their
 * first-party runtime, the owner through a third-party client (issue 39: public only, like any
 * third party), a connection through the owner's first-party runtime, a connection through a
 * third-party client, a stranger — against a private, a connected and a public signal. Then
 * disambiguation and the audience ranking.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';
import { accessToken, call, callError, createAndee, mcpClient } from './support/andee-tokens.ts';

let amp: RunningAmpersand;
const clients: Record<'owner' | 'ownerThirdParty' | 'firstParty' | 'thirdParty' | 'stranger', Client> = {} as never;

const FACTS = {
  private: 'I secretly collect porcelain frogs.',
  connected: 'I am planning a surprise trip to Lisbon.',
  public: 'I love playing jazz piano.',
} as const;
const CLUE = { private: 'porcelain frogs', connected: 'Lisbon', public: 'jazz piano' } as const;

const EXPECTED: Record<keyof typeof clients, Array<keyof typeof FACTS>> = {
  owner: ['private', 'connected', 'public'],
  ownerThirdParty: ['public'],
  firstParty: ['connected', 'public'],
  thirdParty: ['public'],
  stranger: ['public'],
};

beforeAll(async () => {
  amp = await startAmpersand();
  const owner = await createAndee(amp, 'olivia', 'Olivia Owner');
  const friend = await createAndee(amp, 'frank', 'Frank Friend');
  const stranger = await createAndee(amp, 'stella', 'Stella Stranger');
  await amp.api.connections.connect(owner.andeeId, friend.andeeId, new Date());
  for (const visibility of ['private', 'connected', 'public'] as const)
    await amp.api.signals.add(owner.andeeId, FACTS[visibility], { visibility, status: 'approved', now: new Date() });
  // A pending public fact is visible to no one, the owner included.
  await amp.api.signals.add(owner.andeeId, 'I love jazz and pending things.', { visibility: 'public', status: 'pending', now: new Date() });
  clients.owner = await mcpClient(amp, await accessToken(amp, owner, { firstParty: true }));
  clients.ownerThirdParty = await mcpClient(amp, await accessToken(amp, owner));
  clients.firstParty = await mcpClient(amp, await accessToken(amp, friend, { firstParty: true }));
  clients.thirdParty = await mcpClient(amp, await accessToken(amp, friend));
  clients.stranger = await mcpClient(amp, await accessToken(amp, stranger));
}, 180_000);
afterAll(async () => {
  for (const client of Object.values(clients)) await client?.close();
  await amp?.close();
});

const viewers = Object.keys(EXPECTED) as Array<keyof typeof clients>;
const levels = Object.keys(FACTS) as Array<keyof typeof FACTS>;

describe('ask_question', () => {
  for (const viewer of viewers) {
    for (const level of levels) {
      const visible = EXPECTED[viewer].includes(level);
      it(`${viewer} × ${level}: ${visible ? 'answered from it' : 'never sees it'}`, async () => {
        const args =
          viewer === 'owner' || viewer === 'ownerThirdParty'
            ? { question: `What about ${CLUE[level]}?` }
            : { question: `What about ${CLUE[level]}?`, participants: ['&olivia'] };
        const asked = await call(clients[viewer], 'ask_question', args);
        if (visible) expect(asked.answer).toContain(FACTS[level]);
        else expect(asked.answer).not.toContain(FACTS[level]);
        expect(asked.answer).not.toContain('pending things');
        expect(asked.basedOnFacts).toBe(visible ? 1 : 0);
      });
    }
  }
});

describe('andee_read', () => {
  for (const viewer of viewers) {
    it(`${viewer} sees exactly ${EXPECTED[viewer].join(', ')}`, async () => {
      const read = await call(clients[viewer], 'andee_read', { tag: '&olivia' });
      expect(read.profile.signals.map((s: { text: string }) => s.text).sort()).toEqual(EXPECTED[viewer].map((l) => FACTS[l]).sort());
    });
  }

  it('by name searches only the connections; neither or both arguments is a tool error', async () => {
    const byName = await call(clients.firstParty, 'andee_read', { name: 'olivia' });
    expect(byName.profile).toMatchObject({ tag: '&olivia', connected: true });
    const notConnected = await call(clients.stranger, 'andee_read', { name: 'Olivia' });
    expect(notConnected).toMatchObject({ profile: null, candidates: [] });
    expect(notConnected.text).toMatch(/None of your connections/);
    for (const args of [{}, { tag: 'olivia', name: 'Olivia' }]) expect((await callError(clients.stranger, 'andee_read', args)).code).toBe('invalid_arguments');
    expect((await callError(clients.stranger, 'andee_read', { tag: '&nobody' })).code).toBe('andee_not_found');
  });
});

describe('find_andees', () => {
  for (const viewer of viewers) {
    for (const level of levels) {
      // Only public facts can match, and only for someone who is neither Olivia nor connected to her.
      const found = viewer === 'stranger' && level === 'public';
      it(`${viewer} × ${level} constraint: ${found ? 'a match' : 'no match'}`, async () => {
        const result = await call(clients[viewer], 'find_andees', { name: 'Olivia', constraints: [CLUE[level]] });
        expect(result.result).toBe(found ? 'match' : 'no_match');
        if (found) expect(result.matches[0].signals.map((s: { text: string }) => s.text)).toEqual([FACTS.public]);
      });
    }
  }
});

describe('names and audiences', () => {
  let caller: Client;
  beforeAll(async () => {
    const hub = await createAndee(amp, 'hana', 'Hana Hub');
    const sams = [
      await createAndee(amp, 'sam_one', 'Sam Jones'),
      await createAndee(amp, 'sam_two', 'Sam Smith'),
      await createAndee(amp, 'rita', 'Rita Reader'),
    ];
    for (const s of sams) await amp.api.connections.connect(hub.andeeId, s.andeeId, new Date());
    // A stranger whose tag is the bare first name: "Sam" still means the connections called Sam.
    await createAndee(amp, 'sam', 'Samuel Elsewhere');
    await amp.api.signals.add(sams[0]!.andeeId, 'I go to a jazz club every Friday night.', { visibility: 'public', status: 'approved', now: new Date() });
    await amp.api.signals.add(sams[1]!.andeeId, 'I enjoy live music, especially jazz.', { visibility: 'connected', status: 'approved', now: new Date() });
    await amp.api.signals.add(sams[2]!.andeeId, 'I read crime novels.', { visibility: 'public', status: 'approved', now: new Date() });
    caller = await mcpClient(amp, await accessToken(amp, hub));
  }, 180_000);
  afterAll(async () => caller?.close());

  it('an ambiguous first name returns the candidates, never a guess (nor a stranger tagged with it)', async () => {
    const asked = await call(caller, 'ask_question', { question: 'What does Sam like?', participants: ['Sam'] });
    expect(asked.disambiguation.candidates.map((c: { tag: string }) => c.tag).sort()).toEqual(['&sam_one', '&sam_two']);
    expect(asked.basedOnFacts).toBe(0);
    const byTag = await call(caller, 'ask_question', { question: 'What does he like?', participants: ['&sam'] });
    expect(byTag.participants.map((p: { tag: string }) => p.tag)).toEqual(['&hana', '&sam']);
  });

  it('an unknown participant is a tool error naming it', async () => {
    const error = await callError(caller, 'ask_question', { question: 'Hi?', participants: ['Zed'] });
    expect(error).toMatchObject({ code: 'participant_not_found', details: { participants: ['Zed'] } });
  });

  it('an audience question ranks the connections with a reason from what the caller may see (a third-party client: public only)', async () => {
    const asked = await call(caller, 'ask_question', { question: 'Who would enjoy a jazz night?' });
    expect(asked.ranking.map((r: { tag: string }) => r.tag)).toEqual(['&sam_one']);
    expect(asked.ranking[0].reason).toContain('jazz club');
    expect(asked.answer).not.toContain('live music');
    const nobody = await call(caller, 'ask_question', { question: 'Who would enjoy skydiving?' });
    expect(nobody.ranking).toEqual([]);
    expect(nobody.answer).toMatch(/None of your connections/);
  });
});
