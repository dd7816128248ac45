/**
 * zaezd's page frame: the kit shell with this product's name, links and footer. Trip pages are
 * in Russian, like the Tutu pages they lead to; the others speak English to whoever set up the
 * agent.
 */
import type { Child } from 'hono/jsx';
import { PageShell } from '@agent-products/kit/web';

export const STYLESHEET_PATH = '/assets/site.css';

const CHROME = {
  en: {
    about: 'About',
    footer:
      'zaezd finds an event and builds trips to it over Tutu’s search; you check out on Tutu’s own site. It books nothing, holds nothing and does not sell event tickets. Prices are Tutu’s at the moment of the search.',
  },
  ru: {
    about: 'О сервисе',
    footer:
      'zaezd находит мероприятие и собирает поездку из поиска Туту; оформляете вы сами, на сайте Туту. zaezd ничего не бронирует, не держит цены и не продаёт билеты на мероприятия. Цены — цены Туту в момент поиска.',
  },
} as const;

export function ZaezdPage(props: { title: string; lang?: 'en' | 'ru'; robots?: 'index' | 'noindex'; children?: Child }) {
  const lang = props.lang ?? 'en';
  const chrome = CHROME[lang];
  return (
    <PageShell
      siteName="zaezd"
      title={props.title}
      lang={lang}
      stylesheet={STYLESHEET_PATH}
      nav={[{ href: '/', label: chrome.about }]}
      robots={props.robots ?? 'noindex'}
      footer={<p>{chrome.footer}</p>}
    >
      {props.children}
    </PageShell>
  );
}
