/**
 * The "Connect" starter's pass, as code: people on & the andee is not connected to, found through
 * their phone-contact matches, their connections' connections and the requests waiting for them,
 * ranked, at most five, each with why — in words that expose nothing the andee may not see: a
 * contact match never says who holds whose number, a mutual connection is a count (never whom),
 * and a shared interest quotes only a fact the visibility rules let this andee see (a stranger's
 * public facts). A later pass writes only when the recommendation set changed.
 */
import { sql, type Kysely } from 'kysely';
import { peopleYouMayKnowRows } from '../identity/contacts.ts';
import { overlap } from '../identity/terms.ts';
import { contentWords } from '../text/content-words.ts';
import { visibleLevels } from '../identity/visibility.ts';
import type { AmpersandDatabase } from '../store/schema.ts';
import type { StarterPass } from './get-to-know-me.ts';
import type { ItemView } from './loop-items.ts';
import type { SurfaceBlock } from '../contracts/surface-contract.ts';

export const CONNECT_TITLE = 'People to connect with';
export const MAX_RECOMMENDATIONS = 5;
const MAX_CANDIDATES = 200;

export interface Candidate {
  andeeId: string;
  name: string;
  tag: string;
  /** Their request to the andee, waiting. */
  incomingRequestId: string | null;
  contactMatch: 'mutual' | 'one_way' | null;
  /** How many of the andee's connections they are connected to. */
  mutualConnections: number;
  /** The best fact of theirs the andee may see that shares words with the andee's own facts. */
  sharedInterest: { factId: string; text: string } | null;
}

export interface ConnectEvidence {
  candidates: Candidate[];
  /** Requests the andee sent that wait for an answer (those people are not recommended again). */
  outgoingPending: number;
}

/** Everything the pass ranks, read for `andeeId` with the visibility rules applied. */
export async function connectEvidence(db: Kysely<AmpersandDatabase>, andeeId: string): Promise<ConnectEvidence> {
  // At most MAX_CANDIDATES contact matches, mutual ones first, as the other sources are bounded.
  const contactRows = (await peopleYouMayKnowRows(andeeId, MAX_CANDIDATES).execute(db)).rows;
  const requests = await db
    .selectFrom('connection_requests')
    .select(['request_id', 'from_id', 'to_id'])
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('from_id', '=', andeeId), eb('to_id', '=', andeeId)]))
    .execute();
  const outgoing = new Set(requests.filter((r) => r.from_id === andeeId).map((r) => r.to_id));
  const incoming = new Map(requests.filter((r) => r.to_id === andeeId).map((r) => [r.from_id, r.request_id]));
  const { rows: mutualRows } = await sql<{ andee_id: string; n: string }>`
    select k2.other_id as andee_id, count(*) as n
    from connections k1 join connections k2 on k2.andee_id = k1.other_id
    where k1.andee_id = ${andeeId} and k2.other_id <> ${andeeId}
      and not exists (select 1 from connections k where k.andee_id = ${andeeId} and k.other_id = k2.other_id)
    group by k2.other_id
    order by count(*) desc, k2.other_id
    limit ${MAX_CANDIDATES}`.execute(db);
  const mutual = new Map(mutualRows.map((r) => [r.andee_id, Number(r.n)]));
  const contactTags = new Map(contactRows.map((r) => [r.tag, r.mine && r.theirs ? ('mutual' as const) : ('one_way' as const)]));

  const ids = new Set<string>([...incoming.keys(), ...mutual.keys()]);
  const byTag = contactTags.size
    ? await db
        .selectFrom('andees')
        .select(['andee_id', 'tag'])
        .where('tag', 'in', [...contactTags.keys()])
        .execute()
    : [];
  for (const row of byTag) ids.add(row.andee_id);
  for (const id of outgoing) ids.delete(id);
  ids.delete(andeeId);
  if (ids.size === 0) return { candidates: [], outgoingPending: outgoing.size };

  const people = await db
    .selectFrom('andees')
    .select(['andee_id', 'display_name', 'tag'])
    .where('andee_id', 'in', [...ids])
    .execute();
  const mine = await db.selectFrom('identity_facts').select('value').where('andee_id', '=', andeeId).where('status', '=', 'approved').limit(2000).execute();
  const myWords = contentWords(mine.map((m) => m.value).join(' '));
  // Not connected to the andee (a connection is never a candidate), so the rules leave them their public facts only.
  const viewer = { andeeId, firstParty: false };
  const theirFacts = await db
    .selectFrom('identity_facts')
    .select(['fact_id', 'andee_id', 'value', 'visibility'])
    .where('andee_id', 'in', [...ids])
    .where('status', '=', 'approved')
    .orderBy('created_at', 'desc')
    .orderBy('fact_id')
    .limit(5000)
    .execute();

  const candidates = people.map((p): Candidate => {
    const levels = visibleLevels(viewer, p.andee_id, false);
    let best: { factId: string; text: string; score: number } | null = null;
    for (const f of theirFacts) {
      if (f.andee_id !== p.andee_id || !levels.includes(f.visibility)) continue;
      const score = overlap(contentWords(f.value), myWords);
      if (score > 0 && (!best || score > best.score)) best = { factId: f.fact_id, text: f.value, score };
    }
    return {
      andeeId: p.andee_id,
      name: p.display_name,
      tag: p.tag,
      incomingRequestId: incoming.get(p.andee_id) ?? null,
      contactMatch: contactTags.get(p.tag) ?? null,
      mutualConnections: mutual.get(p.andee_id) ?? 0,
      sharedInterest: best ? { factId: best.factId, text: best.text } : null,
    };
  });
  return { candidates, outgoingPending: outgoing.size };
}

