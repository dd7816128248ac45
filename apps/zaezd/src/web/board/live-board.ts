/**
 * One trip board on screen, as every part of its script shares it (render-board.ts makes it): the
 * skeleton's root and status line, the map and its canvas, what the surroundings offer, the answer
 * drawn and the view made of it, and what the traveller did (BoardUi, with the checkout items
 * already opened).
 */
import type { BoardState } from './board-data.ts';
import type { BoardHost } from './board-host.ts';
import type { BoardMap } from './board-map.ts';
import type { BoardUi, View } from './board-view-model.ts';

export interface LiveBoard {
  readonly root: HTMLElement;
  readonly host: BoardHost;
  /** The line above the board: waiting for data, or why there is none. */
  readonly status: HTMLElement;
  readonly mapCanvas: HTMLElement;
  readonly map: BoardMap;
  readonly ui: BoardUi & { opened: Set<string> };
  /** The answer last given to render, kept up to date with the checkout links asked for in place. */
  state: BoardState | null;
  /** The view last drawn. */
  view: View | null;
}

/** One block of the skeleton (board-skeleton.tsx), by its `data-block` name. */
export function block(root: HTMLElement, name: string): HTMLElement {
  const found = root.querySelector<HTMLElement>(`[data-block="${name}"]`);
  if (!found) throw new TypeError(`The trip board skeleton has no "${name}" block`);
  return found;
}
