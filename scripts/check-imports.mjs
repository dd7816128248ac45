/**
 * `npm run lint` (its second half): the import rules of the monorepo, checked on the import graph
 * the type-checker itself builds. `tsc --explainFiles` lists, for every file of the program, each
 * import that brought it in, already resolved the way TypeScript resolves it (type-only imports
 * included, workspace package names followed through their `exports`), so the rules see exactly
 * what `npm run typecheck` sees, with no second resolver to disagree with it. (dependency-cruiser
 * parses TypeScript through the compiler's JavaScript API, which TypeScript 7 no longer has.)
 *
 * The rules:
 * - folder-cycle: inside a product's or the kit's `src/`, the folders (and the loose files) that
 *   sit side by side under one folder import each other in no cycle. Tests are leaves, not part of
 *   the graph: a test may reach into any folder beside it.
 * - package-boundary: code in one workspace package (an app, the kit) or in `bench/` or `smoke/`
 *   imports another package only by its name and one of the paths its package.json exports: an
 *   app's composition entry, the kit's rooms. A relative path into another package is its
 *   internals.
 * - product-to-product: a product's production code imports no other product at all; its tests
 *   may start another (the Tutu stand-in) through that one's exports.
 * - kit-testing: `packages/kit/src/testing` serves tests only; no production file imports it.
 * - one-room-exports: a name is exported by one room of the kit only (its `index.ts`), so a
 *   product imports each thing from one place.
 *
 * Exits 1 with one line per finding; `--graph` prints the edges it read instead.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Units whose folder cycles are not (yet) failures, each with why and until when. Every other rule
 * still applies to them.
 */
const FOLDER_CYCLE_EXEMPT = {};

/** The workspace packages, read from the root package.json's workspaces: their folder, name and exported files. */
function workspacePackages() {
  const { workspaces } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const packages = [];
  for (const pattern of workspaces) {
    const parent = pattern.replace(/\/\*$/, '');
    for (const name of readdirSync(join(ROOT, parent))) {
      const dir = posix.join(parent, name);
      let manifest;
      try {
        manifest = JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8'));
      } catch {
        continue;
      }
      const exportsMap = typeof manifest.exports === 'string' ? { '.': manifest.exports } : (manifest.exports ?? {});
      const exported = new Map(
        Object.entries(exportsMap).map(([subpath, target]) => [
          subpath === '.' ? manifest.name : `${manifest.name}/${subpath.replace(/^\.\//, '')}`,
          posix.join(dir, target),
        ]),
      );
      packages.push({ dir, name: manifest.name, exported, isApp: dir.startsWith('apps/') });
    }
  }
  return packages;
}

