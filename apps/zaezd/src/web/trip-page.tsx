/**
 * `/t/:trip_id` as a page: the trip board's skeleton with its blocks already rendered by the
 * board's renderer (board/board-view.ts), so the trip reads without JavaScript, the BoardState
 * embedded as JSON, and the board's script, which draws the same renderer's markup over it and
 * adds the map. Checkout buttons go through `/t/:id/go/…`, which asks Tutu for a fresh link at
 * click time. When no event matched, the search form follows the board, filled with the request.
 */
import type { BoardState } from './board/board-data.ts';
import { BOARD_DATA_ID } from './board/board-data.ts';
import type { TileSettings } from './board/board-map.ts';
import { boardBlocks } from './board/board-view.ts';
import { viewOf } from './board/board-view-model.ts';
import { BoardSkeleton, type RenderedBoard } from './board-skeleton.tsx';
import { embeddedJson } from './embedded-json.ts';
import { ZaezdPage } from './layout.tsx';
import { SearchForm, type SearchFields } from './search-form.tsx';
import type { TripResult } from '../trips/trip-result.ts';

export const BOARD_SCRIPT_PATH = '/assets/trip-board.js';
export const BOARD_STYLESHEET_PATH = '/assets/trip-board.css';

/** The board as a browser without JavaScript sees it: no map, nothing opened yet. */
export function renderedBoard(state: BoardState): RenderedBoard | undefined {
  const view = viewOf(state);
  return view
    ? {
        blocks: boardBlocks(view, { script: false, widget: false, map: 'none', selected: null, opened: new Set(), asking: null, problem: null }),
        pending: view.pending,
      }
    : undefined;
}

/** The request as the search form's fields, to change and run again. */
function searchFieldsOf(request: TripResult['request']): SearchFields {
  return {
    topics: request.topics.join(', '),
    origin: request.origin.name,
    date_from: request.date_from,
    date_to: request.date_to,
    adults: String(request.adults),
    budget: request.budget === null ? '' : String(request.budget),
  };
}

export function TripPage(props: { state: BoardState; tiles: TileSettings; assetsVersion: string }) {
  const event = props.state.trip?.event;
  const request = props.state.trip?.request;
  const rendered = renderedBoard(props.state);
  return (
    <ZaezdPage title={event ? `Поездка на «${event.title}»` : 'Подходящее мероприятие не нашлось'} lang="ru">
      <link rel="stylesheet" href={`${BOARD_STYLESHEET_PATH}?v=${props.assetsVersion}`} />
      <BoardSkeleton tiles={props.tiles} {...(rendered ? { rendered } : {})} />
      {request && !event ? (
        <section class="search-again" aria-labelledby="search-again">
          <h2 id="search-again">Новый поиск</h2>
          <SearchForm fields={searchFieldsOf(request)} />
        </section>
      ) : null}
      <script type="application/json" id={BOARD_DATA_ID} dangerouslySetInnerHTML={{ __html: embeddedJson(props.state) }} />
      <script src={`${BOARD_SCRIPT_PATH}?v=${props.assetsVersion}`} defer />
    </ZaezdPage>
  );
}
