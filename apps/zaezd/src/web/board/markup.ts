/**
 * The board's markup as plain data, so one renderer (board-view.ts) serves both outputs: the
 * browser turns it into DOM nodes (text stays text, never HTML), the server into escaped HTML for
 * the page that must read without JavaScript. `keep` marks a place where the browser puts an
 * element it owns across renders (the map canvas); the server writes nothing there.
 */

export interface MarkupElement {
  tag: string;
  attrs: Readonly<Record<string, string>>;
  children: Markup[];
}

export interface KeptElement {
  keep: string;
}

export type Markup = MarkupElement | KeptElement | string;
export type MarkupChild = Markup | number | null | undefined | false;

export function m(tag: string, attrs: Record<string, string | null | undefined> | null, ...children: MarkupChild[]): MarkupElement {
  const clean: Record<string, string> = {};
  for (const [name, value] of Object.entries(attrs ?? {})) if (value !== null && value !== undefined) clean[name] = value;
  return {
    tag,
    attrs: clean,
    children: children.flatMap((child): Markup[] =>
      child === null || child === undefined || child === false ? [] : [typeof child === 'number' ? String(child) : child],
    ),
  };
}

export function kept(name: string): KeptElement {
  return { keep: name };
}

const VOID = new Set(['br', 'hr', 'img', 'input', 'meta', 'link']);

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;'));
}

export function toHtml(nodes: readonly Markup[]): string {
  let html = '';
  for (const node of nodes) {
    if (typeof node === 'string') html += escapeHtml(node);
    else if ('keep' in node) continue;
    else {
      if (!/^[a-z][a-z0-9]*$/.test(node.tag)) throw new TypeError(`Not a tag name: ${node.tag}`);
      const attrs = Object.entries(node.attrs)
        .map(([name, value]) => {
          if (!/^[a-z][a-z0-9-]*$/.test(name)) throw new TypeError(`Not an attribute name: ${name}`);
          return ` ${name}="${escapeHtml(value)}"`;
        })
        .join('');
      html += VOID.has(node.tag) ? `<${node.tag}${attrs}>` : `<${node.tag}${attrs}>${toHtml(node.children)}</${node.tag}>`;
    }
  }
  return html;
}

export function toDom(nodes: readonly Markup[], keptElements: Readonly<Record<string, Element>> = {}): Node[] {
  return nodes.flatMap((node): Node[] => {
    if (typeof node === 'string') return [document.createTextNode(node)];
    if ('keep' in node) {
      const element = keptElements[node.keep];
      return element ? [element] : [];
    }
    const element = document.createElement(node.tag);
    for (const [name, value] of Object.entries(node.attrs)) element.setAttribute(name, value);
    element.append(...toDom(node.children, keptElements));
    return [element];
  });
}
