/**
 * The pages behind the stand-in's links. Where real Tutu would open a cart, a seat choice or a
 * hotel page, the stand-in shows what that page would hold — train, dates, passengers — and says
 * that it is a demo. A checkout link past its lifetime answers 410, like an expired real one.
 */
import type { Hono } from 'hono';
import type { AppEnv } from '@agent-products/kit/http';
import { PageShell, securityHeaders } from '@agent-products/kit/web';
import { HOTELS } from '../fixtures/hotels.ts';
import { SIM_TOOLS } from '../mcp/tool-catalog.ts';

const STYLESHEET = '/assets/sim.css';
const CSS = `body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1f2328;background:#fafafa}
main{max-width:44rem;margin:0 auto;padding:1rem}.site-header{display:flex;gap:1rem;padding:.75rem 1rem;background:#fff;border-bottom:1px solid #ddd}
.site-name{font-weight:700;color:#0a7d3b;text-decoration:none}.site-footer{max-width:44rem;margin:2rem auto;padding:1rem;color:#5b636e;font-size:.9rem}
.notice{background:#fff7e6;border:1px solid #f0d9a8;padding:.75rem 1rem;border-radius:.5rem}dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{color:#5b636e}`;

const TITLES: Record<string, string> = {
  'checkout/rail': 'Выбор мест в поезде',
  'checkout/avia': 'Корзина авиабилетов',
  'checkout/hotel': 'Корзина: номер в отеле',
  'checkout/bus': 'Оформление билета на автобус',
  'search/rail': 'Поиск поездов',
  'search/avia': 'Поиск авиабилетов',
  'search/hotels': 'Поиск отелей',
  'search/bus': 'Поиск автобусов',
};

function SimPage(props: { title: string; children?: unknown }) {
  return (
    <PageShell
      siteName="tutu-sim"
      title={props.title}
      lang="ru"
      stylesheet={STYLESHEET}
      robots="noindex"
      nav={[{ href: '/', label: 'О стенде' }]}
      footer={<p>tutu-sim — локальный стенд, повторяющий инструменты Tutu MCP на демонстрационных данных. Ничего не бронируется и не оплачивается.</p>}
    >
      {props.children as never}
    </PageShell>
  );
}

function Params(props: { params: Record<string, string> }) {
  return (
    <dl>
      {Object.entries(props.params)
        .filter(([key]) => key !== 'exp')
        .map(([key, value]) => (
          <>
            <dt>{key}</dt>
            <dd>{value}</dd>
          </>
        ))}
    </dl>
  );
}

export function registerDemoPages(app: Hono<AppEnv>, now: () => Date): void {
  app.use('*', securityHeaders());
  app.get(STYLESHEET, (c) => c.body(CSS, 200, { 'Content-Type': 'text/css; charset=utf-8' }));

  app.get('/', (c) =>
    c.html(
      <SimPage title="Стенд Tutu MCP">
        <h1>tutu-sim</h1>
        <p class="notice">Демонстрационные данные: поезда, рейсы, отели и цены вымышлены, хотя города, вокзалы и улицы настоящие.</p>
        <p>
          MCP: <code>POST /mcp</code> (Streamable HTTP, без сессии). Управление задержкой и сбоями: <code>GET/PUT/DELETE /control</code>.
        </p>
        <h2>Инструменты</h2>
        <ul>
          {SIM_TOOLS.map((tool) => (
            <li>
              <code>{tool.name}</code> — {tool.description}
            </li>
          ))}
        </ul>
      </SimPage>,
    ),
  );

  app.get('/demo/:section/:product', (c) => {
    const key = `${c.req.param('section')}/${c.req.param('product')}`;
    const title = TITLES[key];
    if (!title) return c.html(<SimPage title="Нет такой страницы">Нет такой демо-страницы.</SimPage>, 404);
    const params = c.req.query();
    const expires = Number(params.exp);
    if (Number.isFinite(expires) && now().getTime() > expires) {
      return c.html(
        <SimPage title="Ссылка устарела">
          <h1>Ссылка устарела</h1>
          <p>Ссылки на оформление живут 20 минут. Запросите новую.</p>
        </SimPage>,
        410,
      );
    }
    return c.html(
      <SimPage title={title}>
        <h1>{title}</h1>
        <p class="notice">Демо-страница tutu-sim. На настоящем Туту здесь была бы эта страница с такими параметрами.</p>
        <Params params={params} />
      </SimPage>,
    );
  });

  app.get('/demo/hotel/:id', (c) => {
    const hotel = HOTELS.find((h) => String(h.id) === c.req.param('id'));
    if (!hotel) return c.html(<SimPage title="Отель не найден">Отель не найден.</SimPage>, 404);
    return c.html(
      <SimPage title={hotel.name}>
        <h1>{hotel.name}</h1>
        <p class="notice">Демо-страница отеля tutu-sim: номер выбирается здесь, корзины по этой ссылке нет.</p>
        <p>{hotel.address}</p>
        <Params params={c.req.query()} />
      </SimPage>,
    );
  });
}
