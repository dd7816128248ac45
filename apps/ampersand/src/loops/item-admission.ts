/**
 * What never belongs in a Loop (spec "What never belongs in a Loop"): an empty or placeholder
 * item, a "Loop started", progress or checkpoint item, an opaque cursor or batch marker (known by
 * its shape, opaque-markers.ts). Nor does raw evidence: a coordinate is the substrate a place was
 * refined out of (spec "Place evidence"), never an artifact's content. The Loop existing is not an
 * artifact; such a write is refused with the reason, and nothing is stored.
 */
import type { SurfaceBlock } from '../contracts/surface-contract.ts';
import { COORDINATE_TEXT } from '../evidence/place-evidence.ts';
import { isOnlyPagingState } from './opaque-markers.ts';

export type Refusal = { reason: 'empty' | 'placeholder' | 'progress' | 'cursor' | 'coordinates'; message: string };

const PLACEHOLDER = /^(tbd|todo|placeholder|lorem ipsum.*|coming soon|n\/?a|none|null|undefined|\.{2,}|-+|\?+|test|sample|example|xxx+)$/i;
const PROGRESS =
  /\b(loop (started|created|initiali[sz]ed|begun)|in progress|progress( update| report)?|checkpoint|step \d+ of \d+|\d+ ?% (done|complete)|working on it|started the loop|still working|batch \d+( of \d+)?)\b/i;

export function admissionRefusal(title: string, blocks: readonly SurfaceBlock[], fallbackText: string): Refusal | undefined {
  const texts = [title, fallbackText, ...blocks.flatMap(blockTexts)].map((t) => t.trim()).filter(Boolean);
  const body = [fallbackText, ...blocks.flatMap(blockTexts)].map((t) => t.trim()).filter(Boolean);
  if (body.length === 0) return { reason: 'empty', message: 'The item has no content; a Loop keeps only useful, durable results.' };
  if (body.every((t) => PLACEHOLDER.test(t))) return { reason: 'placeholder', message: 'The item is a placeholder; write it when there is a real result.' };
  if (texts.some((t) => PROGRESS.test(t)))
    return { reason: 'progress', message: 'Progress, checkpoint and "Loop started" notes are not artifacts; say them in the chat instead.' };
  if (isOnlyPagingState(title, body))
    return { reason: 'cursor', message: 'An opaque cursor or batch marker is not an artifact; keep paging state out of the Loop.' };
  if ([...texts, ...blocks.flatMap((b) => (b.type === 'link' ? [b.url] : []))].some((t) => COORDINATE_TEXT.test(t)))
    return { reason: 'coordinates', message: 'An item never carries coordinates; name the place instead of the point it was refined from.' };
  return undefined;
}

function blockTexts(block: SurfaceBlock): string[] {
  switch (block.type) {
    case 'heading':
    case 'paragraph':
      return [block.text];
    case 'bullet_list':
      return block.items;
    case 'recommendation':
      return [block.name, block.reason];
    case 'link':
      return [block.label];
  }
}
