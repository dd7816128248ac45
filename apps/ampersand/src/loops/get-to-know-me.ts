/**
 * The "Get to know me" starter's pass, as code: the andee's approved identity read in full from
 * one snapshot (paged as `identity_read` pages it) and their pending suggestions become one
 * synthesis, "What & knows about you", grouped by HDS area, in which every line quotes the facts
 * it rests on and cites their ids. A later pass rereads the synthesis it wrote and changes it only
 * where the identity changed (new facts added, facts no longer approved taken out); when nothing
 * changed it writes nothing. Too few facts is an honest no-write with the reason. Where an area
 * has no fact, the reply asks one sharp question instead of the artifact carrying filler.
 */
import type { Kysely } from 'kysely';
import { identitySnapshotPage } from '../evidence/identity-snapshot.ts';
import { HDS_FALLBACK_CODE, REQUIRED_TOP_LEVELS, hdsLeaf, toYou } from '../identity/hds-taxonomy.ts';
import type { AmpersandDatabase } from '../store/schema.ts';
import { admissionRefusal } from './item-admission.ts';
import type { ItemInput, ItemView } from './loop-items.ts';
import type { SurfaceBlock } from '../contracts/surface-contract.ts';

export const GET_TO_KNOW_ME_TITLE = 'What & knows about you';
/** Below this many approved facts a synthesis would be filler: the pass writes nothing. */
export const MIN_FACTS = 3;
/** The most facts one pass adds, so a large identity becomes several passes a person can absorb. */
export const FACTS_PER_PASS = 40;
const PAGE = 100;
const QUOTE_CHARS = 160;
const LINE_CHARS = 480;
const FALLBACK_CHARS = 8000;

const AREA_LABELS: Record<(typeof REQUIRED_TOP_LEVELS)[number], string> = {
  work: 'Work',
  interests: 'Interests',
  preferences: 'Preferences',
  places: 'Places',
  relationships: 'Relationships',
  values: 'Values',
};

/** One sharp question per area: asked when & knows nothing approved there. */
const QUESTIONS: Record<(typeof REQUIRED_TOP_LEVELS)[number], string> = {
  work: 'What do you spend most of your days on — your work, your studies, or something else?',
  interests: 'What do you do for fun when nobody needs anything from you?',
  preferences: 'What do you always pick when the choice is yours — a food, a kind of music, a way to spend Saturday?',
  places: 'Where do you live, and which place do you keep going back to?',
  relationships: 'Who are the people closest to you, and what do you do together?',
  values: 'What matters most to you when you make a hard decision?',
};

export interface IdentityFact {
  factId: string;
  text: string;
  hdsCode: string | null;
}

export interface StarterPass {
  /** The item to write (with `itemId`: a new version of the existing one); none when the honest outcome is no write. */
  write?: ItemInput;
  /** The reply that ends the run: what changed, or why nothing was written. */
  summary: string;
}

/** Every approved fact of the andee as of one snapshot, read page by page as `identity_read` reads it. */
export async function approvedIdentity(db: Kysely<AmpersandDatabase>, andeeId: string, now: Date): Promise<IdentityFact[]> {
  const facts: IdentityFact[] = [];
  let snapshotAt: string | undefined;
  let cursor: string | undefined;
  do {
    const page = await identitySnapshotPage(db, andeeId, { limit: PAGE, ...(snapshotAt ? { snapshotAt } : {}), ...(cursor ? { cursor } : {}) }, now);
    snapshotAt = page.snapshotAt;
    cursor = page.nextCursor ?? undefined;
    facts.push(...page.facts.map((f) => ({ factId: f.signalId, text: f.text, hdsCode: f.hdsCode })));
  } while (cursor);
  return facts;
}

/** The andee's suggestions waiting for review, newest first. */
export async function pendingSuggestions(db: Kysely<AmpersandDatabase>, andeeId: string): Promise<IdentityFact[]> {
  const rows = await db
    .selectFrom('identity_facts')
    .select(['fact_id', 'value', 'hds_code'])
    .where('andee_id', '=', andeeId)
    .where('status', '=', 'pending')
    .orderBy('created_at', 'desc')
    .orderBy('fact_id')
    .limit(200)
    .execute();
  return rows.map((r) => ({ factId: r.fact_id, text: r.value, hdsCode: r.hds_code }));
}

/**
 * How lines written before issue 44 cited a fact: " (fact 1a2b3c4d)" or " (facts 1a2b3c4d, …)",
 * the start of its id. Lines now cite facts by what they say (the quotes) and the item's
 * grounding carries the ids; the Loop page leaves this old reference off when it shows such a line.
 */
export const OLD_FACT_REFERENCE = / \(facts? [0-9a-f]{8}(?:, [0-9a-f]{8})*\)$/;

type Area = (typeof REQUIRED_TOP_LEVELS)[number];

function areaOf(fact: IdentityFact): Area {
  const top = (fact.hdsCode ?? HDS_FALLBACK_CODE).split('.')[0] as Area;
  return REQUIRED_TOP_LEVELS.includes(top) ? top : 'interests';
}

function quote(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return `“${flat.length > QUOTE_CHARS ? `${flat.slice(0, QUOTE_CHARS - 1)}…` : flat}”`;
}

