/**
 * Web routes: the public pages (the owner's pages, `/privacy` and the crawler files have their own
 * route files). Each route reads through the same catalog queries as the MCP tools; a tool-style
 * failure becomes a page with the same code and message.
 */
import type { Hono } from 'hono';
import { PAGE_CSP, htmlDocument, securityHeaders } from '@agent-products/kit/web';
import type { AppEnv } from '@agent-products/kit/http';
import { UNSTORABLE_TEXT, unacceptableField } from '@agent-products/kit/mcp';
import { ToolError, invalidArguments, problemPageResponse } from '@agent-products/kit/errors';
import type { CatalogQueries } from '../queries/catalog-queries.ts';
import { ListInput, SearchInput } from '../catalog/query-inputs.ts';
import { AgentsPage, type SearchFormValues } from './agents-page.tsx';
import { ForAgentsPage } from './for-agents-page.tsx';
import { OWNER_SCRIPT, OWNER_SCRIPT_PATH } from './owner-script.ts';
import { ChengduPage, STYLESHEET_PATH } from './layout.tsx';
import { ScenePage } from './scene-page.tsx';
import { GonePage, TravelerPage, startDateFrom } from './traveler-page.tsx';
import type { PageRepository } from '../planning/page-repository.ts';
import { SITE_CSS } from './site-css.ts';
import { LEAFLET_SCRIPT_PATH, MAP_SCRIPT, MAP_SCRIPT_PATH, MAP_STYLESHEET_PATH, leafletFiles } from './map-assets.ts';
import { mapPageCsp, type TileSettings } from './map-tiles.ts';

/** The owner's planning pages and "Plan published" may run their small script (owner-script.ts); every other page runs none but the map's. */
const OWNER_PAGES = new Set(['/', '/plan', '/plan/confirm']);

/** Pages with a map (points-map.tsx): the directory, the scene pages and the traveler's page. */
function hasMap(path: string): boolean {
  return path === '/agents' || path.startsWith('/agents/scenes/') || path.startsWith('/p/');
}

