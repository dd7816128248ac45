/**
 * esbuild plugins that trim what an MCP App's browser bundle carries of its dependencies (the
 * ext-apps `App`, the SDK pieces it imports, zod), used by every product that ships one: zaezd's
 * trip board widget and &'s andee card. Each plugin fails the build if its dependency's code no
 * longer looks as it expects, so a changed dependency is noticed instead of silently growing
 * every view. Measured on the trip board: 585 → 378 KB with these and Leaflet's own trimming.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type { Plugin } from 'esbuild';
import { pureDefinitions } from './pure-definitions.ts';

const require = createRequire(import.meta.url);
const ZOD_ROOT = dirname(require.resolve('zod/package.json'));

/** The plugins, in the order a build lists them. */
export function mcpAppTrimming(): Plugin[] {
  return [englishOnlyZod, zodUtilAsNamespace, zodWithoutJsonSchemaGeneration, sdkWithoutSideEffects, sdkDefinitionsPure];
}

/**
 * zod's locale index, imported by its namespace exports, replaced by English alone (the default
 * zod configures itself with); no view reads another locale.
 */
const englishOnlyZod: Plugin = {
  name: 'zod-english-only',
  setup(esbuild) {
    esbuild.onResolve({ filter: /\/locales\/index\.js$/ }, (args) =>
      args.importer.startsWith(ZOD_ROOT) ? { path: 'zod-locales', namespace: 'zod-english-only' } : undefined,
    );
    esbuild.onLoad({ filter: /.*/, namespace: 'zod-english-only' }, () => ({
      contents: `export { default as en } from ${JSON.stringify(`${ZOD_ROOT}/v4/locales/en.js`)};`,
      resolveDir: ZOD_ROOT,
    }));
  },
};

/**
 * zod's classic schemas reach zod's helpers as `import { util } from "../core/index.js"`: the
 * `util` namespace re-exported as one object, which a bundler keeps entire (all of zod's helpers,
 * used or not). Imported from its own module (`import * as util`), the same object, its members
 * are looked up statically and the unused ones dropped. The build fails if zod stops importing it
 * that way.
 */
const zodUtilAsNamespace: Plugin = {
  name: 'zod-util-as-namespace',
  setup(esbuild) {
    esbuild.onLoad({ filter: /\/zod\/v4\/classic\/schemas\.js$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const named = 'import { util } from "../core/index.js";';
      if (!source.includes(named))
        throw new TypeError(
          `${args.path} no longer imports { util } from "../core/index.js"; review zod-util-as-namespace in kit app-bundle/trim-dependencies.ts`,
        );
      return { contents: source.replace(named, 'import * as util from "../core/util.js";').replaceAll('core.util.', 'util.'), loader: 'js' };
    });
  },
};

/**
 * zod's classic schemas carry JSON Schema generation (`toJSONSchema()`, `~standard.jsonSchema`
 * and a converter per schema type), which only a tool registered by the view would need: the
 * views here register none and validate with zod only. The generator modules are replaced, for the
 * classic schemas alone, by ones whose conversions throw, so they are not bundled; parsing and
 * every schema's checks (`minLength`, `format`… read through `aggregateChecks`, kept) are zod's own.
 */
const zodWithoutJsonSchemaGeneration: Plugin = {
  name: 'zod-without-json-schema-generation',
  setup(esbuild) {
    const modules = /^\.\.\/core\/(to-json-schema|json-schema-processors)\.js$/;
    esbuild.onResolve({ filter: modules }, (args) =>
      args.importer.endsWith('/zod/v4/classic/schemas.js')
        ? { path: modules.exec(args.path)![1]!, namespace: 'zod-without-json-schema-generation' }
        : undefined,
    );
    esbuild.onLoad({ filter: /.*/, namespace: 'zod-without-json-schema-generation' }, (args) => {
      const real = `${ZOD_ROOT}/v4/core/${args.path}.js`;
      const exported = [...readFileSync(real, 'utf8').matchAll(/^export (?:const|function) ([\w$]+)/gm)].map((m) => m[1]!);
      const stubbed =
        args.path === 'to-json-schema' ? ['createToJSONSchemaMethod', 'createStandardJSONSchemaMethod'] : exported.filter((name) => name.endsWith('Processor'));
      if (stubbed.length === 0 || stubbed.some((name) => !exported.includes(name)))
        throw new TypeError(`${real} no longer exports what zod-without-json-schema-generation replaces; review kit app-bundle/trim-dependencies.ts`);
      const kept = exported.filter((name) => !stubbed.includes(name));
      return {
        resolveDir: ZOD_ROOT,
        contents: [
          kept.length > 0 ? `export { ${kept.join(', ')} } from ${JSON.stringify(real)};` : '',
          'const notBundled = () => { throw new Error("JSON Schema generation is not bundled in this MCP App view"); };',
          ...stubbed.map((name) => (args.path === 'to-json-schema' ? `export const ${name} = () => notBundled;` : `export const ${name} = notBundled;`)),
        ].join('\n'),
      };
    });
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
 * The SDK's and ext-apps' modules with their unused definitions removable (see
 * pure-definitions.ts), and two rewrites that let the bundler see what the `App` does not use.
 *
 * ext-apps imports zod as `import { z } from "zod/v4"`, and `z` there is zod's whole namespace
 * re-exported as one object, which a bundler keeps entire: the schema compiler, JSON Schema
 * import, coercion and ISO helpers the view never calls (about 85 KB). Imported as the module
 * namespace it is (`import * as`), the same `z.object`, `z.string`… are looked up statically and
 * the rest is dropped.
 *
 * The client fills its `specTypeSchemas` and `isSpecType` tables (every spec and OAuth schema
 * by name) with loops at the top level of the module that also holds `Protocol`, so the tables
 * and every schema they name stay although the `App` never reads them. The loops run, as
 * before, when the module loads and either table is kept — inside the tables' own definitions.
 *
 * Each rewrite fails the build if its dependency's code no longer matches, so a changed
 * dependency is noticed instead of silently growing every view.
 */
const sdkDefinitionsPure = pureDefinitions({
  filter: /node_modules\/@modelcontextprotocol\/(client|core|ext-apps)\/dist\/.*\.m?js$/,
  rewrites: [
    {
      file: /@modelcontextprotocol\/ext-apps\/dist\/src\/app\.js$/,
      find: /import\{z as ([\w$]+)\}from"zod\/v4"/g,
      replace: 'import * as $1 from"zod/v4"',
      why: 'imports zod as a namespace',
    },
    {
      file: /@modelcontextprotocol\/client\/dist\/src-[\w-]+\.mjs$/,
      find: /^(for \(const key of SPEC_SCHEMA_KEYS\) register\(key, schemas_exports\[key\]\);\nfor \(const \[key, schema\] of Object\.entries\(authSchemas\)\) register\(key, schema\);)$/m,
      replace: 'let registeredAll = false;\nfunction registerAll() {\nif (registeredAll) return;\nregisteredAll = true;\n$1\n}',
      why: 'fills the spec type tables',
    },
    {
      file: /@modelcontextprotocol\/client\/dist\/src-[\w-]+\.mjs$/,
      find: /^const (specTypeSchemas|isSpecType) = Object\.freeze\((_specTypeSchemas|_isSpecType)\);$/gm,
      replace: 'const $1 = /* @__PURE__ */ (() => {\nregisterAll();\nreturn Object.freeze($2);\n})();',
      why: 'freezes the spec type tables',
    },
  ],
});
