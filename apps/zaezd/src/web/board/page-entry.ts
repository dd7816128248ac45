/**
 * The trip board on the web page `/t/:id`: the server embedded the BoardState as JSON beside the
 * skeleton, so the board renders at once, with no request of its own. Links stay plain links.
 */
import { BOARD_DATA_ID, BOARD_ROOT_ID, type BoardState } from './board-data.ts';
import { createTripBoard } from './render-board.ts';

const root = document.getElementById(BOARD_ROOT_ID);
const data = document.getElementById(BOARD_DATA_ID);
if (root && data?.textContent) {
  createTripBoard(root).render(JSON.parse(data.textContent) as BoardState);
}
