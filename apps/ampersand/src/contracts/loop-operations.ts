/**
 * The Loop operations (spec "Loop tool surface", "Hosted-runtime tools"), served by the API's Loop
 * handlers; the live surface contract is in every `loop_read` answer. `run_outcome` is run-bound:
 * the API refuses it without the turn's run token, which the MCP service relays with every call.
 */
import { declareOperation, IDEMPOTENT_WRITE, READ, WRITE } from './declare-operation.ts';
import {
  loopArchiveInput,
  loopArchiveOutput,
  loopComposeInput,
  loopComposeOutput,
  loopCreateInput,
  loopCreateOutput,
  loopMembersInput,
  loopMembersOutput,
  loopPinSkillInput,
  loopPinSkillOutput,
  loopReadInput,
  loopReadOutput,
  loopShareInput,
  loopShareOutput,
  loopUnshareOutput,
  loopVisibilityInput,
  loopVisibilityOutput,
  loopWriteInput,
  loopWriteOutput,
  runOutcomeInput,
  runOutcomeOutput,
} from './loop-contracts.ts';

export const loopOperations = [
  declareOperation({
    name: 'loop_read',
    path: '/v1/loops/read',
    title: 'Read a Loop',
    description:
      "Resolve an existing Loop before acting: by loopId, or by its exact title and skillId (reuse before create); with no argument, the caller's shelf (active and archived). Returns the Loop, its items (artifacts, with provenance and plain fallback text), its latest conversation and the live surface contract (renderers and blocks this server supports).",
    input: loopReadInput,
    output: loopReadOutput,
    annotations: READ,
    scopes: { all: ['loops:read'] },
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
            ...(r.shelf!.nextCursor ? ['More Loops, changed longer ago: call again with shelfCursor set to shelf.nextCursor.'] : []),
            `Surface contract v${r.surfaceContract.version}.`,
          ].join('\n'),
  }),
  declareOperation({
    name: 'loop_members',
    path: '/v1/loops/members',
    title: 'List Loop members',
    description: "List who is in a Loop (the owner and the andees it is shared with). Membership is what grants access; an item's visibility never does.",
    input: loopMembersInput,
    output: loopMembersOutput,
    annotations: READ,
    scopes: { all: ['loops:read'] },
    text: (r) => r.members.map((m) => `${m.name} (${m.tag}, ${m.role})`).join('\n'),
  }),
  declareOperation({
    name: 'loop_create',
    path: '/v1/loops/create',
    title: 'Create a Loop',
    description:
      'Create a Loop for one specific intent ("Family movie night", not "movies") with its exact title, a renderer from the live surface contract and the dedicated skill id. Reuse before create: when the caller already has a Loop with this exact title and skill id it is returned (reused: true), never duplicated. Seed only items the request already earned; never a "Loop started" item.',
    input: loopCreateInput,
    output: loopCreateOutput,
    annotations: IDEMPOTENT_WRITE,
    scopes: { all: ['loops:write'] },
    text: (r) => `${r.reused ? 'Reused the existing Loop' : 'Created the Loop'} "${r.loop.title}" (${r.loop.loopId}).`,
  }),
  declareOperation({
    name: 'loop_write',
    path: '/v1/loops/write',
    title: 'Write a Loop item',
    description:
      'Persist an earned artifact in a Loop (recommendation set, plan, list, synthesis, profile or decision), or a new version of one with itemId. Content is blocks from the live surface contract plus fallbackText; grounding is reference-only (ids, never private evidence). Refused: empty or placeholder items, "Loop started"/progress/checkpoint notes, opaque cursors and batch markers (known by their shape) — say those in the chat instead — and coordinates (name the place). Grounding ids must name facts or evidence you can see. Writing exactly what the Loop already holds (the same item, or an update that changes nothing) returns the stored item with changed: false and writes nothing.',
    input: loopWriteInput,
    output: loopWriteOutput,
    annotations: IDEMPOTENT_WRITE,
    scopes: { all: ['loops:write'] },
    text: (r) =>
      r.changed
        ? `${r.created ? 'Saved' : 'Updated'} "${r.item.title}" (${r.item.itemId}, version ${r.item.version}).`
        : `This Loop already holds exactly "${r.item.title}" (${r.item.itemId}, version ${r.item.version}); nothing was written.`,
  }),
  declareOperation({
    name: 'loop_share',
    path: '/v1/loops/share',
    title: 'Share a Loop',
    description:
      "Add an andee (by &tag) to a Loop the caller owns. One of the caller's connections becomes a member at once; anyone else is only invited (status: invited) and becomes a member when they accept in their & app, or never if they decline. Membership only: it does not change any item’s visibility.",
    input: loopShareInput,
    output: loopShareOutput,
    annotations: IDEMPOTENT_WRITE,
    scopes: { all: ['loops:write'] },
    text: (r) =>
      r.status === 'invited'
        ? `${r.tag} is not one of your connections, so ${r.changed ? 'they were invited' : 'their invitation is still waiting'}: they see this Loop only once they accept it in their & app.`
        : r.changed
          ? `${r.tag} can now see this Loop.`
          : `${r.tag} was already a member.`,
  }),
  declareOperation({
    name: 'loop_unshare',
    path: '/v1/loops/unshare',
    title: 'Unshare a Loop',
    description: 'Remove an andee (by &tag) from a Loop the caller owns, or withdraw their invitation. The owner always stays.',
    input: loopShareInput,
    output: loopUnshareOutput,
    annotations: { ...IDEMPOTENT_WRITE, destructiveHint: true },
    scopes: { all: ['loops:write'] },
    text: (r) => (r.changed ? `${r.tag} no longer sees this Loop (or is no longer invited to it).` : `${r.tag} was not a member.`),
  }),
  declareOperation({
    name: 'loop_set_item_visibility',
    path: '/v1/loops/item-visibility',
    title: 'Set an item’s visibility',
    description:
      'Change who in a Loop sees an agent-authored item (members: every member; owner: only the owner) without changing membership. Items written by an andee are refused.',
    input: loopVisibilityInput,
    output: loopVisibilityOutput,
    annotations: IDEMPOTENT_WRITE,
    scopes: { all: ['loops:write'] },
    text: (r) => `"${r.item.title}" is now visible to ${r.item.visibility === 'owner' ? 'the owner only' : 'every member'}.`,
  }),
  declareOperation({
    name: 'loop_archive',
    path: '/v1/loops/archive',
    title: 'Archive a Loop',
    description: 'Take a whole Loop off the active shelf without deleting anything (archived: false brings it back). History, items and conversation are kept.',
    input: loopArchiveInput,
    output: loopArchiveOutput,
    annotations: IDEMPOTENT_WRITE,
    scopes: { all: ['loops:write'] },
    text: (r) => `"${r.loop.title}" is ${r.loop.archived ? 'archived' : 'back on the active shelf'}.`,
  }),
  declareOperation({
    name: 'run_outcome',
    path: '/v1/runs/outcome',
    title: 'End the current run',
    description:
      "Run-bound: needs the current turn's run token (X-Run-Token). Selects the run's terminal mode — one its outcome specification allows — with the result (completed) or the reason. The run's record and its visible chat message are written together. Any other mode is refused and the run stays open until its deadline.",
    input: runOutcomeInput,
    output: runOutcomeOutput,
    annotations: WRITE,
    scopes: { all: ['loops:write'] },
    turnScoped: true,
    text: (r) => `Run ${r.runId} ended ${r.state}.`,
  }),
] as const;

