/** Leaflet's own stylesheet, trimmed to the parts the board bundles: what the map needs stays. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { leafletCssForTheBoard } from './leaflet-css.ts';

const leafletCss = readFileSync(createRequire(import.meta.url).resolve('leaflet/dist/leaflet.css'), 'utf8');

describe('leafletCssForTheBoard', () => {
  const trimmed = leafletCssForTheBoard(leafletCss);

  it('keeps the panes, tiles, markers, tooltips, zoom and attribution controls and the print rules', () => {
    for (const selector of [
      '.leaflet-pane',
      '.leaflet-tile',
      '.leaflet-marker-icon',
      '.leaflet-tooltip-top:before',
      '.leaflet-control-zoom-in',
      '.leaflet-control-attribution',
      '.leaflet-zoom-box',
      '@media print',
    ]) {
      expect(trimmed).toContain(selector);
    }
  });

  it('drops the popup, layers and scale controls, image overlays, shadows and old-IE rules, and with them every image', () => {
    expect(trimmed).not.toMatch(/leaflet-popup|leaflet-control-layers|leaflet-control-scale|leaflet-image-layer|leaflet-marker-shadow|leaflet-oldie|lvml/);
    expect(trimmed).not.toContain('url(');
    expect(trimmed.length).toBeLessThan(leafletCss.length * 0.75);
  });

  it('keeps a shared rule for the selectors still in use', () => {
    expect(leafletCssForTheBoard('.leaflet-popup-pane,\n.leaflet-tile { z-index: 1 }')).toBe('.leaflet-tile{ z-index: 1 }\n');
  });
});
