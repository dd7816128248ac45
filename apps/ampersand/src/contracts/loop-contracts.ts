/**
 * The Loop tools' shapes, shared by the MCP service (what it advertises) and the API (what it
 * validates and answers): spec "Loop tool surface".
 */
import * as z from 'zod';
import { ITEM_KINDS, RENDERERS, surfaceBlock, surfaceContractOutput } from './surface-contract.ts';
import { TERMINAL_STATES, type TerminalState } from '../store/loop-tables.ts';

const loopId = z.string().min(1).max(100).describe('The Loop id, stable through every route, run and client');
const idempotencyKey = z
  .string()
  .min(8)
  .max(200)
  .optional()
  .describe('Optional: the same key with the same arguments returns the first answer; reuse with other arguments is refused');
/** Earlier versions of an item shown with it (loop_read, the Loop page), newest first; its `version` says how many there are in all. */
export const HISTORY_SHOWN = 20;

const referenceId = z.string().regex(/^[A-Za-z0-9_:.-]{1,100}$/);

export const itemInput = z
  .object({
    itemId: z.string().min(1).max(100).optional().describe('Set to update an existing item (its previous version is kept in history)'),
    kind: z.enum(ITEM_KINDS),
    title: z.string().min(1).max(200),
    blocks: z.array(surfaceBlock).max(100).describe('Content from the blocks the live surface contract exposes'),
    fallbackText: z.string().max(8000).describe('The plain rendering shown by clients that do not know a block'),
    grounding: z
      .array(referenceId)
      .max(50)
      .optional()
      .describe('Reference-only grounding: ids of the signals or evidence the item rests on, never the evidence itself'),
  })
  .strict();

