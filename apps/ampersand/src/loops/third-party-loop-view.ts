/**
 * A Loop as a third-party OAuth client may read it (issue 39; spec: third-party clients receive
 * public signals only, and "never put private raw evidence in an artifact"). Artifacts may rest
 * on, and quote, the andee's private or connected facts and pending suggestions (the "Get to know
 * me" synthesis does, word for word), and a run's ending may quote them too. For a client that is
 * not the andee's own first-party runtime, an item grounded in or quoting such a fact is withheld
 * and counted, and an agent or system message quoting one is replaced by a plain sentence. The
 * first-party question is asked only when the Loop holds something to screen, so the common read
 * keeps its one statement.
 */
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { AmpersandDatabase } from '../store/schema.ts';
import type { MessageView } from './conversation.ts';
import type { RunView } from './runs.ts';
import type { TerminalDetails } from './terminal-messages.ts';
import type { ItemWithHistory, LoopView } from './loop-view.ts';

export interface Withheld {
  items: number;
  messages: number;
  reason: string;
}

export const WITHHELD_REASON =
  'This app is not the andee’s own & app, so it sees public facts only: items grounded in or quoting a private or connected fact or a suggestion still waiting for review are left out, and messages quoting one are not shown word for word. The andee sees them in their & app.';
export const WITHHELD_MESSAGE = 'This message quotes facts only the andee’s own & app may show; it is not shown to this app.';

/** A quote shorter than this could match ordinary words, and would withhold everything. */
const SHORTEST_QUOTE = 4;
/** get-to-know-me.ts quotes at most this many characters of a fact before cutting it with an ellipsis. */
const QUOTED_PREFIX = 159;

function flat(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}

/** The facts a third party may not see that this view could rest on or quote: by grounding id, or of the Loop's owner and the caller. */
export async function hiddenFacts(
  db: Kysely<AmpersandDatabase>,
  callerId: string,
  loopId: string,
  grounding: readonly string[],
): Promise<{ ids: Set<string>; quotes: string[] }> {
  // Each part reaches identity_facts through an index: the two people's facts by andee, the
  // grounding by id. As one condition ORed with the owner's subquery, the planner could only read
  // the whole table (a sequential scan per loop_read: 0.5 s at 10,000 andees, issue 42's benchmark).
  const notPublic = (eb: ExpressionBuilder<AmpersandDatabase & { f: AmpersandDatabase['identity_facts'] }, 'f'>) =>
    eb.not(eb.and([eb('f.status', '=', 'approved'), eb('f.visibility', '=', 'public')]));
  const ofPeople = db
    .selectFrom('identity_facts as f')
    .select(['f.fact_id', 'f.value'])
    .where(sql<boolean>`f.andee_id = any(array[${callerId}, (select owner_id from loops where loop_id = ${loopId})]::text[])`)
    .where(notPublic);
  const rows = await (grounding.length
    ? ofPeople.union(
        db
          .selectFrom('identity_facts as f')
          .select(['f.fact_id', 'f.value'])
          .where('f.fact_id', 'in', [...grounding])
          .where(notPublic),
      )
    : ofPeople
  ).execute();
  return {
    ids: new Set(rows.map((r) => r.fact_id)),
    quotes: rows.map((r) => flat(r.value).slice(0, QUOTED_PREFIX)).filter((q) => q.length >= SHORTEST_QUOTE),
  };
}

function quotesAny(text: string, quotes: readonly string[]): boolean {
  const haystack = flat(text);
  return quotes.some((q) => haystack.includes(q));
}

function itemText(item: ItemWithHistory): string {
  return [item.title, item.fallbackText, JSON.stringify(item.blocks), ...item.history.flatMap((h) => [h.title, h.fallbackText])].join('\n');
}

/** The view a caller may read, and what was withheld from it (null when nothing was). */
export async function screenForCaller(
  db: Kysely<AmpersandDatabase>,
  callerId: string,
  view: LoopView,
  isFirstParty: () => Promise<boolean>,
): Promise<{ view: LoopView; withheld: Withheld | null }> {
  const spoken = (m: MessageView) => m.role !== 'andee';
  if (view.items.length === 0 && !view.conversation.some(spoken)) return { view, withheld: null };
  if (await isFirstParty()) return { view, withheld: null };
  const hidden = await hiddenFacts(db, callerId, view.summary.loopId, [...new Set(view.items.flatMap((i) => i.grounding))]);
  const items = view.items.filter((i) => !i.grounding.some((id) => hidden.ids.has(id)) && !quotesAny(itemText(i), hidden.quotes));
  let messages = 0;
  const conversation = view.conversation.map((m) => {
    if (!spoken(m) || !quotesAny(m.body, hidden.quotes)) return m;
    messages += 1;
    return { ...m, body: WITHHELD_MESSAGE };
  });
  const withheldItems = view.items.length - items.length;
  if (withheldItems === 0 && messages === 0) return { view, withheld: null };
  return { view: { ...view, items, conversation }, withheld: { items: withheldItems, messages, reason: WITHHELD_REASON } };
}

/** The text a run's ending carries in its own words (its ending message is built from it, terminal-messages.ts). */
function withoutQuotes(terminal: TerminalDetails, quotes: readonly string[]): TerminalDetails {
  if (terminal.state === 'completed' && quotesAny(terminal.result, quotes)) return { ...terminal, result: WITHHELD_MESSAGE };
  if (terminal.state === 'refused' && quotesAny(terminal.reason, quotes)) return { ...terminal, reason: WITHHELD_MESSAGE };
  return terminal;
}

/** A Loop's runs as the caller may read them (`/v1/loops/runs`): for a third party, an ending quoting a hidden fact is replaced. */
export async function screenRunsForCaller(
  db: Kysely<AmpersandDatabase>,
  callerId: string,
  loopId: string,
  runs: RunView[],
  isFirstParty: () => Promise<boolean>,
): Promise<RunView[]> {
  if (!runs.some((r) => r.terminal) || (await isFirstParty())) return runs;
  const { quotes } = await hiddenFacts(db, callerId, loopId, []);
  return runs.map((r) => (r.terminal ? { ...r, terminal: withoutQuotes(r.terminal, quotes) } : r));
}
