/**
 * The live surface contract: the renderers a Loop may be shown with and the blocks an item's
 * content may be composed of. Agents read it (in `loop_read` and as the MCP resource
 * `ampersand://loops/surface-contract`) before choosing a renderer or composing. Changes are
 * additive only, each bumping `version`; a client that does not know a block shows the item's
 * `fallbackText`, which every item must carry.
 */
import * as z from 'zod';
import { isSafeLinkUrl, LINK_URL_RULE } from './link-urls.ts';

export const SURFACE_CONTRACT_URI = 'ampersand://loops/surface-contract';

export const RENDERERS = ['conversation', 'list', 'recommendations', 'plan', 'synthesis', 'profile', 'decision'] as const;
export const ITEM_KINDS = ['recommendation_set', 'plan', 'list', 'synthesis', 'profile', 'decision'] as const;

export const surfaceBlock = z.discriminatedUnion('type', [
  z.object({ type: z.literal('heading'), text: z.string().min(1).max(200) }).strict(),
  z.object({ type: z.literal('paragraph'), text: z.string().min(1).max(4000) }).strict(),
  z.object({ type: z.literal('bullet_list'), items: z.array(z.string().min(1).max(500)).min(1).max(50) }).strict(),
  z.object({ type: z.literal('recommendation'), name: z.string().min(1).max(200), reason: z.string().min(1).max(1000) }).strict(),
  z
    .object({
      type: z.literal('link'),
      label: z.string().min(1).max(200),
      url: z.string().url().max(2000).refine(isSafeLinkUrl, { message: LINK_URL_RULE }),
    })
    .strict(),
]);
export type SurfaceBlock = z.output<typeof surfaceBlock>;

export const SURFACE_CONTRACT = {
  version: 1,
  renderers: [...RENDERERS],
  itemKinds: [...ITEM_KINDS],
  blocks: [
    { type: 'heading', fields: ['text'] },
    { type: 'paragraph', fields: ['text'] },
    { type: 'bullet_list', fields: ['items'] },
    { type: 'recommendation', fields: ['name', 'reason'] },
    { type: 'link', fields: ['label', 'url'] },
  ],
  fallback: 'Every item carries fallbackText; a client that does not know a block or renderer shows that text.',
  compatibility: 'Additive only: a new renderer or block raises version; nothing is removed or changes meaning.',
} as const;

export const surfaceContractOutput = z.object({
  version: z.number().int(),
  renderers: z.array(z.string()),
  itemKinds: z.array(z.string()),
  blocks: z.array(z.object({ type: z.string(), fields: z.array(z.string()) })),
  fallback: z.string(),
  compatibility: z.string(),
});
