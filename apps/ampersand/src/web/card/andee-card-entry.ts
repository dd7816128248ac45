/**
 * The andee card as an MCP App (`ui://ampersand/andee-card.html`): the host loads the document,
 * then delivers the result of find_andees (or andee_read) through `ui/notifications/tool-result`,
 * and the card renders a match, a disambiguation set or a no-match from its structured content.
 * Text goes in through textContent only, never as HTML; photos load only from the photo host the
 * resource's CSP allows.
 */
import { App } from '@modelcontextprotocol/ext-apps';

interface Signal {
  text: string;
  hdsCode: string | null;
  visibility: string;
}
interface Profile {
  name: string;
  tag: string;
  photoUrl: string | null;
  connected: boolean;
  signals: Signal[];
}
interface FindResult {
  result?: 'match' | 'disambiguation' | 'no_match';
  matches?: Profile[];
  truncated?: boolean;
  profile?: Profile | null;
  candidates?: Array<{ name: string; tag: string; photoUrl: string | null }>;
}

const root = document.getElementById('andee-card')!;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, className?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

function card(p: { name: string; tag: string; photoUrl: string | null; signals?: Signal[] }): HTMLElement {
  const article = el('article', undefined, 'andee');
  article.dataset.tag = p.tag;
  if (p.photoUrl) {
    const img = el('img');
    img.src = p.photoUrl;
    img.alt = `Photo of ${p.name}`;
    article.append(img);
  }
  const head = el('div', undefined, 'head');
  head.append(el('h2', p.name), el('p', p.tag, 'tag'));
  article.append(head);
  if (p.signals) {
    const list = el('ul');
    for (const s of p.signals) list.append(el('li', s.text));
    if (p.signals.length === 0) list.append(el('li', 'Nothing shared publicly yet.', 'none'));
    article.append(list);
  }
  return article;
}

export function render(result: FindResult): void {
  root.replaceChildren();
  const profiles = result.matches ?? (result.profile ? [result.profile] : []);
  const candidates = result.candidates ?? [];
  if (result.result === 'no_match' || (profiles.length === 0 && candidates.length === 0)) {
    root.append(el('p', 'No andee matches.', 'status'));
    return;
  }
  if (profiles.length === 1 && candidates.length === 0) {
    root.append(card(profiles[0]!));
    return;
  }
  root.append(el('p', `${profiles.length + candidates.length}${result.truncated ? '+' : ''} andees match — which one?`, 'status'));
  for (const p of profiles.length ? profiles : candidates) root.append(card(p));
}

const app = new App({ name: 'ampersand-andee-card', version: '1.0.0' }, {}, { autoResize: true });
app.ontoolresult = (result) => {
  if (result.isError) {
    root.replaceChildren(el('p', 'The search did not complete.', 'status'));
    return;
  }
  render((result.structuredContent ?? {}) as FindResult);
};
root.replaceChildren(el('p', 'Waiting for the search…', 'status'));
void app.connect();
