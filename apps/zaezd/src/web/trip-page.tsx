/**
 * `/t/:trip_id` as a page: the trip board's skeleton with the BoardState embedded as JSON and the
 * board's script, which renders it with the same renderer the widget uses — there is no second,
 * server-side rendering to drift from it. Checkout buttons go through `/t/:id/go/…`, which asks
 * Tutu for a fresh link at click time.
 */
import type { BoardState } from './board/board-data.ts';
import { BOARD_DATA_ID } from './board/board-data.ts';
import type { TileSettings } from './board/board-map.ts';
import { BoardSkeleton } from './board-skeleton.tsx';
import { embeddedJson } from './embedded-json.ts';
import { ZaezdPage } from './layout.tsx';

export const BOARD_SCRIPT_PATH = '/assets/trip-board.js';
export const BOARD_STYLESHEET_PATH = '/assets/trip-board.css';

export function TripPage(props: { state: BoardState; tiles: TileSettings; assetsVersion: string }) {
  const event = props.state.trip?.event;
  return (
    <ZaezdPage title={event ? `Поездка на «${event.title}»` : 'Подходящее мероприятие не нашлось'} lang="ru">
      <link rel="stylesheet" href={`${BOARD_STYLESHEET_PATH}?v=${props.assetsVersion}`} />
      <noscript>
        <p class="notice">Доске поездки нужен JavaScript. Та же поездка в JSON — по этому адресу с заголовком Accept: application/json.</p>
      </noscript>
      <BoardSkeleton tiles={props.tiles} />
      <script type="application/json" id={BOARD_DATA_ID} dangerouslySetInnerHTML={{ __html: embeddedJson(props.state) }} />
      <script src={`${BOARD_SCRIPT_PATH}?v=${props.assetsVersion}`} defer />
    </ZaezdPage>
  );
}
