/**
 * The security headers of every Chengdu Soul page, chosen by its address: the owner's planning
 * pages and "Plan published" may run their small script (owner-script.ts), the pages with a map
 * may load the map's script and tiles (map-tiles.ts), and every other page runs no script.
 */
import type { Hono } from 'hono';
import type { AppEnv } from '@agent-products/kit/http';
import { PAGE_CSP, securityHeaders } from '@agent-products/kit/web';
import { mapPageCsp, type TileSettings } from './map-tiles.ts';

/** The owner's planning pages and "Plan published" may run their small script (owner-script.ts); every other page runs none but the map's. */
const OWNER_PAGES = new Set(['/', '/plan', '/plan/confirm']);

/** Pages with a map (points-map.tsx): the directory, the scene pages and the traveler's page. */
function hasMap(path: string): boolean {
  return path === '/agents' || path.startsWith('/agents/scenes/') || path.startsWith('/p/');
}

export function mountPageHeaders(app: Hono<AppEnv>, tiles: TileSettings): void {
  const pageHeaders = securityHeaders();
  const ownerPageHeaders = securityHeaders(`${PAGE_CSP}; script-src 'self'`);
  const mapPageHeaders = securityHeaders(mapPageCsp(tiles));
  app.use('*', (c, next) => (OWNER_PAGES.has(c.req.path) ? ownerPageHeaders(c, next) : hasMap(c.req.path) ? mapPageHeaders(c, next) : pageHeaders(c, next)));
}
