/**
 * The "Connect" pass as a function of its evidence: ranked by an incoming request, a contact
 * match and mutual connections (a shared interest only adds to someone who already qualifies),
 * five at most, reasons that never say who holds whose number nor whom the mutual connections
 * are, no write with nobody to recommend or when the set is unchanged.
 */
import { describe, expect, it } from 'vitest';
import { CONNECT_TITLE, MAX_RECOMMENDATIONS, connectPass, connectScore, type Candidate } from './connect-skill.ts';
import type { ItemView } from './loop-items.ts';

const candidate = (tag: string, over: Partial<Candidate> = {}): Candidate => ({
  andeeId: `id_${tag}`,
  name: tag[0]!.toUpperCase() + tag.slice(1),
  tag,
  incomingRequestId: null,
  contactMatch: null,
  mutualConnections: 0,
  sharedInterest: null,
  ...over,
});

describe('connectScore', () => {
  it('counts a request, a contact match and mutual connections; a shared interest alone qualifies no one', () => {
    expect(connectScore(candidate('a', { incomingRequestId: 'r1' }))).toBe(4);
    expect(connectScore(candidate('a', { contactMatch: 'mutual' }))).toBe(3);
    expect(connectScore(candidate('a', { contactMatch: 'one_way' }))).toBe(2);
    expect(connectScore(candidate('a', { mutualConnections: 7 }))).toBe(3);
    expect(connectScore(candidate('a', { sharedInterest: { factId: 'f', text: 'jazz' } }))).toBe(0);
    expect(connectScore(candidate('a', { mutualConnections: 1, sharedInterest: { factId: 'f', text: 'jazz' } }))).toBe(2);
  });
});

describe('connectPass', () => {
  it('recommends the strongest five, best first, each with why and its grounding', () => {
    const candidates = [
      candidate('zoe', { contactMatch: 'one_way' }),
      candidate('amy', { mutualConnections: 1 }),
      candidate('bob', { incomingRequestId: 'req-1', contactMatch: 'mutual' }),
      candidate('cat', { contactMatch: 'mutual', sharedInterest: { factId: 'fact-1', text: 'I climb on weekends.' } }),
      candidate('dan', { mutualConnections: 2 }),
      candidate('eve', { mutualConnections: 1 }),
      candidate('fay', { sharedInterest: { factId: 'fact-2', text: 'I climb too.' } }),
    ];
    const pass = connectPass({ candidates, outgoingPending: 1 }, []);
    const names = pass.write!.blocks.map((b) => (b as { name: string }).name);
    expect(names).toEqual(['Bob (&bob)', 'Cat (&cat)', 'Dan (&dan)', 'Zoe (&zoe)', 'Amy (&amy)']);
    expect(names).toHaveLength(MAX_RECOMMENDATIONS);
    expect(pass.write!.blocks[0]).toEqual({
      type: 'recommendation',
      name: 'Bob (&bob)',
      reason: 'Asked to connect with you — accept it on your Connections page; you are in each other’s phone contacts.',
    });
    expect((pass.write!.blocks[1] as { reason: string }).reason).toBe(
      'You are in each other’s phone contacts; they shared publicly: “I climb on weekends.”, close to what you told &.',
    );
    expect((pass.write!.blocks[2] as { reason: string }).reason).toBe('2 people you are connected with are connected to them.');
    expect((pass.write!.blocks[3] as { reason: string }).reason).toBe('Matched through phone contacts.');
    expect(pass.write!.grounding).toEqual([
      'connection_request:req-1',
      'contact_match:bob',
      'contact_match:cat',
      'fact-1',
      'mutual_connections:dan',
      'contact_match:zoe',
      'mutual_connections:amy',
    ]);
    expect(pass.write).toMatchObject({ kind: 'recommendation_set', title: CONNECT_TITLE, visibility: 'owner' });
    expect(pass.summary).toMatch(/^Wrote “People to connect with”: Bob \(&bob\), [\s\S]* 1 request you sent still waits for an answer\.$/);
  });

  it('writes nothing with nobody to recommend, saying what would help', () => {
    const pass = connectPass({ candidates: [candidate('fay', { sharedInterest: { factId: 'f', text: 'x' } })], outgoingPending: 0 }, []);
    expect(pass.write).toBeUndefined();
    expect(pass.summary).toMatch(/^Nothing written: none of your phone contacts is on & yet[\s\S]*Add your phone contacts/);
  });

  it('writes nothing when the set is unchanged, and a new version of the same item when it changed', () => {
    const first = connectPass({ candidates: [candidate('bob', { contactMatch: 'mutual' })], outgoingPending: 0 }, []);
    const item: ItemView = {
      itemId: 'item_9',
      ...first.write!,
      grounding: first.write!.grounding ?? [],
      provenance: null,
      author: 'agent',
      visibility: 'owner',
      version: 1,
      createdAt: '',
      updatedAt: '',
    };
    const same = connectPass({ candidates: [candidate('bob', { contactMatch: 'mutual' })], outgoingPending: 0 }, [item]);
    expect(same.write).toBeUndefined();
    expect(same.summary).toMatch(/^Nothing changed since the last pass: the same person is still/);
    const changed = connectPass(
      { candidates: [candidate('bob', { contactMatch: 'mutual' }), candidate('cy', { incomingRequestId: 'r' })], outgoingPending: 0 },
      [item],
    );
    expect(changed.write!.itemId).toBe('item_9');
    expect(changed.summary).toMatch(/^Updated/);
  });
});
