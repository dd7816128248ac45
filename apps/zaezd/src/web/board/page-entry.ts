/**
 * The trip board on the web page `/t/:id`: the server embedded the BoardState as JSON beside the
 * skeleton, so the board renders at once, with no request of its own. Links stay plain links;
 * «get links» asks zaezd for that package's checkout (`/t/:id/checkout/:n`, create_trip_checkout's
 * answer as JSON) and draws the buttons in place, where without a script it loads the board with them.
 */
import type { TripCheckout } from '../../trips/trip-checkout.ts';
import { BOARD_DATA_ID, BOARD_ROOT_ID, type BoardState } from './board-data.ts';
import { createTripBoard } from './render-board.ts';

async function prepareCheckout(tripId: string, packageNumber: number): Promise<TripCheckout> {
  const response = await fetch(`/t/${encodeURIComponent(tripId)}/checkout/${packageNumber}`, { headers: { Accept: 'application/json' } }).catch(() => null);
  if (!response?.ok) throw new Error('Туту сейчас не дал ссылки. Попробуйте через минуту.');
  return (await response.json()) as TripCheckout;
}

const root = document.getElementById(BOARD_ROOT_ID);
const data = document.getElementById(BOARD_DATA_ID);
if (root && data?.textContent) {
  createTripBoard(root, { prepareCheckout }).render(JSON.parse(data.textContent) as BoardState);
}
