/**
 * The three planning writes. They need the operator-issued Agent credential (the endpoint
 * answers 401 without it); the account comes from the credential, never from arguments.
 */
import { defineTool, noteStoredAnswer, type Tool } from '@agent-products/kit/mcp';
import type { DraftService } from '../planning/draft-service.ts';
import { ConfirmInput, ProposeInput, ReviseInput } from '../planning/proposal-input.ts';
import { ConfirmOutput, DraftOutput } from './planning-output-schemas.ts';
import { renderConfirmation, renderDraft } from './render-planning.ts';

const WRITE = { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

export function planningTools(drafts: DraftService): Tool[] {
  return [
    defineTool({
      name: 'propose_chengdu_itinerary',
      title: 'Propose a Chengdu itinerary draft',
      description:
        'Create a draft of 1-3 flexible exploration days (spacious/balanced/full = 1/2/3 scenes a day). Copy the `selection` of scenes the traveler chose into sceneSelection: ' +
        'they are required and never dropped; other slots are filled by preference, never with selectionOnly outings. Too many required scenes, unknown IDs, stale or mixed ' +
        'catalog versions and required/excluded conflicts fail before any draft exists. The draft has no traveler URL. Needs the Agent credential; retry with the same idempotencyKey.',
      input: ProposeInput,
      output: DraftOutput,
      annotations: WRITE,
      access: 'credential',
      run: (args, scope) => drafts.propose(scope.principal!.subject, args, scope.now(), () => noteStoredAnswer(scope)),
      text: renderDraft,
    }),
    defineTool({
      name: 'revise_chengdu_draft',
      title: 'Exclude a scene from a draft',
      description:
        'Exclude one returned scene from the current draft revision (revisionIntent { type: "exclude_card", cardId }) with the exact draftRef, expectedRevision and ' +
        'expectedContentHash. Releases that scene from the required selection, keeps the others, may regroup days: re-review the whole result. A stale revision is a conflict carrying the current one.',
      input: ReviseInput,
      output: DraftOutput,
      annotations: WRITE,
      access: 'credential',
      run: (args, scope) => drafts.revise(scope.principal!.subject, args, scope.now(), () => noteStoredAnswer(scope)),
      text: renderDraft,
    }),
    defineTool({
      name: 'confirm_chengdu_draft',
      title: 'Confirm a draft and publish its page',
      description:
        'After the traveler reviewed it, publish the latest draft revision: echo draftRef, expectedRevision, expectedContentHash and confirmation { action: "publish" }. ' +
        'Returns publication.pageUrl, an unlisted link that expires seven days after the draft was created. Drafts of an older catalog release must be proposed afresh.',
      input: ConfirmInput,
      output: ConfirmOutput,
      annotations: WRITE,
      access: 'credential',
      run: (args, scope) => drafts.confirm(scope.principal!.subject, args, scope.now(), () => noteStoredAnswer(scope)),
      text: renderConfirmation,
    }),
  ];
}
