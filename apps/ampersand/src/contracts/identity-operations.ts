/** The identity and discovery operations (spec "Identity and discovery"), served by the API's identity handlers. */
import { askQuestionInput, askQuestionOutput } from './contracts.ts';
import { declareOperation, IDEMPOTENT_WRITE, READ } from './declare-operation.ts';
import {
  andeeReadInput,
  andeeReadOutput,
  findAndeesInput,
  findAndeesOutput,
  FIND_LIMIT,
  identityWriteInput,
  identityWriteOutput,
  type Profile,
} from './identity-contracts.ts';

export function profileText(p: Profile): string {
  const lines = [`${p.name} (${p.tag})${p.connected ? ', connected' : ''}`];
  if (p.signals.length === 0) lines.push('  Nothing shared that you can see.');
  for (const s of p.signals) lines.push(`  - ${s.text} [${s.hdsCode ?? 'uncoded'}, ${s.visibility}]`);
  return lines.join('\n');
}

export const identityOperations = [
  declareOperation({
    name: 'ask_question',
    path: '/v1/identity/ask',
    title: 'Ask about an andee',
    description:
      'Answer a question about the signed-in andee (and optionally up to 10 participants: &tags or connected first names) from the identity signals the caller may see. Returns a synthesized answer, never raw identity rows; an ambiguous name returns a disambiguation to resolve with a &tag. Without participants, an audience question ("who would enjoy a jazz night?") ranks the caller\'s connections with a reason for each.',
    input: askQuestionInput,
    output: askQuestionOutput,
    annotations: READ,
    scopes: { all: ['signals:ask'] },
    text: (result) =>
      result.disambiguation ? result.answer : `${result.answer}\n(based on ${result.basedOnFacts} approved fact${result.basedOnFacts === 1 ? '' : 's'})`,
  }),
  declareOperation({
    name: 'identity_write',
    path: '/v1/identity/write',
    title: 'Save a fact about the andee',
    description:
      "Keep one stable fact the andee explicitly stated (preferences, relationships, places, work, interests, values). Send the person's complete exact sentence, never a fragment or paraphrase. Matched to the signed chat turn it was said in, it is approved at once; otherwise it is stored pending for the andee's review. An exact duplicate writes nothing and says so. Not for inferences or temporary state.",
    input: identityWriteInput,
    output: identityWriteOutput,
    annotations: IDEMPOTENT_WRITE,
    scopes: { all: ['signals:write'] },
    text: (result) => result.message,
  }),
  declareOperation({
    name: 'andee_read',
    path: '/v1/identity/andee',
    title: 'Read an andee profile',
    description:
      "Read an andee's profile, filtered to the signals the caller may see. Pass exactly one of tag (global lookup by &tag) or name (searches the caller's connections; a profile only for exactly one match, otherwise the candidates to choose from).",
    input: andeeReadInput,
    output: andeeReadOutput,
    annotations: READ,
    scopes: { all: ['connections:read'] },
    text: (result) =>
      result.profile
        ? profileText(result.profile)
        : result.candidates.length
          ? `Several connections match: ${result.candidates.map((c) => `${c.name} (${c.tag})`).join(', ')}. Ask which one, then call again with the tag.`
          : 'None of your connections has that name. Use andee_read with a tag, or find_andees for someone you are not connected to.',
  }),
  declareOperation({
    name: 'find_andees',
    path: '/v1/identity/find',
    title: 'Find an andee',
    description: `Find an andee outside the caller's connections by name and up to five public-fact constraints (every one must match a public signal). Returns a single match, a disambiguation set of at most ${FIND_LIMIT}, or a clear no-match. Existing connections are not found here: use connections_read.`,
    input: findAndeesInput,
    output: findAndeesOutput,
    annotations: READ,
    scopes: { all: ['signals:ask'] },
    andeeCard: true,
    text: (result) =>
      result.result === 'no_match'
        ? 'No andee outside your connections matches that name and every constraint.'
        : result.result === 'match'
          ? `One match:\n${profileText(result.matches[0]!)}`
          : `${result.matches.length}${result.truncated ? '+' : ''} andees match; ask which one:\n${result.matches.map(profileText).join('\n')}${result.truncated ? '\nMore match: add a constraint to narrow it.' : ''}`,
  }),
] as const;
