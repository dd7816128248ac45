/**
 * The & tools this service registers so far. Each is an adapter only: the kit's tool contract
 * validates the input and checks the token's scopes (a missing one is `insufficient_scope`), the
 * API answers, and the text rendering reads well on its own.
 */
import { defineTool, type Tool } from '@agent-products/kit/mcp';
import { askQuestionInput, askQuestionOutput, connectionsReadInput, connectionsReadOutput, type AskQuestionOutput, type ConnectionsReadOutput } from '../api/contracts.ts';
import type { Forward } from './api-forwarder.ts';
import { loopTools } from './loop-tools.ts';

export function ampersandTools(forward: Forward): Tool[] {
  return [
    defineTool({
      name: 'ask_question',
      title: 'Ask about an andee',
      description:
        'Answer a question about the signed-in andee (and optionally up to 10 participants: &tags or connected first names) from the identity facts the caller may see. Returns a synthesized answer, never raw identity rows; an ambiguous name returns a disambiguation to resolve with a &tag.',
      input: askQuestionInput,
      output: askQuestionOutput,
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      access: { scopes: ['signals:ask'] },
      run: (args, scope) => forward('/v1/identity/ask', args, scope) as Promise<AskQuestionOutput>,
      text: (result) => (result.disambiguation ? result.answer : `${result.answer}\n(based on ${result.basedOnFacts} approved fact${result.basedOnFacts === 1 ? '' : 's'})`),
    }),
    defineTool({
      name: 'connections_read',
      title: 'List connections',
      description:
        "List the signed-in andee's active connections (name, &tag, photo, connection date) and people they may know. Use it to resolve a person's &tag before another connection action; if several match, ask the user to choose.",
      input: connectionsReadInput,
      output: connectionsReadOutput,
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      access: { scopes: ['connections:read'] },
      run: (args, scope) => forward('/v1/connections/read', args, scope) as Promise<ConnectionsReadOutput>,
      text: (result) =>
        [
          result.active.length ? `Active connections (${result.active.length}):` : 'No active connections yet.',
          ...result.active.map((p) => `- ${p.name} (${p.tag}), connected ${p.connectedAt.slice(0, 10)}`),
          result.peopleYouMayKnow.length ? `People you may know: ${result.peopleYouMayKnow.map((p) => `${p.name} (${p.tag}, ${p.match})`).join(', ')}` : 'No people-you-may-know suggestions.',
        ].join('\n'),
    }),
    ...loopTools(forward),
  ];
}
