/**
 * The Loop tools (spec "Loop tool surface"): adapters forwarding to the API's Loop routes, which
 * enforce the same scopes again; the caller comes from the token only. The live surface
 * contract is in every `loop_read` answer and is also the MCP resource registered here.
 */
import { defineTool, type McpEndpointOptions, type Tool } from '@agent-products/kit/mcp';
import type * as z from 'zod';
import {
  loopArchiveInput,
  loopArchiveOutput,
  loopCreateInput,
  loopCreateOutput,
  loopMembersInput,
  loopMembersOutput,
  loopReadInput,
  loopReadOutput,
  loopShareInput,
  loopShareOutput,
  loopVisibilityInput,
  loopVisibilityOutput,
  loopWriteInput,
  loopWriteOutput,
  runOutcomeInput,
  runOutcomeOutput,
} from '../contracts/loop-contracts.ts';
import { SURFACE_CONTRACT, SURFACE_CONTRACT_URI } from '../contracts/surface-contract.ts';
import type { Forward } from './api-forwarder.ts';

const READ = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const WRITE = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };
const IDEMPOTENT_WRITE = { ...WRITE, idempotentHint: true };

/**
 * Loop scopes are opt-in (never in the default grant), so "authorize again" alone would bring
 * back the same scopes: the caller must ask for them and the andee must tick them.
 */
export const LOOP_SCOPES_HOW_TO_GET =
  'Loop access is opt-in: reconnect this MCP client asking for the scopes "loops:read loops:write" (besides the default ones), and tick Loop access on the approval page.';

type Out<S extends z.ZodType> = Promise<z.output<S>>;

