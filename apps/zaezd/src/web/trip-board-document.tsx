/**
 * The widget document served as `ui://zaezd/trip-board`: the board's skeleton with its
 * stylesheets and script inlined, because the host's sandbox allows no script or style files
 * unless declared and loads this document from no URL of ours. Built once per process.
 */
import { htmlDocument } from '@agent-products/kit/web';
import type { BoardAssets } from './board-assets.ts';
import type { TileSettings } from './board/board-map.ts';
import { BoardSkeleton } from './board-skeleton.tsx';

export function tripBoardDocument(assets: BoardAssets, tiles: TileSettings): string {
  const css = assets.stylesheet;
  if (/<\/style/i.test(css)) throw new TypeError('A stylesheet to inline contains </style');
  return htmlDocument(
    <html lang="ru">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Доска поездки · zaezd</title>
        <style dangerouslySetInnerHTML={{ __html: css }} />
      </head>
      <body class="board-widget">
        <main>
          <BoardSkeleton tiles={tiles} />
        </main>
        <script dangerouslySetInnerHTML={{ __html: assets.widgetScript }} />
      </body>
    </html>,
  );
}
