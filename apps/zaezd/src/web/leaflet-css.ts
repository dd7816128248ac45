/**
 * Leaflet's stylesheet without the rules of the parts the board does not bundle (see
 * `leafletForTheBoard` in board-assets.ts): popups, the layers and scale controls, image
 * overlays, marker shadows and the default marker image (every marker is a div icon without a
 * shadow), and the styles for old Internet Explorer (VML). Those rules are also where Leaflet's
 * stylesheet points at its images, none of which the board loads. A rule goes only when every
 * one of its selectors names such a part; a selector list loses just the selectors that do.
 */

/** Class names of the parts the board does not bundle, as they appear in Leaflet's selectors. */
const UNBUNDLED =
  /\.(leaflet-popup|leaflet-control-layers|leaflet-control-scale|leaflet-image-layer|leaflet-marker-shadow|leaflet-default-icon-path|leaflet-oldie|leaflet-vml-shape|lvml)\b/;

export function leafletCssForTheBoard(css: string): string {
  const source = css.replace(/\/\*[\s\S]*?\*\//g, '');
  let kept = '';
  let at = 0;
  while (at < source.length) {
    const open = source.indexOf('{', at);
    if (open < 0) break;
    const prelude = source.slice(at, open).trim();
    const close = blockEnd(source, open);
    const body = source.slice(open, close + 1);
    if (prelude.startsWith('@')) {
      // At-rules (Leaflet has one, `@media print`) are kept whole.
      kept += `${prelude}${body}\n`;
    } else {
      const selectors = prelude
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s && !UNBUNDLED.test(s));
      if (selectors.length > 0) kept += `${selectors.join(',\n')}${body}\n`;
    }
    at = close + 1;
  }
  if (source.slice(at).trim() !== '') throw new TypeError('Leaflet’s stylesheet ends inside a rule; review leaflet-css.ts');
  return kept;
}

/** The index of the `}` that closes the block opened at `open`, nested blocks included. */
function blockEnd(source: string, open: number): number {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    if (source[i] === '{') depth += 1;
    else if (source[i] === '}' && --depth === 0) return i;
  }
  throw new TypeError('Leaflet’s stylesheet has an unclosed block; review leaflet-css.ts');
}
