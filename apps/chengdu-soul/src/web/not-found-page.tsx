/**
 * The page for an address nothing answers (the kit's `notFoundPage`): the site's frame, what
 * happened in plain words, and the ways back — the start page, the scenes and a search.
 */
import { htmlDocument } from '@agent-products/kit/web';
import { ChengduPage } from './layout.tsx';

function NotFoundPage() {
  return (
    <ChengduPage title="Page not found" robots="noindex">
      <h1>
        Page not found <span lang="zh-CN">找不到页面</span>
      </h1>
      <p>There is no page at this address. It may have been mistyped, or a link pointed to a page that no longer exists.</p>
      <ul class="way-back">
        <li>
          <a href="/">Start page</a>
        </li>
        <li>
          <a href="/agents">All Chengdu scenes</a>
        </li>
      </ul>
      {/* biome-ignore lint/a11y/useSemanticElements: a form with role=search is the search landmark every screen reader knows. */}
      <form class="search-form" method="get" action="/agents" role="search">
        <label for="q">Search the scenes</label>
        <input type="search" id="q" name="q" maxlength={200} placeholder="e.g. teahouse, 熊猫, quiet park" />
        <div class="row">
          <button type="submit">Search</button>
        </div>
      </form>
      <p class="small">A shared plan’s link that stopped working answers with its own page, saying whether it expired or was stopped.</p>
    </ChengduPage>
  );
}

export function notFoundDocument(): string {
  return htmlDocument(<NotFoundPage />);
}
