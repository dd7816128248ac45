/** The trip board's notice block: the demo-data or upstream notice, said once at the top. */
import type { View } from './board-view-model.ts';
import { sentence } from './block-parts.ts';
import type { Markup } from './markup.ts';

export function noticeBlock(view: View): Markup[] | null {
  if (view.notice === null) return null;
  return [sentence(view.notice)];
}
