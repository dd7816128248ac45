/**
 * The trip board's browser code, built once per process the first time it is needed (`main.ts`
 * asks at start-up): esbuild compiles the renderer in `board/` and bundles it with Leaflet and,
 * for the widget, the ext-apps `App` from its ES module with the SDK pieces and zod it imports —
 * all read from node_modules, so nothing is fetched at run time and the widget document needs no
 * network. Two scripts come out: the web page's (served from /assets/, cacheable) and the
 * widget's (inlined into the `ui://` resource, where the host's CSP allows no script files).
 *
 * The widget is tree-shaken and minified; zod's translated error messages (every locale but
 * English, a third of the bundle) are left out, since the board never shows a zod message. The
 * self-contained `app-with-deps` build carried them all (about 780 KB in all, measured). Leaflet
 * comes from its ES sources with only the parts the map uses (here), and the kit's MCP App
 * trimming (`@agent-products/kit/app-bundle`, shared with &'s andee card) bundles the SDK's
 * modules as free of side effects and ext-apps' zod import as a namespace, so what the `App` does
 * not reach is dropped (585 → 378 KB, measured).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { build, transform, type Metafile, type Plugin } from 'esbuild';
import { BOARD_CSS } from './board-css.ts';
import { leafletCssForTheBoard } from './leaflet-css.ts';
import { mcpAppTrimming } from '@agent-products/kit/app-bundle';

export interface BoardAssets {
  /** The web page's script: renderer and Leaflet. */
  pageScript: string;
  /** The widget's script, safe to inline: renderer, Leaflet and the ext-apps App. */
  widgetScript: string;
  /** Leaflet's stylesheet and the board's, minified: served beside the page, inlined in the widget. */
  stylesheet: string;
  /** A short hash of what the web page loads, for cache-busting URLs. */
  version: string;
  /** Bytes of the widget's script by what it is made of, as built. */
  widgetSize: WidgetSize;
}

export interface WidgetSize {
  /** Bytes (UTF-8) of the widget's script as inlined. */
  script: number;
  /** Bytes of the script by what it is made of, from esbuild's metafile. */
  leaflet: number;
  /** The ext-apps App with the SDK client and core pieces it imports. */
  mcpApps: number;
  zod: number;
  board: number;
}

/** The widget's size target — the `ui://` resource's text in bytes as served — stated in the README next to the size measured. */
export const WIDGET_TARGET_BYTES = 250 * 1024;

const require = createRequire(import.meta.url);

/** Resolved from the package itself, so the same code finds its sources from src/ (tests) and dist/ (npm start). */
const PACKAGE_ROOT = dirname(require.resolve('@agent-products/zaezd/package.json'));
const LEAFLET_SOURCES = `${dirname(require.resolve('leaflet/package.json'))}/src`;

/**
 * `leaflet` as the board uses it, from Leaflet's own ES sources: the map with its default
 * controls (zoom, attribution) and interactions, tile layers, layer groups, div-icon markers,
 * tooltips and coordinates. Leaflet's package entry is one module holding everything (vector
 * layers and their renderers, GeoJSON, popups, image and video overlays, the layers and scale
 * controls, other projections), which no bundler can trim: about 50 KB the board never runs.
 * Scroll-wheel zoom is left out because the map turns it off, and the long-press handler
 * (TapHold) because all it does is fire `contextmenu` on touch screens, which the board never
 * listens to. The modules that register
 * themselves with the map (handlers, controls, tooltips) are imported for exactly that.
 */
const leafletForTheBoard: Plugin = {
  name: 'leaflet-for-the-board',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^leaflet$/ }, () => ({ path: 'leaflet', namespace: 'leaflet-for-the-board' }));
    esbuild.onLoad({ filter: /.*/, namespace: 'leaflet-for-the-board' }, () => ({
      resolveDir: LEAFLET_SOURCES,
      contents: [
        "import './map/handler/Map.BoxZoom';",
        "import './map/handler/Map.DoubleClickZoom';",
        "import './map/handler/Map.Drag';",
        "import './map/handler/Map.Keyboard';",
        "import './map/handler/Map.TouchZoom';",
        "import './control/Control.Zoom';",
        "import './control/Control.Attribution';",
        "export { Map, createMap as map } from './map/Map';",
        "export { LayerGroup, layerGroup } from './layer/LayerGroup';",
        "export { Marker, marker } from './layer/marker/Marker';",
        "export { DivIcon, divIcon } from './layer/marker/DivIcon';",
        "export { TileLayer, tileLayer } from './layer/tile/TileLayer';",
        "export { Tooltip, tooltip } from './layer/Tooltip';",
        "export { LatLng, toLatLng as latLng } from './geo/LatLng';",
        "export { LatLngBounds, toLatLngBounds as latLngBounds } from './geo/LatLngBounds';",
      ].join('\n'),
    }));
  },
};

