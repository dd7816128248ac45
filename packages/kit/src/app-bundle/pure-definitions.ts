/**
 * An esbuild plugin that lets the bundler drop the SDK's and ext-apps' module-level definitions
 * the widget never reaches. Their modules define every schema at the top level as
 * `const FooSchema = z.object({...}).describe(...)`, and a bundler must assume any call has a
 * side effect, so every schema stays — used or not — along with all it refers to. Building a zod
 * schema has none a program can observe (a `.describe()` only records the description for that
 * schema object), so each call that makes up such a definition's value is annotated
 * `/* @__PURE__ *\/`: a definition nothing reads is then removed, one that is read is unchanged.
 *
 * Only calls in value position are annotated — the initializer itself, the objects its method
 * chain starts from, and the arguments, object properties and array elements that form the value —
 * never a call whose result is discarded (in a comma expression) or one inside a function body.
 * A definition the bundler would keep for other reasons (a property read, a class with static
 * blocks) is wrapped whole instead; see annotatePureDefinitions.
 */
import { readFileSync } from 'node:fs';
import { parse, type Expression, type Node, type Program, type SpreadElement } from 'acorn';
import type { Plugin } from 'esbuild';

const PURE = '/* @__PURE__ */ ';

export interface PureDefinitionsOptions {
  /** The modules to annotate, by resolved path. */
  filter: RegExp;
  /** Rewrites of a module's source before it is annotated, each required to match (a changed dependency fails the build). */
  rewrites?: Array<{ file: RegExp; find: RegExp; replace: string; why: string }>;
}

export function pureDefinitions(options: PureDefinitionsOptions): Plugin {
  return {
    name: 'pure-definitions',
    setup(esbuild) {
      esbuild.onLoad({ filter: options.filter }, (args) => {
        let source = readFileSync(args.path, 'utf8');
        for (const rewrite of options.rewrites ?? []) {
          if (!rewrite.file.test(args.path)) continue;
          if (source.search(rewrite.find) < 0)
            throw new TypeError(`${args.path} no longer matches the rewrite that ${rewrite.why}; review the rewrites in kit app-bundle/trim-dependencies.ts`);
          source = source.replace(rewrite.find, rewrite.replace);
        }
        return { contents: annotatePureDefinitions(source), loader: 'js' };
      });
    },
  };
}

/**
 * The module's source with each top-level definition made removable when unused: the calls that
 * form its value are marked pure; a value that also reads properties (a getter may run) or
 * defines a class (its static blocks run) is computed instead by a pure arrow function called in
 * its place, at the same moment, to the same value. (A class is bound to a name inside it, so it
 * still has one; the minified widget renames every class anyway.)
 */
export function annotatePureDefinitions(source: string): string {
  const program = parse(source, { ecmaVersion: 'latest', sourceType: 'module' }) as Program;
  const edits: Array<{ at: number; text: string }> = [];
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations) {
      const init = declarator.init;
      if (declarator.id.type !== 'Identifier' || !init) continue;
      if (init.type === 'ClassExpression') {
        const name = declarator.id.name;
        edits.push({ at: init.start, text: `${PURE}(() => { const ${name} = ` }, { at: init.end, text: `; return ${name}; })()` });
      } else if (isValueShaped(init) && readsProperties(init)) {
        edits.push({ at: init.start, text: `${PURE}(() => (` }, { at: init.end, text: '))()' });
      } else {
        for (const at of valueCalls(init)) edits.push({ at, text: PURE });
      }
    }
  }
  let annotated = '';
  let from = 0;
  for (const edit of edits.sort((a, b) => a.at - b.at)) {
    annotated += source.slice(from, edit.at) + edit.text;
    from = edit.at;
  }
  return annotated + source.slice(from);
}

type AnyNode = Node & Record<string, unknown>;

/** A value built from calls, objects and arrays — what a definition of data looks like. */
function isValueShaped(node: Node): boolean {
  return node.type === 'CallExpression' || node.type === 'NewExpression' || node.type === 'ObjectExpression' || node.type === 'ArrayExpression';
}

/** Whether the value, outside the functions it defines, reads a property other than to call a method, or computes a key. */
function readsProperties(node: Node): boolean {
  let found = false;
  visitValue(node, (child, parent) => {
    if (
      child.type === 'MemberExpression' &&
      !(parent && (parent.type === 'CallExpression' || parent.type === 'NewExpression') && (parent as AnyNode).callee === child)
    )
      found = true;
    if (child.type === 'Property' && (child as AnyNode).computed) found = true;
  });
  return found;
}

/** Where each call that forms the value starts: the initializer, the objects its method chain starts from, the arguments, properties and elements. */
function valueCalls(node: Node): number[] {
  const starts: number[] = [];
  const collect = (value: Node): void => {
    switch (value.type) {
      case 'CallExpression':
      case 'NewExpression': {
        const call = value as Extract<Expression, { type: 'CallExpression' | 'NewExpression' }>;
        starts.push(call.start);
        if (call.callee.type === 'MemberExpression' && call.callee.object.type !== 'Super') collect(call.callee.object);
        for (const argument of call.arguments) collect(argument);
        return;
      }
      case 'ObjectExpression':
        for (const property of (value as Extract<Expression, { type: 'ObjectExpression' }>).properties) {
          if (property.type === 'SpreadElement') collect(property.argument);
          else if (property.kind === 'init' && !property.computed) collect(property.value);
        }
        return;
      case 'ArrayExpression':
        for (const element of (value as Extract<Expression, { type: 'ArrayExpression' }>).elements) if (element) collect(element);
        return;
      case 'SpreadElement':
        collect((value as SpreadElement).argument);
        return;
      default:
        // Functions are not run by the definition; anything else (assignments, comma expressions,
        // conditionals, property reads) is left as the bundler judges it.
        return;
    }
  };
  collect(node);
  return starts;
}

/** Every node of the value, with its parent, except inside the functions and classes it defines. */
function visitValue(node: Node, visit: (child: Node, parent: Node | undefined) => void, parent?: Node): void {
  visit(node, parent);
  if (/Function|Class/.test(node.type) && parent) return;
  for (const value of Object.values(node as AnyNode)) {
    for (const child of Array.isArray(value) ? value : [value]) {
      if (child && typeof child === 'object' && typeof (child as Node).type === 'string') visitValue(child as Node, visit, node);
    }
  }
}
