/**
 * The files zaezd's pages load from the site itself: the stylesheet, and the trip board's script
 * and stylesheet (board-assets.ts), whose versioned URLs let browsers keep them for good.
 */
import type { Hono } from 'hono';
import type { AppEnv } from '@agent-products/kit/http';
import { boardAssets } from './board-assets.ts';
import { STYLESHEET_PATH } from './layout.tsx';
import { SITE_CSS } from './site-css.ts';
import { BOARD_SCRIPT_PATH, BOARD_STYLESHEET_PATH } from './trip-page.tsx';

/** Versioned URLs (`?v=<hash>`) change with their content, so browsers may keep them for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

export function mountSiteAssets(app: Hono<AppEnv>): void {
  app.get(STYLESHEET_PATH, (c) => c.body(SITE_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'public, max-age=3600' }));

  app.get(BOARD_SCRIPT_PATH, async (c) =>
    c.body((await boardAssets()).pageScript, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': IMMUTABLE }),
  );
  app.get(BOARD_STYLESHEET_PATH, async (c) =>
    c.body((await boardAssets()).stylesheet, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': IMMUTABLE }),
  );
}
