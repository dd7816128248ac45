/**
 * What agent chat can answer honestly with no language model (issue 39): a question about people
 * the andee can see, by name — the andee themselves ("What do I like?", "Am I nervous about
 * anything?"), a connection by name or first name, an &tagged andee — or an audience question about
 * their connections ("who would enjoy …"), through exactly `ask_question`'s retrieval and
 * visibility. A question about someone who is none of those is declined by name ("no connection
 * named Sam"), never answered about someone else. Any other message — a request to do something,
 * "Book me a flight to Kyoto" — is not answered here (undefined), and the chat says plainly that &
 * does nothing else without a model. A plain fact the andee states about themselves ("I love hiking
 * in the Alps.") is filed as a pending fact in their review queue, and the answer says exactly that:
 * nothing is part of their identity until they approve it, and no model pretended to understand it.
 */
import { sql, type Kysely } from 'kysely';
import type { AmpersandDatabase } from '../store/schema.ts';
import { ToolError } from '@agent-products/kit/errors';
import type { AnswerSynthesizer } from './answer-synthesizer.ts';
import { askContextIf } from './ask-context-read.ts';
import { askMode, askQuestion } from './ask-question.ts';
import { askedNames, asksAboutMe, isQuestion, statedFact } from './chat-question.ts';
import type { IdentitySignals } from './identity-signals.ts';
import { words } from '../text/content-words.ts';

const TAG = /&([a-z0-9_]{2,40})\b/gi;

export interface ChatAnswerDeps {
  db: Kysely<AmpersandDatabase>;
  synthesizer: AnswerSynthesizer;
  /** The client the chat reads as: &'s own runtime, first-party, so the andee's own facts and connections' connected facts count. */
  clientId: string;
  /** Where a fact the andee states in chat is filed, pending their review (the service identity_write files through). */
  signals: IdentitySignals;
  now: () => Date;
}

/** An answer (the turn completes with it), or why the people asked about cannot be answered for (the turn ends refused with it). */
export type ChatAnswer = { answer: string } | { declined: string };

/** The people a message names: &tags, and connections whose full name or first name it mentions. */
export function namedIn(message: string, connections: ReadonlyArray<{ name: string; tag: string }>): string[] {
  const said = new Set(words(message));
  const lower = message.toLowerCase();
  const named = new Set<string>([...message.matchAll(TAG)].map((m) => `&${m[1]!.toLowerCase()}`));
  for (const c of connections) {
    if (named.has(`&${c.tag}`)) continue;
    const first = c.name.toLowerCase().split(/\s+/)[0]!;
    if (lower.includes(c.name.toLowerCase())) named.add(c.name);
    else if (said.has(first)) named.add(first);
  }
  return [...named];
}

/** Whether a name as written ("Sam", "Sam Rivera") is this person's full name or first name. */
function isNameOf(written: string, fullName: string): boolean {
  const name = written.toLowerCase();
  const full = fullName.toLowerCase();
  return full === name || full.split(/\s+/)[0] === name.split(/\s+/)[0];
}

function declinedFor(references: readonly string[]): ChatAnswer {
  const named = references.map((r) => (r.startsWith('&') ? `no andee with the &tag ${r}` : `no connection named ${r}`));
  return {
    declined: `You have ${named.join(' and ')}, so & has nothing to tell you about them. Without a language model on this server, & answers only questions about you and the people you are connected with, by name or &tag.`,
  };
}

/** Files a stated fact as pending (from this chat turn) and says where it waits, or that it was already there. */
async function fileStatedFact(deps: ChatAnswerDeps, andeeId: string, fact: string, turnId: string | undefined): Promise<ChatAnswer> {
  const outcome = await deps.signals.write(andeeId, { value: fact, status: 'pending', provenance: { source: 'turn', turnId } }, deps.now());
  if (!outcome.written)
    return {
      answer:
        outcome.duplicateOf.status === 'approved'
          ? `“${fact}” is already part of your identity, so nothing new was saved.`
          : `“${fact}” is already waiting in Review, so nothing new was saved. Approve it there to make it part of your identity.`,
    };
  return {
    answer: `Saved for your review: “${fact}” — it waits in Review, private until you choose otherwise, and becomes part of your identity once you approve it there.`,
  };
}

export async function answerFromIdentity(deps: ChatAnswerDeps, andeeId: string, message: string, turnId?: string): Promise<ChatAnswer | undefined> {
  const fact = statedFact(message);
  if (fact) return fileStatedFact(deps, andeeId, fact, turnId);
  const question = message.slice(0, 1000);
  if (!isQuestion(question)) return undefined;
  const granted = sql<boolean>`true`;
  const first = await askContextIf(
    deps.db,
    andeeId,
    deps.clientId,
    [...question.matchAll(TAG)].map((m) => m[0]),
    'about',
    granted,
  );
  if (!first) return undefined;
  const asked = askedNames(question);
  const strangers = asked.filter((name) => !isNameOf(name, first.caller.name) && !first.connections.some((c) => isNameOf(name, c.name)));
  if (strangers.length) return declinedFor(strangers);
  const aboutMe = asksAboutMe(question) || asked.some((name) => isNameOf(name, first.caller.name));
  const participants = [...new Set(namedIn(question, first.connections))].slice(0, 10);
  const input = { question, ...(participants.length ? { participants } : {}) };
  const mode = askMode(input);
  if (mode === 'about' && participants.length === 0 && !aboutMe) return undefined;
  const context = await askContextIf(deps.db, andeeId, deps.clientId, participants, mode, granted);
  if (!context) return undefined;
  try {
    return { answer: (await askQuestion(deps, context, input)).answer };
  } catch (error) {
    // An &tag no andee has: say which, as for a name no connection has.
    const missing = error instanceof ToolError && error.code === 'participant_not_found' ? (error.details?.participants as string[] | undefined) : undefined;
    if (missing?.length) return declinedFor(missing);
    if (error instanceof ToolError) return undefined;
    throw error;
  }
}