/** The lines of one area: facts of one HDS leaf share a line (split when long), each line quoting its facts (their ids are the item's grounding). */
function areaLines(facts: readonly IdentityFact[]): string[] {
  const byLeaf = new Map<string, IdentityFact[]>();
  for (const f of facts) {
    const code = f.hdsCode ?? HDS_FALLBACK_CODE;
    byLeaf.set(code, [...(byLeaf.get(code) ?? []), f]);
  }
  const lines: string[] = [];
  for (const [code, group] of [...byLeaf.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const label = toYou(hdsLeaf(code)?.label ?? code);
    let quotes: string[] = [];
    const flush = () => {
      if (quotes.length) lines.push(`${label}: ${quotes.join('; ')}`);
      quotes = [];
    };
    for (const f of group) {
      const next = quote(f.text);
      if (quotes.length && label.length + [...quotes, next].join('; ').length > LINE_CHARS) flush();
      quotes.push(next);
    }
    flush();
  }
  return lines;
}

/** The synthesis of these facts: a heading and a bullet list per area that has any, and the plain fallback. */
export function synthesis(facts: readonly IdentityFact[], itemId?: string): ItemInput {
  const blocks: SurfaceBlock[] = [];
  const plain: string[] = [];
  for (const area of REQUIRED_TOP_LEVELS) {
    const inArea = facts.filter((f) => areaOf(f) === area);
    if (inArea.length === 0) continue;
    const lines = areaLines(inArea);
    blocks.push({ type: 'heading', text: AREA_LABELS[area] });
    for (let i = 0; i < lines.length; i += 50) blocks.push({ type: 'bullet_list', items: lines.slice(i, i + 50) });
    plain.push(AREA_LABELS[area], ...lines.map((l) => `- ${l}`));
  }
  let fallbackText = plain.join('\n');
  if (fallbackText.length > FALLBACK_CHARS) fallbackText = `${fallbackText.slice(0, FALLBACK_CHARS - 1)}…`;
  return {
    ...(itemId ? { itemId } : {}),
    kind: 'synthesis',
    title: GET_TO_KNOW_ME_TITLE,
    blocks,
    fallbackText,
    grounding: facts.map((f) => f.factId),
    visibility: 'owner',
  };
}

/** The one question worth asking: about the first area with no fact, sharper when a suggestion there waits for review. */
function sharpQuestion(included: readonly IdentityFact[], pending: readonly IdentityFact[]): string | undefined {
  const covered = new Set(included.map(areaOf));
  const thin = (['work', 'interests', 'preferences', 'places', 'relationships', 'values'] as const).find((a) => !covered.has(a));
  if (!thin) return undefined;
  const waiting = pending.find((p) => areaOf(p) === thin);
  if (waiting)
    return `Is this right: ${quote(waiting.text)}? It waits for you on your review page; approving it tells & about your ${AREA_LABELS[thin].toLowerCase()}.`;
  return QUESTIONS[thin];
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function areasOf(facts: readonly IdentityFact[]): string {
  return [...new Set(facts.map(areaOf))].map((a) => AREA_LABELS[a]).join(', ');
}

/**
 * One pass over the andee's identity against the synthesis an earlier pass wrote (`existing`,
 * the Loop's items): the item to write, if anything changed, and the reply.
 */
export function getToKnowMePass(allFacts: readonly IdentityFact[], pending: readonly IdentityFact[], existing: readonly ItemView[]): StarterPass {
  // A fact that reads like a progress note ("my thesis is in progress") would make the whole
  // artifact one a Loop refuses to keep (item-admission.ts): it is left out, and the reply says so.
  const facts = allFacts.filter((f) => !admissionRefusal('fact', [], quote(f.text)));
  const unkept = allFacts.length - facts.length;
  const leftOut = unkept
    ? ` ${plural(unkept, 'fact')} ${unkept === 1 ? 'reads' : 'read'} like a progress note, which a Loop does not keep, so ${unkept === 1 ? 'it is' : 'they are'} left out.`
    : '';
  const previous = existing.find((i) => i.author === 'agent' && i.kind === 'synthesis' && i.title === GET_TO_KNOW_ME_TITLE);
  const cited = new Set(previous?.grounding ?? []);
  const approved = new Map(facts.map((f) => [f.factId, f]));
  const kept = facts.filter((f) => cited.has(f.factId));
  const added = facts.filter((f) => !cited.has(f.factId)).slice(0, Math.max(0, FACTS_PER_PASS));
  const removed = [...cited].filter((id) => !approved.has(id));
  const remaining = facts.length - kept.length - added.length;
  const included = [...kept, ...added];
  const waiting = `${leftOut}${pending.length ? ` ${plural(pending.length, 'suggestion')} ${pending.length === 1 ? 'waits' : 'wait'} for your review.` : ''}`;
  const question = sharpQuestion(included, pending);
  const ask = question ? `\n\nOne question: ${question}` : '';

  if (facts.length < MIN_FACTS) {
    return {
      summary: `Nothing written: & knows ${plural(facts.length, 'approved fact')} about you, and a synthesis needs at least ${MIN_FACTS}, or it would be filler.${waiting}${ask}`,
    };
  }
  if (added.length === 0 && removed.length === 0) {
    return {
      summary: `Nothing changed since the last pass: all ${plural(facts.length, 'approved fact')} & knows about you are already in “${GET_TO_KNOW_ME_TITLE}”, so nothing was written.${waiting}${ask}`,
    };
  }
  const what = previous
    ? [
        added.length ? `added ${plural(added.length, 'fact')} (${areasOf(added)})` : '',
        removed.length ? `took out ${plural(removed.length, 'fact')} you no longer have approved` : '',
      ]
        .filter(Boolean)
        .join(' and ')
    : `wrote ${plural(included.length, 'fact')} in ${plural(new Set(included.map(areaOf)).size, 'area')} (${areasOf(included)})`;
  const more = remaining > 0 ? ` ${plural(remaining, 'more fact')} will come in the next pass.` : '';
  return {
    write: synthesis(included, previous?.itemId),
    summary: `“${GET_TO_KNOW_ME_TITLE}”: I ${what}; every line quotes the facts it rests on.${more}${waiting}${ask}`,
  };
}
