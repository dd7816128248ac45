/** Chengdu Soul's page frame: the kit shell with this product's name, links and footer. */
import type { Child } from 'hono/jsx';
import { PageShell } from '@agent-products/kit/web';

export const STYLESHEET_PATH = '/assets/site.css';

/** What the site is not, said in the footer of pages that do not state their own limits. */
export const SITE_LIMITS =
  'Reviewed overviews for flexible exploration days. Not a timed route, live availability check, reservation, hotel or payment service. Opening hours, access, tickets and travel times are not verified.';

const SITE_NAV = [
  { href: '/agents', label: 'Scenes 场景' },
  { href: '/for-agents', label: 'For agents' },
  { href: '/privacy', label: 'Privacy 隐私' },
];

/** A traveler reading a shared plan has no use for the page about connecting agents. */
const TRAVELER_NAV = SITE_NAV.filter((link) => link.href !== '/for-agents');

export function ChengduPage(props: {
  title: string;
  description?: string;
  robots?: 'index' | 'noindex' | 'noindex-follow';
  /** `traveler`: the shared plan's page, whose navigation leaves out "For agents". */
  nav?: 'site' | 'traveler';
  /** False on pages that state the limits themselves, so they are said once. */
  limitsInFooter?: boolean;
  children?: Child;
}) {
  return (
    <PageShell
      siteName="Chengdu Soul 成都"
      title={props.title}
      stylesheet={STYLESHEET_PATH}
      nav={props.nav === 'traveler' ? TRAVELER_NAV : SITE_NAV}
      robots={props.robots ?? 'index'}
      {...(props.description ? { description: props.description } : {})}
      footer={<p>{props.limitsInFooter === false ? 'Chengdu Soul: reviewed overviews of real Chengdu scenes.' : SITE_LIMITS}</p>}
    >
      {props.children}
    </PageShell>
  );
}
