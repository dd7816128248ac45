/** zaezd's page frame: the kit shell with this product's name, links and footer. */
import type { Child } from 'hono/jsx';
import { PageShell } from '@agent-products/kit/web';

export const STYLESHEET_PATH = '/assets/site.css';

export function ZaezdPage(props: { title: string; robots?: 'index' | 'noindex'; children?: Child }) {
  return (
    <PageShell
      siteName="zaezd"
      title={props.title}
      stylesheet={STYLESHEET_PATH}
      nav={[{ href: '/', label: 'About' }]}
      robots={props.robots ?? 'noindex'}
      footer={
        <p>
          zaezd finds an event and builds trips to it over Tutu’s search; you check out on Tutu’s own site. It books nothing, holds nothing and
          does not sell event tickets. Prices are Tutu’s at the moment of the search.
        </p>
      }
    >
      {props.children}
    </PageShell>
  );
}
