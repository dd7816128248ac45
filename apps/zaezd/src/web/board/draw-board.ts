/**
 * Draws a live board's answer: each block board-view.ts renders, as DOM nodes and text (never
 * HTML), into the skeleton, the map's canvas in its slot; then the map, once it may show, with
 * the places the view names. Every change of the answer or of what the traveller did draws again.
 */
import type { MapPlace } from './board-map.ts';
import { BLOCK_NAMES, boardBlocks, mapPlaces } from './board-view.ts';
import { viewOf } from './board-view-model.ts';
import { block, type LiveBoard } from './live-board.ts';
import { MAP_SLOT } from './places-block.ts';
import { toDom } from './markup.ts';

export function drawBoard(board: LiveBoard): void {
  const { root, status, mapCanvas, map, ui } = board;
  if (!board.state) return;
  const current = viewOf(board.state);
  if (!current) return;
  board.view = current;
  status.hidden = true;
  const hasPlaces = mapPlaces(current).length > 0;
  if (!hasPlaces) ui.map = 'none';
  else if (ui.map === 'none') ui.map = map.current;
  const blocks = boardBlocks(current, ui);
  for (const name of BLOCK_NAMES) {
    const element = block(root, name);
    const content = blocks[name];
    element.hidden = content === null;
    element.replaceChildren(...toDom(content ?? [], { [MAP_SLOT]: mapCanvas }));
  }
  mapCanvas.classList.toggle('is-pending', ui.map === 'loading');
  root.dataset.map = ui.map;
  root.dataset.details = current.pending ? 'pending' : 'complete';
  root.setAttribute('aria-busy', String(current.pending));
  if (ui.map === 'loading' || ui.map === 'ready') {
    map.show(
      mapPlaces(current).map(
        (p): MapPlace => ({
          kind: p.kind,
          lat: p.point!.lat,
          lon: p.point!.lon,
          badge: p.badge,
          title: p.kind === 'venue' ? `Площадка: ${p.name}` : p.name,
          packages: p.packages,
        }),
      ),
    );
  }
}
