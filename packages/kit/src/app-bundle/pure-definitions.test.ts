/** Top-level definitions made removable: unused ones leave the bundle, used ones behave as before. */
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { annotatePureDefinitions } from './pure-definitions.ts';

const MODULE = `
import { object, string } from 'schemas';
export const UsedSchema = object({ name: string() }).describe('used');
export const UnusedSchema = object({ other: string().optional() }).describe('unused');
export const UnusedTable = { code: Codes.first, schema: UnusedSchema };
export const Branded = class extends Error { static { Object.defineProperty(this, 'brand', { value: 'b' }); } };
export const Sequenced = (mark('kept'), 1);
`;

/** Bundles an entry importing `names` from the annotated module; the schema library records what it builds. */
async function bundle(names: string[]): Promise<string> {
  const result = await build({
    stdin: { contents: `import { ${names.join(', ')} } from 'defs'; globalThis.out = { ${names.join(', ')} };`, loader: 'js' },
    bundle: true,
    write: false,
    format: 'esm',
    logLevel: 'silent',
    plugins: [
      {
        name: 'virtual',
        setup(esbuild) {
          esbuild.onResolve({ filter: /^(defs|schemas)$/ }, (args) => ({ path: args.path, namespace: 'virtual' }));
          esbuild.onLoad({ filter: /^defs$/, namespace: 'virtual' }, () => ({ contents: annotatePureDefinitions(MODULE), loader: 'js', resolveDir: '.' }));
          esbuild.onLoad({ filter: /^schemas$/, namespace: 'virtual' }, () => ({
            contents: `
              globalThis.built = [];
              globalThis.Codes = { first: 1 };
              globalThis.mark = (what) => globalThis.built.push(what);
              const schema = (kind) => ({ kind, describe(text) { globalThis.built.push(text); return this; }, optional() { return this; } });
              export const object = () => schema('object');
              export const string = () => schema('string');`,
            loader: 'js',
          }));
        },
      },
    ],
  });
  return result.outputFiles[0]!.text;
}

async function run(code: string): Promise<{ out: Record<string, any>; built: string[] }> {
  const scope = globalThis as unknown as { out: Record<string, any>; built: string[] };
  await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
  return { out: scope.out, built: scope.built };
}

describe('annotatePureDefinitions', () => {
  it('lets the bundler drop definitions nothing reads, with what only they refer to', async () => {
    const code = await bundle(['UsedSchema']);
    expect(code).toContain('"used"');
    expect(code).not.toContain('"unused"');
    expect(code).not.toContain('brand');
    expect((await run(code)).built).toEqual(['used', 'kept']);
  });

  it('leaves what is read as it was: the same values, a class with its static block run', async () => {
    const { out } = await run(await bundle(['UsedSchema', 'UnusedTable', 'Branded']));
    expect(out.UnusedTable.schema.kind).toBe('object');
    expect(out.UnusedTable.code).toBe(1);
    expect(new out.Branded()).toBeInstanceOf(Error);
    expect((out.Branded as { brand?: string }).brand).toBe('b');
  });

  it('never marks a call whose result is thrown away', () => {
    expect(annotatePureDefinitions('export const Sequenced = (mark("kept"), 1);')).toBe('export const Sequenced = (mark("kept"), 1);');
  });
});
