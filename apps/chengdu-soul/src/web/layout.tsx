/** Chengdu Soul's page frame: the kit shell with this product's name, links and footer. */
import type { Child } from 'hono/jsx';
import { PageShell } from '@agent-products/kit/web';

export const STYLESHEET_PATH = '/assets/site.css';

export function ChengduPage(props: { title: string; description?: string; robots?: 'index' | 'noindex' | 'noindex-follow'; children?: Child }) {
  return (
    <PageShell
      siteName="Chengdu Soul 成都"
      title={props.title}
      stylesheet={STYLESHEET_PATH}
      nav={[
        { href: '/agents', label: 'Scenes 场景' },
        { href: '/for-agents', label: 'For agents' },
        { href: '/privacy', label: 'Privacy 隐私' },
      ]}
      robots={props.robots ?? 'index'}
      {...(props.description ? { description: props.description } : {})}
      footer={
        <p>
          Reviewed overviews for flexible exploration days. Not a timed route, live availability check, reservation, hotel or payment service. Opening hours,
          access, tickets and travel times are not verified.
        </p>
      }
    >
      {props.children}
    </PageShell>
  );
}