const summary = z.object({
  loopId: z.string(),
  title: z.string(),
  renderer: z.string(),
  skillId: z.string(),
  skill: z.object({ version: z.number().int(), digest: z.string() }).nullable(),
  owner: z.object({ tag: z.string(), name: z.string() }),
  role: z.enum(['owner', 'member']),
  archived: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const itemOutput = z.object({
  itemId: z.string(),
  kind: z.string(),
  title: z.string(),
  blocks: z.array(z.record(z.string(), z.unknown())),
  fallbackText: z.string(),
  grounding: z.array(z.string()),
  provenance: z.object({ runId: z.string(), skillId: z.string(), version: z.number().int(), digest: z.string() }).nullable(),
  author: z.enum(['agent', 'andee']),
  visibility: z.enum(['members', 'owner']),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const message = z.object({
  messageId: z.string(),
  seq: z.number().int(),
  role: z.enum(['andee', 'agent', 'system']),
  body: z.string(),
  runId: z.string().nullable(),
  terminalState: z.enum(TERMINAL_STATES as [TerminalState, ...TerminalState[]]).nullable(),
  correlationId: z.string().nullable(),
  createdAt: z.string(),
});

export const loopReadInput = z
  .object({
    loopId: loopId.optional(),
    title: z.string().min(1).max(200).optional().describe('With skillId: find the Loop with this exact title (reuse before create)'),
    skillId: z.string().min(1).max(100).optional(),
    shelfCursor: z.string().min(1).max(400).optional().describe("With no Loop named: shelf.nextCursor, for the shelf's next page"),
  })
  .strict()
  .refine((v) => (v.title === undefined) === (v.skillId === undefined), { message: 'title and skillId go together', path: ['title'] })
  .refine((v) => v.shelfCursor === undefined || (v.loopId === undefined && v.title === undefined), {
    message: 'shelfCursor pages the shelf: name no Loop with it',
    path: ['shelfCursor'],
  });

export const loopReadOutput = z.object({
  shelf: z
    .object({
      active: z.array(summary),
      archived: z.array(summary),
      nextCursor: z.string().nullable().describe('More Loops, older: pass it back as shelfCursor; null on the last page'),
    })
    .nullable()
    .describe("The caller's Loops when no Loop was named, most recently changed first, 200 a page across both lists"),
  loop: summary
    .extend({
      composition: z.array(z.record(z.string(), z.unknown())).describe('The composed surface (hosted runtime), empty when none'),
      items: z.array(
        itemOutput.extend({
          history: z
            .array(
              z.object({
                version: z.number().int(),
                title: z.string(),
                fallbackText: z.string(),
                provenance: itemOutput.shape.provenance,
                recordedAt: z.string().describe('When this version was replaced'),
              }),
            )
            .describe(`The item's earlier versions, newest first: the latest ${HISTORY_SHOWN} of the version - 1 there are`),
        }),
      ),
      conversation: z.array(message).describe('The latest messages, oldest first; conversation.seq is its version'),
      withheld: z
        .object({
          items: z.number().int().describe('Items left out of items'),
          messages: z.number().int().describe('Messages in conversation whose body is replaced'),
          reason: z.string(),
        })
        .nullable()
        .describe(
          "What a client that is not the andee's own & app was not shown: items grounded in or quoting facts it may not see (private, connected-only, pending review), and messages quoting them; null when nothing was withheld",
        ),
    })
    .nullable(),
  surfaceContract: surfaceContractOutput,
});

export const loopMembersInput = z.object({ loopId }).strict();
export const loopMembersOutput = z.object({
  loopId: z.string(),
  members: z.array(z.object({ tag: z.string(), name: z.string(), role: z.enum(['owner', 'member']), since: z.string() })),
});

export const loopCreateInput = z
  .object({
    title: z.string().trim().min(1).max(200).describe('The exact visible title of one specific intent, e.g. "Family movie night"'),
    renderer: z.enum(RENDERERS).describe('A renderer from the live surface contract'),
    skillId: z
      .string()
      .regex(/^[a-z][a-z0-9_]{2,99}$/)
      .describe('The dedicated skill id'),
    seedItems: z
      .array(itemInput.omit({ itemId: true }))
      .max(10)
      .optional()
      .describe('Only durable items the request already earned'),
    idempotencyKey,
  })
  .strict();
export const loopCreateOutput = z.object({
  loop: summary,
  reused: z.boolean().describe('True when a Loop with this exact title and skill id already existed and is returned instead'),
});

export const loopWriteInput = z.object({ loopId, item: itemInput, idempotencyKey }).strict();
export const loopWriteOutput = z.object({
  loopId: z.string(),
  item: itemOutput,
  created: z.boolean(),
  changed: z.boolean().describe('False when the Loop already held exactly this item (or this version): the stored one is returned and nothing was written'),
});

export const loopShareInput = z.object({ loopId, tag: z.string().min(1).max(40).describe('The &tag of the andee to add or remove'), idempotencyKey }).strict();
export const loopUnshareOutput = z.object({ loopId: z.string(), tag: z.string(), changed: z.boolean(), members: loopMembersOutput.shape.members });
export const loopShareOutput = loopUnshareOutput.extend({
  status: z
    .enum(['member', 'invited'])
    .describe(
      "member: the andee is a member and sees the Loop. invited: they are not one of the owner's connections, so they were only invited; they see the Loop once they accept it in their & app, and are not a member (nor in members) until then",
    ),
});

export const loopVisibilityInput = z
  .object({
    loopId,
    itemId: z.string().min(1).max(100),
    visibility: z.enum(['members', 'owner']).describe('members: every member sees it; owner: only the Loop owner'),
  })
  .strict();
export const loopVisibilityOutput = z.object({ loopId: z.string(), item: itemOutput });

export const loopArchiveInput = z
  .object({ loopId, archived: z.boolean().optional().describe('false brings it back to the active shelf; default true') })
  .strict();
export const loopArchiveOutput = z.object({ loop: summary });

export const runOutcomeInput = z
  .object({
    mode: z.enum(TERMINAL_STATES as [TerminalState, ...TerminalState[]]).describe('A terminal mode the run outcome specification allows'),
    summary: z.string().min(1).max(4000).describe('For completed: the useful result in plain words; otherwise the reason'),
  })
  .strict();
export const runOutcomeOutput = z.object({ runId: z.string(), state: z.string(), messageId: z.string(), correlationId: z.string() });

export type LoopReadOutput = z.output<typeof loopReadOutput>;

export const loopPinSkillInput = z
  .object({
    loopId,
    content: z
      .object({
        instructions: z.string().min(1).max(20_000),
        tools: z
          .array(z.string().regex(/^[a-z][a-z0-9_]{0,63}$/))
          .max(30)
          .optional(),
      })
      .strict()
      .describe('The skill release content; its SHA-256 over canonical JSON is the digest'),
    outcomeSpec: z
      .object({
        artifactKinds: z.array(z.enum(ITEM_KINDS)).min(1),
        terminalModes: z.array(z.enum(TERMINAL_STATES as [TerminalState, ...TerminalState[]])).min(1),
      })
      .strict()
      .describe('Which artifact kinds a run may write and which terminal modes it may select'),
  })
  .strict();
export const loopPinSkillOutput = z.object({ version: z.number().int(), digest: z.string().describe('SHA-256 (hex) of the canonical JSON of the release') });

export const loopComposeInput = z
  .object({
    loopId,
    renderer: z.enum(RENDERERS).optional().describe('Keep the Loop renderer unless a supported one materially improves the artifact'),
    blocks: z.array(z.record(z.string(), z.unknown())).min(1).max(100).describe('Presentation blocks; each type must be one the live surface contract exposes'),
  })
  .strict();
export const loopComposeOutput = z.object({ loopId: z.string(), renderer: z.string(), blocks: z.number().int(), contractVersion: z.number().int() });
