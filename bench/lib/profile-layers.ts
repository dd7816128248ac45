/**
 * Reads a V8 `.cpuprofile` (what `node --cpu-prof` writes) and sums the self time of its samples
 * by layer of the request path. The servers are bundled (workspace code in one `.mjs`, npm
 * packages external), so a frame in the bundle is traced back through the bundle's source map to
 * the workspace file it came from; a frame in `node_modules` is named by its package. Only samples
 * taken inside a time window count, so a server's start-up and warm-up stay out of the figures.
 */
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Sampled self time by layer inside the window, in µs, and by source (file or package) for detail. */
export interface LayerTimes {
  byLayer: Map<string, number>;
  bySource: Map<string, number>;
  sampledMicros: number;
}

/** The layers a request crosses, named by the source a frame belongs to. First match wins. */
const LAYERS: Array<[layer: string, test: (source: string, functionName: string) => boolean]> = [
  ['idle', (s, f) => s === '' && f === '(idle)'],
  ['GC', (s, f) => s === '' && f === '(garbage collector)'],
  ['V8 / native (program)', (s, f) => s === '' && f === '(program)'],
  // Node's native socket writes: on loopback the kernel's whole TCP send and the receiver's wake-up
  // run inside them, so their samples are mostly kernel time (or time waiting for a core).
  ['socket writes (native, kernel TCP)', (s, f) => s === '' && /^write(v|Utf8String|Latin1String|AsciiString|Buffer|Ucs2String)$/.test(f)],
  // WebAssembly: in a process with the embedded database, PostgreSQL itself (PGlite), the
  // database's own work; in one calling out with undici, its HTTP parser (llhttp).
  ["WebAssembly (PGlite's PostgreSQL; undici's llhttp)", (s) => s.startsWith('wasm://')],
  ['serialization (JSON)', (s, f) => s === '' && (f === 'stringify' || f === 'parse')],
  ['validation (zod, ajv)', (s) => /^pkg:(zod|ajv|ajv-formats|@standard-schema)/.test(s)],
  ['MCP / JSON-RPC', (s) => /^pkg:@modelcontextprotocol\//.test(s) || /kit\/src\/mcp\//.test(s)],
  ['auth', (s) => /^pkg:(jose|oidc-provider|@node-rs\/argon2|bcrypt)/.test(s) || /\/(auth|oauth|credentials?|tokens?)[/.-]/.test(s)],
  [
    'store (driver, query builder, embedded database)',
    (s) => /^pkg:(pg|pg-protocol|pg-pool|pg-types|kysely|@electric-sql|postgres-)/.test(s) || /kit\/src\/store\//.test(s),
  ],
  [
    'logging / metrics / tracing',
    (s) => /^pkg:(pino|pino-std-serializers|sonic-boom|prom-client|tdigest|bintrees)/.test(s) || /kit\/src\/(log|observe)/.test(s),
  ],
  [
    'HTTP (node, hono, kit/http)',
    (s) =>
      /^pkg:(hono|@hono\/|undici|autocannon)/.test(s) ||
      /^node:(_http|http|net|stream|internal\/(http|streams|stream_base|net|url|webstreams|deps\/undici|js_stream))/.test(s) ||
      /kit\/src\/(http|request)/.test(s),
  ],
  ['node internals (timers, async hooks, events, crypto)', (s) => s.startsWith('node:')],
  ['application code', (s) => /^(apps|packages)\//.test(s)],
];

export function layerOf(source: string, functionName: string): string {
  for (const [layer, test] of LAYERS) if (test(source, functionName)) return layer;
  return source === '' ? 'V8 builtins' : 'other packages';
}

const sourceMaps = new Map<string, SourceMap | null>();

function sourceMapOf(url: string): SourceMap | null {
  if (!sourceMaps.has(url)) {
    let map: SourceMap | null = null;
    try {
      map = new SourceMap(JSON.parse(readFileSync(`${fileURLToPath(url)}.map`, 'utf8')));
    } catch {
      map = null;
    }
    sourceMaps.set(url, map);
  }
  return sourceMaps.get(url)!;
}

/** Where a frame's code comes from: `pkg:<name>` for npm packages, the repository path for workspace code, `node:…` for Node's own. */
export function sourceOf(frame: CallFrame): string {
  const { url } = frame;
  if (url === '') return '';
  if (url.startsWith('node:') || url.startsWith('wasm://')) return url.startsWith('wasm://') ? 'wasm://' : url;
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inPackage) return `pkg:${inPackage[1]}`;
  if (url.startsWith('file://') && url.endsWith('.mjs')) {
    const map = sourceMapOf(url);
    const entry = map?.findEntry(frame.lineNumber, frame.columnNumber) as { originalSource?: string } | undefined;
    const original = entry?.originalSource;
    if (original) {
      const inOriginalPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(original);
      if (inOriginalPackage) return `pkg:${inOriginalPackage[1]}`;
      const inRepo = /(?:^|\/)((?:apps|packages|bench)\/.*)$/.exec(original.replace(/^file:\/\//, ''));
      return inRepo ? inRepo[1]! : original;
    }
  }
  return url.replace(/^file:\/\//, '');
}

/** Sums a profile's samples taken between fromMicros and toMicros (the monotonic clock, as process.hrtime). */
export function layerTimes(profilePath: string, fromMicros: number, toMicros: number): LayerTimes {
  const profile = JSON.parse(readFileSync(profilePath, 'utf8')) as CpuProfile;
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const byLayer = new Map<string, number>();
  const bySource = new Map<string, number>();
  const sourceCache = new Map<number, { layer: string; detail: string }>();
  let at = profile.startTime;
  let sampledMicros = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i]!;
    // A sample stands for the interval up to the next one.
    const span = profile.timeDeltas[i + 1] ?? 0;
    if (at < fromMicros || at > toMicros) continue;
    const id = profile.samples[i]!;
    let known = sourceCache.get(id);
    if (!known) {
      const frame = frames.get(id)!;
      const source = sourceOf(frame);
      known = { layer: layerOf(source, frame.functionName), detail: source === '' ? frame.functionName : source };
      sourceCache.set(id, known);
    }
    if (known.layer === 'idle') continue;
    sampledMicros += span;
    byLayer.set(known.layer, (byLayer.get(known.layer) ?? 0) + span);
    bySource.set(known.detail, (bySource.get(known.detail) ?? 0) + span);
  }
  return { byLayer, bySource, sampledMicros };
}
