/**
 * `ask_question` as it starts: an answer over approved facts the caller may see — all of the
 * caller's own, and a connected participant's public and connected-only ones. Participants are
 * &tags (the caller or a connection) or connected first names; a name matching several
 * connections returns a disambiguation instead of a guess.
 */
import type { Kysely } from 'kysely';
import type { AmpersandDatabase } from '../store/schema.ts';
import type { Andee } from '../andees/andee-repository.ts';
import { parseTag } from '../andees/tags.ts';
import { ampersandErrors } from '../api/api-errors.ts';
import type { AskQuestionInput, AskQuestionOutput } from '../api/contracts.ts';
import { answerFrom } from './answer-from-facts.ts';

interface Candidate {
  andeeId: string;
  name: string;
  tag: string;
}

export async function askQuestion(db: Kysely<AmpersandDatabase>, caller: Andee, input: AskQuestionInput): Promise<AskQuestionOutput> {
  const connections: Candidate[] = (
    await db
      .selectFrom('connections')
      .innerJoin('andees', 'andees.andee_id', 'connections.other_id')
      .select(['andees.andee_id', 'display_name', 'tag'])
      .where('connections.andee_id', '=', caller.andeeId)
      .execute()
  ).map((r) => ({ andeeId: r.andee_id, name: r.display_name, tag: r.tag }));
  const self: Candidate = { andeeId: caller.andeeId, name: caller.displayName, tag: caller.tag };

  const resolved: Candidate[] = [];
  const missing: string[] = [];
  for (const reference of input.participants ?? []) {
    const asTag = reference.trim().startsWith('&') || /^[a-z0-9_]+$/.test(reference.trim()) ? parseTag(reference) : undefined;
    const byTag = asTag?.ok ? [self, ...connections].filter((c) => c.tag === asTag.tag) : [];
    const first = reference.trim().toLowerCase();
    const matches = byTag.length ? byTag : connections.filter((c) => c.name.toLowerCase().split(/\s+/)[0] === first || c.name.toLowerCase() === first);
    if (matches.length === 0) missing.push(reference);
    else if (matches.length > 1) {
      return {
        answer: `More than one of your connections is called ${reference}: ${matches.map((m) => `${m.name} (&${m.tag})`).join(', ')}. Which one did you mean?`,
        basedOnFacts: 0,
        participants: [person(self)],
        disambiguation: { reference, candidates: matches.map(person) },
      };
    } else if (!resolved.some((r) => r.andeeId === matches[0]!.andeeId) && matches[0]!.andeeId !== caller.andeeId) resolved.push(matches[0]!);
  }
  if (missing.length) {
    throw ampersandErrors.fail('participant_not_found', `Not you or one of your connections: ${missing.join(', ')}. Use connections_read to find the right &tag.`, { participants: missing });
  }

  const people = [self, ...resolved];
  const rows = await db
    .selectFrom('identity_facts')
    .select(['andee_id', 'value', 'visibility'])
    .where('status', '=', 'approved')
    .where('andee_id', 'in', people.map((p) => p.andeeId))
    .orderBy('created_at', 'desc')
    .limit(1000)
    .execute();
  const visible = rows.filter((r) => r.andee_id === caller.andeeId || r.visibility !== 'private');
  const { answer, basedOnFacts } = answerFrom(
    input.question,
    people.map((p) => ({ name: p.andeeId === caller.andeeId ? `${p.name} (you)` : p.name, facts: visible.filter((r) => r.andee_id === p.andeeId).map((r) => r.value) })),
  );
  return { answer, basedOnFacts, participants: people.map(person), disambiguation: null };
}

function person(c: Candidate) {
  return { name: c.name, tag: `&${c.tag}` };
}