/**
 * A script inlined in HTML ends at the first `</script`, wherever it stands. `<\/` reads the same
 * as `</` in JavaScript strings, template literals, regular expressions and comments.
 */
export function inlineScript(code: string): string {
  return code.replace(/<\/(script)/gi, '<\\/$1');
}

let built: Promise<BoardAssets> | undefined;

export function boardAssets(): Promise<BoardAssets> {
  built ??= buildBoardAssets();
  return built;
}

async function buildBoardAssets(): Promise<BoardAssets> {
  const result = await build({
    absWorkingDir: PACKAGE_ROOT,
    entryPoints: { page: 'src/web/board/page-entry.ts', widget: 'src/web/board/widget-entry.ts' },
    outdir: 'board',
    write: false,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: ['es2020'],
    minify: true,
    legalComments: 'eof',
    // Cyrillic as UTF-8 (2 bytes a letter) rather than \u escapes (6); both documents declare UTF-8.
    charset: 'utf8',
    logLevel: 'silent',
    metafile: true,
    plugins: [...mcpAppTrimming(), leafletForTheBoard],
  });
  const output = (name: string) => {
    const file = result.outputFiles.find((f) => f.path.endsWith(`/board/${name}.js`));
    if (!file) throw new TypeError(`esbuild produced no ${name}.js`);
    return file.text;
  };
  const pageScript = output('page');
  const widgetScript = inlineScript(output('widget'));
  const leafletCss = readFileSync(require.resolve('leaflet/dist/leaflet.css'), 'utf8');
  // Minified: Leaflet's comments and indentation are a quarter of its stylesheet.
  const stylesheet = (await transform(leafletCssForTheBoard(leafletCss) + BOARD_CSS, { loader: 'css', minify: true, charset: 'utf8', logLevel: 'silent' }))
    .code;
  return {
    pageScript,
    widgetScript,
    stylesheet,
    version: createHash('sha256').update(pageScript).update(stylesheet).digest('base64url').slice(0, 10),
    widgetSize: widgetSize(result.metafile, Buffer.byteLength(widgetScript)),
  };
}

function widgetSize(metafile: Metafile, script: number): WidgetSize {
  const widget = Object.entries(metafile.outputs).find(([path]) => path.endsWith('widget.js'));
  if (!widget) throw new TypeError('esbuild reported no widget.js');
  const size: WidgetSize = { script, leaflet: 0, mcpApps: 0, zod: 0, board: 0 };
  for (const [input, { bytesInOutput }] of Object.entries(widget[1].inputs)) {
    const part = /node_modules\/leaflet\//.test(input)
      ? 'leaflet'
      : /node_modules\/zod\/|^zod-/.test(input)
        ? 'zod'
        : /node_modules\//.test(input)
          ? 'mcpApps'
          : 'board';
    size[part] += bytesInOutput;
  }
  return size;
}

/**
 * One line for the build's output: the widget resource's bytes as served (the document's text,
 * UTF-8), its parts and the target.
 */
export function describeWidgetSize(assets: BoardAssets, document: string): string {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const { script, leaflet, mcpApps, zod, board } = assets.widgetSize;
  const total = Buffer.byteLength(document);
  const stylesheets = Buffer.byteLength(assets.stylesheet);
  return (
    `zaezd trip board widget ui://zaezd/trip-board: ${kb(total)} as served — script ${kb(script)} (Leaflet ${kb(leaflet)}, ext-apps App and SDK ${kb(mcpApps)}, zod ${kb(zod)}, board ${kb(board)}), ` +
    `stylesheets ${kb(stylesheets)}, markup ${kb(total - script - stylesheets)}; target ${kb(WIDGET_TARGET_BYTES)}${total <= WIDGET_TARGET_BYTES ? ' met' : ' not met'}`
  );
}
