/**
 * The trip board in a browser: the web page `/t/:id` and the MCP App widget both hand it a
 * BoardState, and it draws what board-view.ts renders into the shared skeleton
 * (board-skeleton.tsx), block by block, as DOM nodes and text — never HTML — so the same answer
 * reads the same, word for word, in a browser tab and in an agent's chat. The server writes the
 * same markup into the page for a browser without JavaScript; this adds what needs a script: the
 * map (Leaflet, or the list alone when tiles cannot load), "show on the map", the checkout
 * buttons ticked off once opened, and links sent through the host in the widget.
 *
 * This file makes the live board (live-board.ts) and hands it out; drawing is draw-board.ts, the
 * traveller's actions board-actions.ts and the click listener board-clicks.ts.
 */
import type { BoardState } from './board-data.ts';
import type { BoardHost } from './board-host.ts';
import { BoardMap, type MapState } from './board-map.ts';
import { answerClick } from './board-clicks.ts';
import { drawBoard } from './draw-board.ts';
import { block, type LiveBoard } from './live-board.ts';
import { MAP_SLOT } from './places-block.ts';

export interface TripBoard {
  render(state: BoardState): void;
  /** A line above the board: waiting for data, or why there is none. */
  message(text: string, tone: 'wait' | 'problem'): void;
  /** Re-measures the map after the frame around it changed. */
  refreshMap(): void;
}

export function createTripBoard(root: HTMLElement, host: BoardHost = {}): TripBoard {
  const status = block(root, 'status');
  const mapCanvas = document.createElement('div');
  mapCanvas.className = 'board-map';
  mapCanvas.dataset.slot = MAP_SLOT;
  const ui: LiveBoard['ui'] = {
    script: true,
    widget: host.widget ?? false,
    map: 'none',
    selected: null,
    opened: new Set(),
    asking: null,
    problem: null,
  };
  const map = new BoardMap(mapCanvas, { url: root.dataset.tileUrl ?? '', attribution: root.dataset.tileAttribution ?? '' }, (mapState: MapState) => {
    ui.map = mapState;
    // The tile server's attribution is its own text, usually English; the board around it is Russian.
    mapCanvas.querySelector('.leaflet-control-attribution')?.setAttribute('lang', 'en');
    drawBoard(board);
  });
  const board: LiveBoard = { root, host, status, mapCanvas, map, ui, state: null, view: null };

  root.addEventListener('click', (event) => answerClick(board, event));

  return {
    render(next) {
      board.state = next;
      drawBoard(board);
    },
    message(text, tone) {
      status.textContent = text;
      status.classList.toggle('board-problem', tone === 'problem');
      status.hidden = false;
      root.setAttribute('aria-busy', String(tone === 'wait'));
    },
    refreshMap() {
      map.invalidateSize();
    },
  };
}
