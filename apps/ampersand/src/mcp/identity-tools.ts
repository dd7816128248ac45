/** The identity and discovery tools: adapters forwarding to the identity API (api/identity-routes.ts). */
import { defineTool, type Tool } from '@agent-products/kit/mcp';
import { askQuestionInput, askQuestionOutput, type AskQuestionOutput } from '../contracts/contracts.ts';
import {
  andeeReadInput,
  andeeReadOutput,
  findAndeesInput,
  findAndeesOutput,
  FIND_LIMIT,
  identityWriteInput,
  identityWriteOutput,
  type AndeeReadOutput,
  type FindAndeesOutput,
  type IdentityWriteOutput,
  type Profile,
} from '../contracts/identity-contracts.ts';
import type { Forward } from './api-forwarder.ts';
import { ANDEE_CARD_TOOL_META } from './andee-card-resource.ts';

const READ = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

export function profileText(p: Profile): string {
  const lines = [`${p.name} (${p.tag})${p.connected ? ', connected' : ''}`];
  if (p.signals.length === 0) lines.push('  Nothing shared that you can see.');
  for (const s of p.signals) lines.push(`  - ${s.text} [${s.hdsCode ?? 'uncoded'}, ${s.visibility}]`);
  return lines.join('\n');
}

export function identityTools(forward: Forward, options: { andeeCard?: boolean } = {}): Tool[] {
  return [
    defineTool({
      name: 'ask_question',
      title: 'Ask about an andee',
      description:
        'Answer a question about the signed-in andee (and optionally up to 10 participants: &tags or connected first names) from the identity signals the caller may see. Returns a synthesized answer, never raw identity rows; an ambiguous name returns a disambiguation to resolve with a &tag. Without participants, an audience question ("who would enjoy a jazz night?") ranks the caller\'s connections with a reason for each.',
      input: askQuestionInput,
      output: askQuestionOutput,
      annotations: READ,
      access: { scopes: ['signals:ask'] },
      run: (args, scope) => forward('/v1/identity/ask', args, scope) as Promise<AskQuestionOutput>,
      text: (result) =>
        result.disambiguation ? result.answer : `${result.answer}\n(based on ${result.basedOnFacts} approved fact${result.basedOnFacts === 1 ? '' : 's'})`,
    }),
    defineTool({
      name: 'identity_write',
      title: 'Save a fact about the andee',
      description:
        "Keep one stable fact the andee explicitly stated (preferences, relationships, places, work, interests, values). Send the person's complete exact sentence, never a fragment or paraphrase. Matched to the signed chat turn it was said in, it is approved at once; otherwise it is stored pending for the andee's review. An exact duplicate writes nothing and says so. Not for inferences or temporary state.",
      input: identityWriteInput,
      output: identityWriteOutput,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      access: { scopes: ['signals:write'] },
      run: (args, scope) => forward('/v1/identity/write', args, scope) as Promise<IdentityWriteOutput>,
      text: (result) => result.message,
    }),
    defineTool({
      name: 'andee_read',
      title: 'Read an andee profile',
      description:
        "Read an andee's profile, filtered to the signals the caller may see. Pass exactly one of tag (global lookup by &tag) or name (searches the caller's connections; a profile only for exactly one match, otherwise the candidates to choose from).",
      input: andeeReadInput,
      output: andeeReadOutput,
      annotations: READ,
      access: { scopes: ['connections:read'] },
      run: (args, scope) => forward('/v1/identity/andee', args, scope) as Promise<AndeeReadOutput>,
      text: (result) =>
        result.profile
          ? profileText(result.profile)
          : result.candidates.length
            ? `Several connections match: ${result.candidates.map((c) => `${c.name} (${c.tag})`).join(', ')}. Ask which one, then call again with the tag.`
            : 'None of your connections has that name. Use andee_read with a tag, or find_andees for someone you are not connected to.',
    }),
    defineTool({
      name: 'find_andees',
      title: 'Find an andee',
      description: `Find an andee outside the caller's connections by name and up to five public-fact constraints (every one must match a public signal). Returns a single match, a disambiguation set of at most ${FIND_LIMIT}, or a clear no-match. Existing connections are not found here: use connections_read.`,
      input: findAndeesInput,
      output: findAndeesOutput,
      annotations: READ,
      access: { scopes: ['signals:ask'] },
      // Advertised only when the card is registered (mcp-service.ts): a missing bundle is never pointed at.
      ...(options.andeeCard ? { meta: ANDEE_CARD_TOOL_META } : {}),
      run: (args, scope) => forward('/v1/identity/find', args, scope) as Promise<FindAndeesOutput>,
      text: (result) =>
        result.result === 'no_match'
          ? 'No andee outside your connections matches that name and every constraint.'
          : result.result === 'match'
            ? `One match:\n${profileText(result.matches[0]!)}`
            : `${result.matches.length}${result.truncated ? '+' : ''} andees match; ask which one:\n${result.matches.map(profileText).join('\n')}${result.truncated ? '\nMore match: add a constraint to narrow it.' : ''}`,
    }),
  ];
}
