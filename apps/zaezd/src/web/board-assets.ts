/**
 * The trip board's browser code, built once per process the first time it is needed (`main.ts`
 * asks at start-up): esbuild compiles the renderer in `board/` and bundles it with Leaflet and,
 * for the widget, the ext-apps `App` from its self-contained `app-with-deps` build — all read
 * from node_modules, so nothing is fetched at run time and the widget document needs no
 * network. Two scripts come out: the web page's (served from /assets/, cacheable) and the
 * widget's (inlined into the `ui://` resource, where the host's CSP allows no script files).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { build } from 'esbuild';

export interface BoardAssets {
  /** The web page's script: renderer and Leaflet. */
  pageScript: string;
  /** The widget's script, safe to inline: renderer, Leaflet and the ext-apps App. */
  widgetScript: string;
  /** Leaflet's stylesheet. */
  leafletCss: string;
  /** A short hash of what the web page loads, for cache-busting URLs. */
  version: string;
}

const require = createRequire(import.meta.url);

/** Resolved from the package itself, so the same code finds its sources from src/ (tests) and dist/ (npm start). */
const PACKAGE_ROOT = dirname(require.resolve('@agent-products/zaezd/package.json'));

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
  };
}
