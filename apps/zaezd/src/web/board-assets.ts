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
 * comes from its ES sources with only the parts the map uses, and the SDK's modules are bundled
 * as free of side effects and ext-apps' zod import as a namespace, so what the `App` does not
 * reach is dropped (585 → 378 KB, measured).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { build, type Metafile, type Plugin } from 'esbuild';

export interface BoardAssets {
  /** The web page's script: renderer and Leaflet. */
  pageScript: string;
  /** The widget's script, safe to inline: renderer, Leaflet and the ext-apps App. */
  widgetScript: string;
  /** Leaflet's stylesheet. */
  leafletCss: string;
  /** A short hash of what the web page loads, for cache-busting URLs. */
  version: string;
  /** Bytes of the widget's script by what it is made of, as built. */
  widgetSize: WidgetSize;
}

export interface WidgetSize {
  total: number;
  leaflet: number;
  /** The ext-apps App with the SDK client and core pieces it imports. */
  mcpApps: number;
  zod: number;
  board: number;
}

/** The widget's size target, stated in the README next to the size measured. */
export const WIDGET_TARGET_BYTES = 250 * 1024;

const require = createRequire(import.meta.url);

/** Resolved from the package itself, so the same code finds its sources from src/ (tests) and dist/ (npm start). */
const PACKAGE_ROOT = dirname(require.resolve('@agent-products/zaezd/package.json'));
const ZOD_ROOT = dirname(require.resolve('zod/package.json'));
const LEAFLET_SOURCES = `${dirname(require.resolve('leaflet/package.json'))}/src`;

/**
 * zod's locale index, imported by its namespace exports, replaced by English alone (the default
 * zod configures itself with); nothing in the board reads another locale.
 */
const englishOnlyZod: Plugin = {
  name: 'zod-english-only',
  setup(esbuild) {
    esbuild.onResolve({ filter: /\/locales\/index\.js$/ }, (args) => (args.importer.startsWith(ZOD_ROOT) ? { path: 'zod-locales', namespace: 'zod-english-only' } : undefined));
    esbuild.onLoad({ filter: /.*/, namespace: 'zod-english-only' }, () => ({
      contents: `export { default as en } from ${JSON.stringify(`${ZOD_ROOT}/v4/locales/en.js`)};`,
      resolveDir: ZOD_ROOT,
    }));
  },
};

/**
 * `leaflet` as the board uses it, from Leaflet's own ES sources: the map with its default
 * controls (zoom, attribution) and interactions, tile layers, layer groups, div-icon markers,
 * tooltips and coordinates. Leaflet's package entry is one module holding everything (vector
 * layers and their renderers, GeoJSON, popups, image and video overlays, the layers and scale
 * controls, other projections), which no bundler can trim: about 50 KB the board never runs.
 * Scroll-wheel zoom is left out because the map turns it off. The modules that register
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
        "import './map/handler/Map.TapHold';",
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
 * The SDK client and core packages declare no `sideEffects`, so a bundler keeps every module
 * their entry re-exports, used or not: the HTTP transports, OAuth and the JSON Schema validators
 * (about 70 KB). Their modules only define things, so they are bundled as side-effect free and
 * what the `App`'s `Protocol` does not reach is dropped.
 */
const sdkWithoutSideEffects: Plugin = {
  name: 'sdk-without-side-effects',
  setup(esbuild) {
    esbuild.onResolve({ filter: /.*/ }, async (args) => {
      if (args.pluginData === SDK_RESOLVED || args.namespace !== 'file') return undefined;
      const resolved = await esbuild.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: SDK_RESOLVED });
      if (resolved.errors.length > 0 || !/node_modules\/@modelcontextprotocol\/(client|core)\//.test(resolved.path)) return undefined;
      return { ...resolved, sideEffects: false };
    });
  },
};
const SDK_RESOLVED = Symbol('resolved by sdk-without-side-effects');

/**
 * ext-apps imports zod as `import { z } from "zod/v4"`, and `z` there is zod's whole namespace
 * re-exported as one object, which a bundler keeps entire: the schema compiler, JSON Schema
 * import, coercion and ISO helpers the view never calls (about 85 KB). Imported as the module
 * namespace it is (`import * as`), the same `z.object`, `z.string`… are looked up statically and
 * the rest is dropped. The build fails if ext-apps stops importing zod that way, so a changed
 * dependency is noticed instead of silently growing the widget.
 */
const extAppsZodAsNamespace: Plugin = {
  name: 'ext-apps-zod-as-namespace',
  setup(esbuild) {
    esbuild.onLoad({ filter: /@modelcontextprotocol\/ext-apps\/dist\/src\/app\.js$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const named = /import\{z as ([\w$]+)\}from"zod\/v4"/g;
      if (!named.test(source)) throw new TypeError(`${args.path} no longer imports { z } from "zod/v4"; review ext-apps-zod-as-namespace in board-assets.ts`);
      return { contents: source.replace(named, 'import * as $1 from"zod/v4"'), loader: 'js' };
    });
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
    logLevel: 'silent',
    metafile: true,
    plugins: [englishOnlyZod, leafletForTheBoard, sdkWithoutSideEffects, extAppsZodAsNamespace],
  });
  const output = (name: string) => {
    const file = result.outputFiles.find((f) => f.path.endsWith(`/board/${name}.js`));
    if (!file) throw new TypeError(`esbuild produced no ${name}.js`);
    return file.text;
  };
  const pageScript = output('page');
  const leafletCss = readFileSync(require.resolve('leaflet/dist/leaflet.css'), 'utf8');
  return {
    pageScript,
    widgetScript: inlineScript(output('widget')),
    leafletCss,
    version: createHash('sha256').update(pageScript).update(leafletCss).digest('base64url').slice(0, 10),
    widgetSize: widgetSize(result.metafile, output('widget').length),
  };
}

function widgetSize(metafile: Metafile, total: number): WidgetSize {
  const widget = Object.entries(metafile.outputs).find(([path]) => path.endsWith('widget.js'));
  if (!widget) throw new TypeError('esbuild reported no widget.js');
  const size: WidgetSize = { total, leaflet: 0, mcpApps: 0, zod: 0, board: 0 };
  for (const [input, { bytesInOutput }] of Object.entries(widget[1].inputs)) {
    const part = /node_modules\/leaflet\//.test(input) ? 'leaflet' : /node_modules\/zod\//.test(input) ? 'zod' : /node_modules\//.test(input) ? 'mcpApps' : 'board';
    size[part] += bytesInOutput;
  }
  return size;
}

/** One line for the build's output: the widget's size, its parts and the target. */
export function describeWidgetSize(size: WidgetSize): string {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  return (
    `zaezd trip board widget script: ${kb(size.total)} (Leaflet ${kb(size.leaflet)}, ext-apps App and SDK ${kb(size.mcpApps)}, zod ${kb(size.zod)}, board ${kb(size.board)}); ` +
    `target ${kb(WIDGET_TARGET_BYTES)}${size.total <= WIDGET_TARGET_BYTES ? ' met' : ' not met'}`
  );
}
