/**
 * `ask_question`: an answer synthesized from the signals visible to the caller (visibility.ts),
 * never raw rows. Participants are &tags (anyone: a stranger contributes public signals only) or
 * connected first names; a name matching several connections returns a disambiguation instead of
 * a guess. Without participants, an audience question ("who would enjoy a jazz night?") ranks the
 * caller's connections with the reason for each.
 */
import type { Kysely } from 'kysely';
import type { AmpersandDatabase } from '../store/schema.ts';
import { parseTag } from '../andees/tags.ts';
import { ampersandErrors } from '../errors.ts';
import type { AskQuestionInput, AskQuestionOutput } from '../contracts/contracts.ts';
import type { AnswerSynthesizer } from './answer-synthesizer.ts';
import { SIGNALS_LIMIT, type AskContext } from './ask-context-read.ts';
import type { Person } from './connections.ts';
import { visibleSignals } from './visibility.ts';

export const AUDIENCE = /^\s*(who|whom|which\s+(of\s+)?(my\s+)?(friends?|connections?|people|andees?))\b/i;

export interface AskDeps {
  db: Kysely<AmpersandDatabase>;
  synthesizer: AnswerSynthesizer;
}

/** An audience question ranks the caller's connections instead of answering about participants. */
export function askMode(input: AskQuestionInput): 'about' | 'audience' {
  return (input.participants ?? []).length === 0 && AUDIENCE.test(input.question) ? 'audience' : 'about';
}

/**
 * `context` is read in one statement with the grant check (ask-context-read.ts), for `askMode(input)`;
 * its signals are those of the connections (audience) or of the caller and the &tagged andees (about).
 */
export async function askQuestion(deps: AskDeps, context: AskContext, input: AskQuestionInput): Promise<AskQuestionOutput> {
  const { caller, viewer, connections, tagged } = context;
  const self = { ...caller, connected: false };
  const participants = input.participants ?? [];

  if (askMode(input) === 'audience') {
    const owners = connections.map((p) => ({ ...p, connected: true }));
    // The context read took exactly these owners' visible signals.
    const signals = context.signals;
    const result = await deps.synthesizer.synthesize({
      question: input.question,
      mode: 'audience',
      people: owners.map((p) => ({ name: p.name, tag: `&${p.tag}`, isCaller: false, facts: signals.filter((s) => s.andeeId === p.andeeId) })),
    });
    return { answer: result.answer, basedOnFacts: result.basedOnFacts, participants: [person(self)], disambiguation: null, ranking: result.ranking ?? [] };
  }

  const resolved: Array<Person & { connected: boolean }> = [];
  const missing: string[] = [];
  for (const reference of participants) {
    const trimmed = reference.trim();
    // "&name" is a tag; a bare word is first a connection's name (so a stranger whose tag happens
    // to be that word never shadows the friend meant), then a tag.
    const byName = trimmed.startsWith('&')
      ? []
      : connections
          .filter((c) => c.name.toLowerCase() === trimmed.toLowerCase() || c.name.toLowerCase().split(/\s+/)[0] === trimmed.toLowerCase())
          .map((c) => ({ ...c, connected: true }));
    let matches: Array<Person & { connected: boolean }> = byName;
    const asTag = parseTag(trimmed);
    if (matches.length === 0 && asTag.ok) {
      if (asTag.tag === caller.tag) matches = [self];
      else {
        const connection = connections.find((c) => c.tag === asTag.tag);
        const stranger = connection ? undefined : tagged.find((a) => a.tag === asTag.tag);
        if (connection) matches = [{ ...connection, connected: true }];
        else if (stranger) matches = [{ ...stranger, connected: false }];
      }
    }
    if (matches.length === 0) missing.push(reference);
    else if (matches.length > 1) {
      return {
        answer: `More than one of your connections is called ${reference}: ${matches.map((m) => `${m.name} (&${m.tag})`).join(', ')}. Which one did you mean?`,
        basedOnFacts: 0,
        participants: [person(self)],
        disambiguation: { reference, candidates: matches.map(person) },
        ranking: null,
      };
    } else if (!resolved.some((r) => r.andeeId === matches[0]!.andeeId) && matches[0]!.andeeId !== caller.andeeId) resolved.push(matches[0]!);
  }
  if (missing.length) {
    throw ampersandErrors.fail(
      'participant_not_found',
      `No andee with that &tag and none of your connections: ${missing.join(', ')}. Use connections_read to find the right &tag.`,
      { participants: missing },
    );
  }

  const people = [self, ...resolved];
  const signals = prefetchedFor(context, resolved) ?? (await visibleSignals(deps.db, viewer, people));
  const result = await deps.synthesizer.synthesize({
    question: input.question,
    mode: 'about',
    people: people.map((p) => ({
      name: p.name,
      tag: `&${p.tag}`,
      isCaller: p.andeeId === caller.andeeId,
      facts: signals.filter((s) => s.andeeId === p.andeeId),
    })),
  });
  return { answer: result.answer, basedOnFacts: result.basedOnFacts, participants: people.map(person), disambiguation: null, ranking: null };
}

/**
 * The context's signals narrowed to the caller and `resolved`, when they hold all of theirs: each
 * resolved person was read as a &tagged andee with the same connectedness (a name resolved to a
 * connection may not have been, and a connection past the first 1,000 counts as one here but as a
 * stranger in `resolved`), and the read stopped short of its limit, so narrowing cannot leave out
 * a signal the limit had cut. Otherwise undefined, and the signals are read for exactly these people.
 */
function prefetchedFor(context: AskContext, resolved: ReadonlyArray<Person & { connected: boolean }>): AskContext['signals'] | undefined {
  if (context.signals.length >= SIGNALS_LIMIT) return undefined;
  if (!resolved.every((r) => context.tagged.some((t) => t.andeeId === r.andeeId && t.connected === r.connected))) return undefined;
  const wanted = new Set([context.caller.andeeId, ...resolved.map((r) => r.andeeId)]);
  return context.signals.filter((s) => wanted.has(s.andeeId));
}

function person(c: { name: string; tag: string }) {
  return { name: c.name, tag: `&${c.tag}` };
}