/** How strongly the evidence says these two should connect; a shared interest alone does not qualify anyone. */
export function connectScore(c: Candidate): number {
  const base = (c.incomingRequestId ? 4 : 0) + (c.contactMatch === 'mutual' ? 3 : c.contactMatch === 'one_way' ? 2 : 0) + Math.min(c.mutualConnections, 3);
  return base === 0 ? 0 : base + (c.sharedInterest ? 1 : 0);
}

function reasons(c: Candidate): string {
  const why: string[] = [];
  if (c.incomingRequestId) why.push('asked to connect with you — accept it on your Connections page');
  if (c.contactMatch === 'mutual') why.push('you are in each other’s phone contacts');
  else if (c.contactMatch === 'one_way') why.push('matched through phone contacts');
  if (c.mutualConnections > 0)
    why.push(
      `${c.mutualConnections} ${c.mutualConnections === 1 ? 'person you are connected with is' : 'people you are connected with are'} connected to them`,
    );
  if (c.sharedInterest) {
    const flat = c.sharedInterest.text.replace(/\s+/g, ' ').trim();
    why.push(`they shared publicly: “${flat.length > 160 ? `${flat.slice(0, 159)}…` : flat}”, close to what you told &`);
  }
  const sentence = why.join('; ');
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`;
}

function grounding(c: Candidate): string[] {
  return [
    ...(c.incomingRequestId ? [`connection_request:${c.incomingRequestId}`] : []),
    ...(c.contactMatch ? [`contact_match:${c.tag}`] : []),
    ...(c.mutualConnections ? [`mutual_connections:${c.tag}`] : []),
    ...(c.sharedInterest ? [c.sharedInterest.factId] : []),
  ];
}

export function connectPass(evidence: ConnectEvidence, existing: readonly ItemView[]): StarterPass {
  const ranked = evidence.candidates
    .map((c) => ({ c, score: connectScore(c) }))
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score || a.c.tag.localeCompare(b.c.tag))
    .slice(0, MAX_RECOMMENDATIONS)
    .map((r) => r.c);
  const previous = existing.find((i) => i.author === 'agent' && i.kind === 'recommendation_set' && i.title === CONNECT_TITLE);
  const waiting = evidence.outgoingPending
    ? ` ${evidence.outgoingPending} ${evidence.outgoingPending === 1 ? 'request you sent still waits' : 'requests you sent still wait'} for an answer.`
    : '';
  if (ranked.length === 0) {
    return {
      summary: previous
        ? `Nothing written: nobody new to recommend right now, so the last set stays as it was.${waiting}`
        : `Nothing written: none of your phone contacts is on & yet, nobody has asked to connect with you, and none of your connections' connections is someone new. Add your phone contacts on the Connections page and run this again.${waiting}`,
    };
  }
  const blocks: SurfaceBlock[] = ranked.map((c) => ({ type: 'recommendation', name: `${c.name} (&${c.tag})`, reason: reasons(c) }));
  const fallbackText = ranked.map((c) => `${c.name} (&${c.tag}): ${reasons(c)}`).join('\n');
  if (previous && previous.fallbackText === fallbackText) {
    return {
      summary: `Nothing changed since the last pass: the same ${ranked.length === 1 ? 'person is' : `${ranked.length} people are`} still the ones to connect with.${waiting}`,
    };
  }
  return {
    write: {
      ...(previous ? { itemId: previous.itemId } : {}),
      kind: 'recommendation_set',
      title: CONNECT_TITLE,
      blocks,
      fallbackText,
      grounding: [...new Set(ranked.flatMap(grounding))].slice(0, 50),
      visibility: 'owner',
    },
    summary: `${previous ? 'Updated' : 'Wrote'} “${CONNECT_TITLE}”: ${ranked.map((c) => `${c.name} (&${c.tag})`).join(', ')}, each with why.${waiting}`,
  };
}