export function registerWebRoutes(app: Hono<AppEnv>, queries: CatalogQueries, pages: PageRepository, clock: () => Date, tiles: TileSettings): void {
  const pageHeaders = securityHeaders();
  const ownerPageHeaders = securityHeaders(`${PAGE_CSP}; script-src 'self'`);
  const mapPageHeaders = securityHeaders(mapPageCsp(tiles));
  app.use('*', (c, next) => (OWNER_PAGES.has(c.req.path) ? ownerPageHeaders(c, next) : hasMap(c.req.path) ? mapPageHeaders(c, next) : pageHeaders(c, next)));

  app.get(OWNER_SCRIPT_PATH, (c) => c.body(OWNER_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=3600' }));
  const cacheable = 'public, max-age=3600';
  app.get(LEAFLET_SCRIPT_PATH, (c) => c.body(leafletFiles().script, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': cacheable }));
  app.get(MAP_SCRIPT_PATH, (c) => c.body(MAP_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': cacheable }));
  app.get(MAP_STYLESHEET_PATH, (c) => c.body(leafletFiles().stylesheet, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': cacheable }));
  app.get(STYLESHEET_PATH, (c) => c.body(SITE_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'public, max-age=3600' }));

  app.get('/agents', async (c) => {
    const form: SearchFormValues = {
      q: c.req.query('q') ?? '',
      atmosphere: c.req.query('atmosphere') ?? '',
      discovery: c.req.query('discovery') ?? '',
      limit: c.req.query('limit') ?? '',
    };
    const release = await queries.currentRelease();
    // A page that shows a visitor's own query is theirs, not the site's: never indexed, and its
    // meta robots says the same as the header.
    const visitorQuery = Object.values(form).some((value) => value !== '');
    if (visitorQuery) c.header('X-Robots-Tag', 'noindex');
    const robots = visitorQuery ? 'noindex-follow' : 'index';
    // Refused as the search tool refuses it, and never reflected as it came.
    const unstorable = unacceptableField({ query: form.q, atmosphere: form.atmosphere, discovery: form.discovery, limit: form.limit });
    if (unstorable) {
      const shown = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, v.replace(new RegExp(UNSTORABLE_TEXT, 'g'), '\uFFFD')])) as SearchFormValues;
      return c.html(
        htmlDocument(
          <AgentsPage
            robots={robots}
            tiles={tiles}
            form={shown}
            release={release}
            inputProblem={`Invalid arguments: ${unstorable.field} ${unstorable.problem}.`}
          />,
        ),
        400,
      );
    }
    if (form.q.trim() === '') {
      const filters = ListInput.safeParse({
        ...(form.atmosphere ? { atmosphere: form.atmosphere } : {}),
        ...(form.discovery ? { discovery: form.discovery } : {}),
      });
      if (!filters.success) {
        return c.html(
          htmlDocument(<AgentsPage robots={robots} tiles={tiles} form={form} release={release} inputProblem={invalidArguments(filters.error).message} />),
          400,
        );
      }
      const listing = await queries.list(filters.data);
      return c.html(htmlDocument(<AgentsPage robots={robots} tiles={tiles} form={form} release={release} listing={listing} />));
    }
    const parsed = SearchInput.safeParse({
      query: form.q,
      ...(form.limit ? { limit: Number(form.limit) } : {}),
      ...(form.atmosphere ? { atmosphere: form.atmosphere } : {}),
      ...(form.discovery ? { discovery: form.discovery } : {}),
    });
    if (!parsed.success) {
      return c.html(
        htmlDocument(<AgentsPage robots={robots} tiles={tiles} form={form} release={release} inputProblem={invalidArguments(parsed.error).message} />),
        400,
      );
    }
    const outcome = await queries.search(parsed.data);
    return c.html(htmlDocument(<AgentsPage robots={robots} tiles={tiles} form={form} release={release} outcome={outcome} />));
  });

  app.get('/for-agents', (c) => c.html(htmlDocument(<ForAgentsPage />)));

  app.get('/p/:token', async (c) => {
    const found = await pages.lookup(c.req.param('token'), clock());
    // Unlisted capability pages: never indexed, never leak their URL as a referrer, never cached.
    c.header('Referrer-Policy', 'no-referrer');
    c.header('X-Robots-Tag', 'noindex, nofollow');
    c.header('Cache-Control', 'no-store');
    if (found.state === 'live') {
      const asked = c.req.query('start');
      return c.html(
        htmlDocument(
          <TravelerPage snapshot={found.snapshot} token={c.req.param('token')} start={startDateFrom(asked)} startAsked={Boolean(asked)} tiles={tiles} />,
        ),
      );
    }
    return c.html(htmlDocument(<GonePage reason={found.state} />), found.state === 'missing' ? 404 : 410);
  });

  app.get('/agents/scenes/:cardId', async (c) => {
    const scene = await queries.currentScene(c.req.param('cardId'));
    if (!scene) {
      return c.html(
        htmlDocument(
          <ChengduPage title="Scene not found" robots="noindex">
            <h1>Scene not found</h1>
            <p>
              There is no scene with this ID in the current catalog. <a href="/agents">See all scenes</a>.
            </p>
          </ChengduPage>,
        ),
        404,
      );
    }
    return c.html(htmlDocument(<ScenePage scene={scene} tiles={tiles} />));
  });
}

/** Page answers for failures the catalog reports, used as the app's error mapping. */
export function webErrorPage(error: Error): Promise<Response> | undefined {
  if (!(error instanceof ToolError && error.code === 'catalog_unavailable')) return undefined;
  return problemPageResponse(error, (problem) =>
    htmlDocument(
      <ChengduPage title="Catalog unavailable" robots="noindex">
        <h1>Catalog unavailable</h1>
        <p>{problem.message}</p>
      </ChengduPage>,
    ),
  );
}