/** Authoring a Loop's skill and composing its surface are first-party: the hosted runtime's alone. */
export const hostedLoopOperations = [
  declareOperation({
    name: 'loop_pin_skill',
    path: '/v1/loops/pin-skill',
    title: 'Pin the Loop skill',
    description:
      "Pin the Loop's dedicated skill release at birth, write-once: its content and outcome specification. Returns only the version and the SHA-256 digest; pinning other content later is refused.",
    input: loopPinSkillInput,
    output: loopPinSkillOutput,
    annotations: IDEMPOTENT_WRITE,
    scopes: { all: ['loops:write'] },
    hostedRuntimeOnly: true,
    text: (r) => `Pinned version ${r.version} (digest ${r.digest}).`,
  }),
  declareOperation({
    name: 'loop_compose',
    path: '/v1/loops/compose',
    title: 'Compose the Loop surface',
    description:
      'Replace the Loop presentation only (never its items or conversation) with blocks the live surface contract exposes; an unknown block is refused. Use it only when a supported surface materially improves the artifact.',
    input: loopComposeInput,
    output: loopComposeOutput,
    annotations: IDEMPOTENT_WRITE,
    scopes: { all: ['loops:write'] },
    hostedRuntimeOnly: true,
    text: (r) => `Composed ${r.blocks} block${r.blocks === 1 ? '' : 's'} (renderer ${r.renderer}, contract v${r.contractVersion}).`,
  }),
] as const;
