/**
 * The trip board's one skeleton: a status line and the blocks the renderer (board/board-view.ts)
 * fills, in the order a traveller reads them, plus the map settings the browser reads. The
 * widget document is this skeleton, empty, and its script; the web page `/t/:id` writes the
 * rendered blocks in as well (the `rendered` prop), so the trip reads without JavaScript, and
 * its script draws the same markup over them.
 */
import type { TileSettings } from './board/board-map.ts';
import { BOARD_ROOT_ID } from './board/board-data.ts';
import { BLOCK_NAMES, type Blocks } from './board/board-view.ts';
import { toHtml } from './board/markup.ts';

const BLOCK_TAGS: Readonly<Record<(typeof BLOCK_NAMES)[number], 'p' | 'header' | 'section'>> = {
  notice: 'p',
  event: 'header',
  packages: 'section',
  weather: 'section',
  places: 'section',
  about: 'section',
  coverage: 'section',
  others: 'section',
  footnote: 'p',
};

export interface RenderedBoard {
  blocks: Blocks;
  pending: boolean;
}

export function BoardSkeleton(props: { tiles: TileSettings; rendered?: RenderedBoard }) {
  const { rendered } = props;
  return (
    <div
      id={BOARD_ROOT_ID}
      class="trip-board"
      data-tile-url={props.tiles.url}
      data-tile-attribution={props.tiles.attribution}
      aria-busy={rendered ? String(rendered.pending) : 'true'}
      {...(rendered ? { 'data-map': 'none', 'data-details': rendered.pending ? 'pending' : 'complete' } : {})}
    >
      <p class="board-status" data-block="status" role="status" hidden={rendered !== undefined}>
        Загружаем поездку…
      </p>
      {BLOCK_NAMES.map((name) => {
        const Tag = BLOCK_TAGS[name];
        const content = rendered?.blocks[name] ?? null;
        const html = content ? toHtml(content) : '';
        return (
          <Tag
            class={name === 'notice' || name === 'footnote' ? `board-${name}` : undefined}
            data-block={name}
            hidden={content === null}
            dangerouslySetInnerHTML={{ __html: html }}
          />
        );
      })}
    </div>
  );
}
