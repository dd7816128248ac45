/**
 * What agent chat can answer honestly with no language model: a question about the andee or
 * their connections, through exactly `ask_question`'s retrieval and visibility — the people the
 * message names (a connection's name or first name, or an &tag), or the andee themselves when it
 * asks about "me", or their connections for an audience question ("who would enjoy …"). Any
 * other message is not answered here (undefined), and the chat says plainly why.
 */
import { sql, type Kysely } from 'kysely';
import type { AmpersandDatabase } from '../store/schema.ts';
import { ToolError } from '@agent-products/kit/errors';
import type { AnswerSynthesizer } from './answer-synthesizer.ts';
import { askContextIf } from './ask-context-read.ts';
import { AUDIENCE, askMode, askQuestion } from './ask-question.ts';
import { words } from '../text/content-words.ts';

// About the andee: "me", "my", "do I …", "am I …" — not any sentence with "I" as its subject ("What should I cook?" asks for advice).
const ABOUT_ME = /\b(me|my|myself|mine|(am|do|did|have|was) i)\b/i;
const TAG = /&([a-z0-9_]{2,40})\b/gi;

export interface ChatAnswerDeps {
  db: Kysely<AmpersandDatabase>;
  synthesizer: AnswerSynthesizer;
  /** The client the chat reads as: &'s own runtime, first-party, so connected facts of active connections count. */
  clientId: string;
}

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

export async function answerFromIdentity(deps: ChatAnswerDeps, andeeId: string, message: string): Promise<string | undefined> {
  const question = message.slice(0, 1000);
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
  const participants = [...new Set(namedIn(question, first.connections))].slice(0, 10);
  const input = { question, ...(participants.length ? { participants } : {}) };
  const mode = askMode(input);
  if (mode === 'about' && participants.length === 0 && !ABOUT_ME.test(question)) return undefined;
  if (mode === 'audience' && !AUDIENCE.test(question)) return undefined;
  const context = await askContextIf(deps.db, andeeId, deps.clientId, participants, mode, granted);
  if (!context) return undefined;
  try {
    return (await askQuestion(deps, context, input)).answer;
  } catch (error) {
    if (error instanceof ToolError) return undefined;
    throw error;
  }
}
