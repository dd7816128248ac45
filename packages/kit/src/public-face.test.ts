/**
 * The kit's public face, checked (issue 43): every name a room's entry file exports (the subpaths
 * of package.json's `exports`) is used by someone outside that room — a product, bench/, smoke/,
 * scripts/, deploy/ or tools/ importing `@agent-products/kit/<room>`, or another room importing
 * `../<room>/index.ts` — and is named in the kit README's table row for its room. A new export
 * nobody imports, or one added without its note in the table, fails here.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const KIT = join(dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = join(KIT, '..', '..');
/** Where the kit's users live, besides the kit's other rooms. */
const USERS = ['apps', 'bench', 'smoke', 'scripts', 'deploy', 'tools'];

/** The rooms and their entry files, as package.json exports them: `mcp` → `src/mcp/index.ts`. */
function rooms(): Array<{ room: string; entry: string }> {
  const manifest = JSON.parse(readFileSync(join(KIT, 'package.json'), 'utf8')) as { exports: Record<string, string> };
  return Object.entries(manifest.exports).map(([subpath, entry]) => ({ room: subpath.replace(/^\.\//, ''), entry: join(KIT, entry) }));
}

/** The names in a list of specifiers (`a, type B, c as d`): the names as the other side sees them. */
function specifiers(list: string, side: 'exported' | 'imported'): string[] {
  return list
    .split(',')
    .map((part) => part.trim().replace(/^type\s+/, ''))
    .filter(Boolean)
    .map((part) => {
      const [local, alias] = part.split(/\s+as\s+/);
      return (side === 'exported' ? (alias ?? local) : local)!.trim();
    });
}

function exportedNames(entry: string): string[] {
  const text = readFileSync(entry, 'utf8');
  const names = [...text.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g)].flatMap((m) => specifiers(m[1]!, 'exported'));
  for (const m of text.matchAll(/export\s+(?:declare\s+)?(?:async\s+)?(?:function\*?|const|let|class|interface|type|enum)\s+([A-Za-z_$][\w$]*)/g))
    names.push(m[1]!);
  return names;
}

function sourceFiles(dir: string, out: string[] = []): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of entries) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (/\.(ts|tsx|mts|mjs|js)$/.test(name)) out.push(path);
  }
  return out;
}

/** `room:name` for every name imported from a room by someone outside it. */
function usedNames(): Set<string> {
  const used = new Set<string>();
  const take = (room: string, list: string) => {
    for (const name of specifiers(list, 'imported')) used.add(`${room}:${name}`);
  };
  for (const file of USERS.flatMap((dir) => sourceFiles(join(ROOT, dir)))) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:import|export)\s+(?:type\s+)?\{([^}]*)\}\s*from\s*'@agent-products\/kit\/([\w/-]+)'/g)) take(m[2]!, m[1]!);
  }
  for (const file of sourceFiles(join(KIT, 'src'))) {
    const own = relative(join(KIT, 'src'), file).split('/')[0];
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*'\.\.\/([\w-]+)\/index\.ts'/g)) if (m[2] !== own) take(m[2]!, m[1]!);
  }
  return used;
}

describe("the kit's public face", () => {
  const all = rooms().map(({ room, entry }) => ({ room, names: exportedNames(entry) }));

  it('finds every room and its exports', () => {
    expect(all.map((r) => r.room)).toContain('mcp');
    expect(all.find((r) => r.room === 'mcp')!.names).toContain('defineTool');
  });

  it('exports only what someone outside the room imports', () => {
    const used = usedNames();
    const unused = all.flatMap(({ room, names }) => names.filter((name) => !used.has(`${room}:${name}`)).map((name) => `${room}: ${name}`));
    expect(unused, 'exported but imported by nobody outside its room: remove the export, or use it').toEqual([]);
  });

  it('names every export in the README table row of its room', () => {
    const readme = readFileSync(join(KIT, 'README.md'), 'utf8').split('\n');
    const missing = all.flatMap(({ room, names }) => {
      const row = readme.find((line) => line.startsWith(`| \`${room.split('/')[0]}/\``)) ?? '';
      return names.filter((name) => !new RegExp(`\\b${name.replace(/\$/g, '\\$')}\\b`).test(row)).map((name) => `${room}: ${name}`);
    });
    expect(missing, 'exported without a note in packages/kit/README.md').toEqual([]);
  });
});