/** Every import between files of this repository, as `{ from, to, specifier }`, from `tsc --explainFiles`. */
function importGraph() {
  const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json', '--explainFiles', '--noCheck'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  if (tsc.status !== 0) {
    console.error(tsc.stdout, tsc.stderr);
    throw new Error(`tsc --explainFiles exited with ${tsc.status}`);
  }
  const edges = [];
  let file;
  for (const line of tsc.stdout.split('\n')) {
    if (line && !line.startsWith(' ')) {
      file = line.trim();
      continue;
    }
    const via = /^\s+Imported via (['"])(.+?)\1 from file '(.+?)'/.exec(line);
    if (!via || !file || file.includes('node_modules/')) continue;
    edges.push({ from: via[3], to: file, specifier: via[2] });
  }
  if (edges.length === 0) throw new Error('tsc --explainFiles named no import: its output format changed, so nothing was checked');
  return edges;
}

const isTest = (file) => /\.test\.tsx?$/.test(file) || /(^|\/)test\//.test(file) || file.startsWith('smoke/');

/** The unit (`packages/<p>/src` or `apps/<a>/src`) a file's folder rules belong to, if any. */
function unitOf(file) {
  return /^((?:packages|apps)\/[^/]+\/src)\//.exec(file)?.[1];
}

/** Strongly connected components with more than one member (Tarjan). */
function cycles(nodes, next) {
  let index = 0;
  const stack = [];
  const info = new Map();
  const found = [];
  const visit = (node) => {
    info.set(node, { index, low: index, onStack: true });
    index += 1;
    stack.push(node);
    for (const to of next.get(node) ?? []) {
      if (!info.has(to)) {
        visit(to);
        info.get(node).low = Math.min(info.get(node).low, info.get(to).low);
      } else if (info.get(to).onStack) {
        info.get(node).low = Math.min(info.get(node).low, info.get(to).index);
      }
    }
    if (info.get(node).low === info.get(node).index) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        info.get(member).onStack = false;
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of nodes) if (!info.has(node)) visit(node);
  return found;
}

/**
 * Folder cycles: for each folder of a unit, the graph of what sits directly in it (sub-folders,
 * and loose files by name) as its non-test files import each other across those entries. A cycle
 * that includes a folder is a finding; two loose files importing each other are not a folder cycle.
 */
function folderCycles(edges) {
  const graphs = new Map();
  for (const { from, to } of edges) {
    const unit = unitOf(from);
    if (!unit || unit !== unitOf(to) || isTest(from) || isTest(to)) continue;
    const a = from.slice(unit.length + 1).split('/');
    const b = to.slice(unit.length + 1).split('/');
    let depth = 0;
    while (depth < a.length - 1 && depth < b.length - 1 && a[depth] === b[depth]) depth += 1;
    if (a[depth] === b[depth]) continue;
    const parent = [unit, ...a.slice(0, depth)].join('/');
    const entry = (parts) => (parts.length - 1 > depth ? `${parts[depth]}/` : parts[depth]);
    const [x, y] = [entry(a), entry(b)];
    if (!graphs.has(parent)) graphs.set(parent, { unit, next: new Map(), example: new Map() });
    const graph = graphs.get(parent);
    if (!graph.next.has(x)) graph.next.set(x, new Set());
    graph.next.get(x).add(y);
    if (!graph.example.has(`${x}>${y}`)) graph.example.set(`${x}>${y}`, `${from} → ${to}`);
  }
  const findings = [];
  for (const [parent, { unit, next, example }] of graphs) {
    if (FOLDER_CYCLE_EXEMPT[unit]) continue;
    for (const component of cycles([...next.keys()], next)) {
      if (!component.some((member) => member.endsWith('/'))) continue;
      const inCycle = new Set(component);
      const witnesses = [...example].filter(([key]) => key.split('>').every((member) => inCycle.has(member))).map(([, edge]) => `    ${edge}`);
      findings.push(`folder-cycle: ${parent}/{${component.join(', ')}} import each other:\n${witnesses.join('\n')}`);
    }
  }
  return findings;
}

function boundaryFindings(edges, packages) {
  const packageOf = (file) => packages.find((p) => file.startsWith(`${p.dir}/`));
  const findings = [];
  for (const { from, to, specifier } of edges) {
    const source = packageOf(from);
    const target = packageOf(to);
    if (target && source !== target) {
      const where = source ? source.name : from.split('/')[0];
      if (target.exported.get(specifier) !== to) {
        findings.push(
          `package-boundary: ${from} imports ${to} (as '${specifier}'), inside ${target.name}; ${where} may import it only by a path its package.json exports`,
        );
      } else if (source?.isApp && target.isApp && !isTest(from)) {
        findings.push(`product-to-product: ${from} imports ${specifier}; a product's production code imports no other product`);
      }
    }
    if (to.startsWith('packages/kit/src/testing/') && !from.startsWith('packages/kit/src/testing/') && unitOf(from) && !isTest(from)) {
      findings.push(`kit-testing: ${from} imports ${to}; the kit's testing room serves tests only`);
    }
  }
  return findings;
}

/** Names exported by more than one room of the kit (each room's face is its index.ts). */
function sharedRoomExports() {
  const rooms = new Map();
  const kitSrc = join(ROOT, 'packages/kit/src');
  for (const room of readdirSync(kitSrc)) {
    let face;
    try {
      face = readFileSync(join(kitSrc, room, 'index.ts'), 'utf8');
    } catch {
      continue;
    }
    const named = [...face.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g)].flatMap((match) => match[1].split(','));
    const declared = [...face.matchAll(/export\s+(?:declare\s+)?(?:async\s+)?(?:function|const|let|class|interface|type|enum)\s+([A-Za-z_$][\w$]*)/g)].map(
      (match) => match[1],
    );
    for (const raw of [...named, ...declared]) {
      const name = raw
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)
        .pop();
      if (!name) continue;
      if (!rooms.has(name)) rooms.set(name, new Set());
      rooms.get(name).add(room);
    }
  }
  return [...rooms]
    .filter(([, owners]) => owners.size > 1)
    .map(([name, owners]) => `one-room-exports: ${name} is exported by the kit's ${[...owners].sort().join(' and ')} rooms; export it from one`);
}

const edges = importGraph();
if (process.argv.includes('--graph')) {
  for (const { from, to, specifier } of edges) console.log(`${from} → ${to} ('${specifier}')`);
} else {
  const findings = [...folderCycles(edges), ...boundaryFindings(edges, workspacePackages()), ...sharedRoomExports()];
  for (const finding of findings) console.log(finding);
  const exempt = Object.entries(FOLDER_CYCLE_EXEMPT).map(([unit, why]) => `${unit} (${why})`);
  const unchecked = exempt.length > 0 ? `; folder cycles not checked in ${exempt.join(', ')}` : '';
  console.log(`import rules: ${edges.length} imports checked, ${findings.length} finding(s)${unchecked}`);
  process.exitCode = findings.length > 0 ? 1 : 0;
}