export function loopTools(forward: Forward): Tool[] {
  return [
    defineTool({
      name: 'loop_read',
      title: 'Read a Loop',
      description:
        "Resolve an existing Loop before acting: by loopId, or by its exact title and skillId (reuse before create); with no argument, the caller's shelf (active and archived). Returns the Loop, its items (artifacts, with provenance and plain fallback text), its latest conversation and the live surface contract (renderers and blocks this server supports).",
      input: loopReadInput,
      output: loopReadOutput,
      annotations: READ,
      access: { scopes: ['loops:read'], howToGet: LOOP_SCOPES_HOW_TO_GET },
      run: (args, scope) => forward('/v1/loops/read', args, scope) as Out<typeof loopReadOutput>,
      text: (r) =>
        r.loop
          ? [
              `${r.loop.title} (${r.loop.loopId}, ${r.loop.archived ? 'archived' : 'active'}; renderer ${r.loop.renderer}; skill ${r.loop.skillId}${r.loop.skill ? ` v${r.loop.skill.version}` : ', not pinned'})`,
              ...(r.loop.items.length ? r.loop.items.map((i) => `- ${i.title} [${i.kind}]: ${i.fallbackText}`) : ['No items yet.']),
            ].join('\n')
          : [
              `Active Loops (${r.shelf!.active.length}):`,
              ...r.shelf!.active.map((l) => `- ${l.title} (${l.loopId})`),
              `Archived: ${r.shelf!.archived.length}`,
              `Surface contract v${r.surfaceContract.version}.`,
            ].join('\n'),
    }),
    defineTool({
      name: 'loop_members',
      title: 'List Loop members',
      description: "List who is in a Loop (the owner and the andees it is shared with). Membership is what grants access; an item's visibility never does.",
      input: loopMembersInput,
      output: loopMembersOutput,
      annotations: READ,
      access: { scopes: ['loops:read'], howToGet: LOOP_SCOPES_HOW_TO_GET },
      run: (args, scope) => forward('/v1/loops/members', args, scope) as Out<typeof loopMembersOutput>,
      text: (r) => r.members.map((m) => `${m.name} (${m.tag}, ${m.role})`).join('\n'),
    }),
    defineTool({
      name: 'loop_create',
      title: 'Create a Loop',
      description:
        'Create a Loop for one specific intent ("Family movie night", not "movies") with its exact title, a renderer from the live surface contract and the dedicated skill id. Reuse before create: when the caller already has a Loop with this exact title and skill id it is returned (reused: true), never duplicated. Seed only items the request already earned; never a "Loop started" item.',
      input: loopCreateInput,
      output: loopCreateOutput,
      annotations: IDEMPOTENT_WRITE,
      access: { scopes: ['loops:write'], howToGet: LOOP_SCOPES_HOW_TO_GET },
      run: (args, scope) => forward('/v1/loops/create', args, scope) as Out<typeof loopCreateOutput>,
      text: (r) => `${r.reused ? 'Reused the existing Loop' : 'Created the Loop'} "${r.loop.title}" (${r.loop.loopId}).`,
    }),
    defineTool({
      name: 'loop_write',
      title: 'Write a Loop item',
      description:
        'Persist an earned artifact in a Loop (recommendation set, plan, list, synthesis, profile or decision), or a new version of one with itemId. Content is blocks from the live surface contract plus fallbackText; grounding is reference-only (ids, never private evidence). Refused: empty or placeholder items, "Loop started"/progress/checkpoint notes and opaque cursors — say those in the chat instead.',
      input: loopWriteInput,
      output: loopWriteOutput,
      annotations: WRITE,
      access: { scopes: ['loops:write'], howToGet: LOOP_SCOPES_HOW_TO_GET },
      run: (args, scope) => forward('/v1/loops/write', args, scope) as Out<typeof loopWriteOutput>,
      text: (r) => `${r.created ? 'Saved' : 'Updated'} "${r.item.title}" (${r.item.itemId}, version ${r.item.version}).`,
    }),
    defineTool({
      name: 'loop_share',
      title: 'Share a Loop',
      description: 'Add an andee (by &tag) to a Loop the caller owns. Membership only: it does not change any item’s visibility.',
      input: loopShareInput,
      output: loopShareOutput,
      annotations: IDEMPOTENT_WRITE,
      access: { scopes: ['loops:write'], howToGet: LOOP_SCOPES_HOW_TO_GET },
      run: (args, scope) => forward('/v1/loops/share', args, scope) as Out<typeof loopShareOutput>,
      text: (r) => (r.changed ? `${r.tag} can now see this Loop.` : `${r.tag} was already a member.`),
    }),
    defineTool({
      name: 'loop_unshare',
      title: 'Unshare a Loop',
      description: 'Remove an andee (by &tag) from a Loop the caller owns. The owner always stays.',
      input: loopShareInput,
      output: loopShareOutput,
      annotations: { ...IDEMPOTENT_WRITE, destructiveHint: true },
      access: { scopes: ['loops:write'], howToGet: LOOP_SCOPES_HOW_TO_GET },
      run: (args, scope) => forward('/v1/loops/unshare', args, scope) as Out<typeof loopShareOutput>,
      text: (r) => (r.changed ? `${r.tag} no longer sees this Loop.` : `${r.tag} was not a member.`),
    }),
    defineTool({
      name: 'loop_set_item_visibility',
      title: 'Set an item’s visibility',
      description:
        'Change who in a Loop sees an agent-authored item (members: every member; owner: only the owner) without changing membership. Items written by an andee are refused.',
      input: loopVisibilityInput,
      output: loopVisibilityOutput,
      annotations: IDEMPOTENT_WRITE,
      access: { scopes: ['loops:write'], howToGet: LOOP_SCOPES_HOW_TO_GET },
      run: (args, scope) => forward('/v1/loops/item-visibility', args, scope) as Out<typeof loopVisibilityOutput>,
      text: (r) => `"${r.item.title}" is now visible to ${r.item.visibility === 'owner' ? 'the owner only' : 'every member'}.`,
    }),
    defineTool({
      name: 'loop_archive',
      title: 'Archive a Loop',
      description:
        'Take a whole Loop off the active shelf without deleting anything (archived: false brings it back). History, items and conversation are kept.',
      input: loopArchiveInput,
      output: loopArchiveOutput,
      annotations: IDEMPOTENT_WRITE,
      access: { scopes: ['loops:write'], howToGet: LOOP_SCOPES_HOW_TO_GET },
      run: (args, scope) => forward('/v1/loops/archive', args, scope) as Out<typeof loopArchiveOutput>,
      text: (r) => `"${r.loop.title}" is ${r.loop.archived ? 'archived' : 'back on the active shelf'}.`,
    }),
    defineTool({
      name: 'run_outcome',
      title: 'End the current run',
      description:
        "Run-bound: needs the current turn's run token (X-Run-Token). Selects the run's terminal mode — one its outcome specification allows — with the result (completed) or the reason. The run's record and its visible chat message are written together. Any other mode is refused and the run stays open until its deadline.",
      input: runOutcomeInput,
      output: runOutcomeOutput,
      annotations: WRITE,
      access: { scopes: ['loops:write'], howToGet: LOOP_SCOPES_HOW_TO_GET },
      run: (args, scope) => forward('/v1/runs/outcome', args, scope) as Out<typeof runOutcomeOutput>,
      text: (r) => `Run ${r.runId} ended ${r.state}.`,
    }),
  ];
}

type Registration = NonNullable<McpEndpointOptions['registrations']>[number];

export const surfaceContractResource: Registration = (server) => {
  server.registerResource(
    'Loop surface contract',
    SURFACE_CONTRACT_URI,
    {
      title: 'Live Loop surface contract',
      description: 'The renderers and blocks this server supports (versioned, additive only; unknown blocks fall back to the item text).',
      mimeType: 'application/json',
    },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(SURFACE_CONTRACT) }] }),
  );
};
