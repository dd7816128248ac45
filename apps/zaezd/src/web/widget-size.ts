/**
 * Builds the trip board's scripts once and prints the widget resource's size — the document as
 * served with the default tiles — by part against its target; `scripts/build.mjs` runs it after
 * building the servers, so every build reports the figure.
 */
import { DEFAULT_TILE_ATTRIBUTION, DEFAULT_TILE_URL } from '../config.ts';
import { boardAssets, describeWidgetSize } from './board-assets.ts';
import { tripBoardDocument } from './trip-board-document.tsx';

const assets = await boardAssets();
console.log(describeWidgetSize(assets, tripBoardDocument(assets, { url: DEFAULT_TILE_URL, attribution: DEFAULT_TILE_ATTRIBUTION })));
