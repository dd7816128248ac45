/**
 * zaezd's page frame: the kit shell with this product's name, links and footer. Every page a
 * traveller sees is in Russian, like the Tutu pages they lead to; only the page for agents (and
 * whoever sets them up) is in English.
 */
import type { Child } from 'hono/jsx';
import { PageShell } from '@agent-products/kit/web';

export const STYLESHEET_PATH = '/assets/site.css';

const CHROME = {
  en: {
    search: 'Find a trip',
    agents: 'For agents',
    footer:
      'zaezd finds an event and builds trips to it over Tutu’s search; you check out on Tutu’s own site. It books nothing, holds nothing and does not sell event tickets. Prices are Tutu’s at the moment of the search.',
  },
  ru: {
    search: 'Найти поездку',
    agents: 'Для агентов',
    footer:
      'zaezd находит мероприятие и собирает поездку из поиска Туту; оформляете вы сами, на сайте Туту. zaezd ничего не бронирует, не держит цены и не продаёт билеты на мероприятия. Цены — цены Туту в момент поиска.',
  },
} as const;

export function ZaezdPage(props: { title: string; lang?: 'en' | 'ru'; robots?: 'index' | 'noindex'; children?: Child }) {
  const lang = props.lang ?? 'ru';
  const chrome = CHROME[lang];
  return (
    <PageShell
      siteName="zaezd"
      title={props.title}
      lang={lang}
      stylesheet={STYLESHEET_PATH}
      nav={[
        { href: '/', label: chrome.search },
        { href: '/agents', label: chrome.agents },
      ]}
      robots={props.robots ?? 'noindex'}
      footer={<p>{chrome.footer}</p>}
    >
      {props.children}
    </PageShell>
  );
}
