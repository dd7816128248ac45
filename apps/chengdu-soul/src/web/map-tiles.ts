/**
 * The CSP a page with a map sends: its own scripts, and images from the tile server's origin only.
 */
import { PAGE_CSP } from '@agent-products/kit/web';
import { tileOrigin, type TileSettings } from '../tile-settings.ts';

export { DEFAULT_TILES, type TileSettings } from '../tile-settings.ts';

/** The public pages' CSP with the map's scripts (this origin only) and the tile server's images. */
export function mapPageCsp(tiles: TileSettings): string {
  return PAGE_CSP.replace("img-src 'self' data:", `img-src 'self' data: ${tileOrigin(tiles.url)}`).replace(
    "default-src 'none'",
    "default-src 'none'; script-src 'self'",
  );
}
