/**
 * The trip board's one renderer: a BoardState in, the markup of each block of the skeleton out
 * (board-skeleton.tsx), as plain data (markup.ts). Each block has its own file
 * (`<name>-block.ts`); this one puts them together. The browser turns it into DOM on the web page
 * and in the MCP App widget (render-board.ts); the server writes the same markup into the page
 * so the trip reads without JavaScript. Nothing here touches the DOM, so both outputs come from
 * the same words.
 *
 * Order: the event in two lines, then the packages (times, durations and prices large, the
 * checkout checklist), the weather, the places, what the event is, what was searched and not
 * covered, and other matching events, each a link to its own board. The board speaks Russian; a
 * text it quotes in another language (an event description, Tutu's messages) is marked with its
 * `lang`.
 */
import { aboutBlock } from './about-block.ts';
import type { BoardUi, View } from './board-view-model.ts';
import { link } from './block-parts.ts';
import { coverageBlock } from './coverage-block.ts';
import { eventBlock } from './event-block.ts';
import type { Markup } from './markup.ts';
import { noticeBlock } from './notice-block.ts';
import { othersBlock } from './others-block.ts';
import { packagesBlock } from './packages-block.ts';
import { type BoardPlace, placesBlock, placesOf } from './places-block.ts';
import { weatherBlock } from './weather-block.ts';

export const BLOCK_NAMES = ['notice', 'event', 'packages', 'weather', 'places', 'about', 'coverage', 'others', 'footnote'] as const;
export type BlockName = (typeof BLOCK_NAMES)[number];
/** Each block's content; null hides the block. */
export type Blocks = Record<BlockName, Markup[] | null>;

export function boardBlocks(view: View, ui: BoardUi): Blocks {
  return {
    notice: noticeBlock(view),
    event: eventBlock(view),
    packages: packagesBlock(view, ui),
    weather: weatherBlock(view),
    places: placesBlock(view, ui),
    about: aboutBlock(view),
    coverage: coverageBlock(view),
    others: othersBlock(view),
    // The page is the web version; only the widget in a chat links to it.
    footnote: ui.widget
      ? ['Доска собирается заново при каждом открытии, с текущими ценами Туту. Веб-версия: ', link(view.webUrl, 'открыть в браузере')]
      : ['Доска собирается заново при каждом открытии, с текущими ценами Туту.'],
  };
}

/** What the map shows: the places that have coordinates. */
export function mapPlaces(view: View): BoardPlace[] {
  return view.event ? placesOf(view.event, view.packages).filter((p) => p.point !== null) : [];
}
