/**
 * The files every page loads from the site itself: the stylesheet, the owner pages' script, and
 * the map's script, Leaflet and its stylesheet. Each is the same for everyone, so browsers may
 * keep it for an hour.
 */
import type { Hono } from 'hono';
import type { AppEnv } from '@agent-products/kit/http';
import { STYLESHEET_PATH } from './layout.tsx';
import { LEAFLET_SCRIPT_PATH, MAP_SCRIPT, MAP_SCRIPT_PATH, MAP_STYLESHEET_PATH, leafletFiles } from './map-assets.ts';
import { OWNER_SCRIPT, OWNER_SCRIPT_PATH } from './owner-script.ts';
import { SITE_CSS } from './site-css.ts';

export function mountSiteAssets(app: Hono<AppEnv>): void {
  app.get(OWNER_SCRIPT_PATH, (c) => c.body(OWNER_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=3600' }));
  const cacheable = 'public, max-age=3600';
  app.get(LEAFLET_SCRIPT_PATH, (c) => c.body(leafletFiles().script, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': cacheable }));
  app.get(MAP_SCRIPT_PATH, (c) => c.body(MAP_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': cacheable }));
  app.get(MAP_STYLESHEET_PATH, (c) => c.body(leafletFiles().stylesheet, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': cacheable }));
  app.get(STYLESHEET_PATH, (c) => c.body(SITE_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'public, max-age=3600' }));
}
