/**
 * The trip board's one skeleton: the blocks the renderer (board/render-board.ts) fills, and the
 * map settings it reads. The web page puts it in its `<main>`; the widget document is this
 * skeleton and its script. Headings are fixed here so the two can only differ in their data.
 */
import type { TileSettings } from './board/board-map.ts';
import { BOARD_ROOT_ID } from './board/board-data.ts';

export function BoardSkeleton(props: { tiles: TileSettings }) {
  return (
    <div id={BOARD_ROOT_ID} class="trip-board" data-tile-url={props.tiles.url} data-tile-attribution={props.tiles.attribution} aria-busy="true">
      <p class="board-status" data-block="status" role="status">
        Загружаем поездку…
      </p>
      <p class="board-notice" data-block="notice" hidden></p>
      <header class="board-event" data-block="event" hidden></header>
      <section data-block="weather" hidden>
        <h2>Погода в дни мероприятия</h2>
        <div data-slot="body"></div>
      </section>
      <section data-block="packages" hidden>
        <h2>Пакеты</h2>
        <div class="package-grid" data-slot="body"></div>
      </section>
      <section data-block="places" hidden>
        <h2>Отели и площадка</h2>
        <p class="board-muted" data-slot="note" hidden></p>
        <div class="board-map" data-slot="map" hidden></div>
        <ol class="place-list" data-slot="list"></ol>
      </section>
      <section data-block="coverage" hidden>
        <h2>Что искали и чего нет</h2>
        <div data-slot="body"></div>
      </section>
      <section data-block="others" hidden>
        <h2>Другие подходящие мероприятия</h2>
        <ul data-slot="body"></ul>
      </section>
      <p class="board-footnote" data-block="footnote" hidden></p>
    </div>
  );
}
