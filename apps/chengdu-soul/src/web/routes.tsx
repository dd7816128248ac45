/**
 * Web routes: the public pages (the owner's pages, `/privacy` and the crawler files have their own
 * route files). Each route reads through the same catalog queries as the MCP tools; a tool-style
 * failure becomes a page with the same code and message. The headers each page gets are in
 * page-headers.ts, the files pages load in site-assets.ts, and the scene directory's loader in
 * scene-directory.tsx.
 */
import type { Hono } from 'hono';
import { htmlDocument } from '@agent-products/kit/web';
import type { AppEnv } from '@agent-products/kit/http';
import { ToolError, problemPageResponse } from '@agent-products/kit/errors';
import type { CatalogQueries } from '../queries/catalog-queries.ts';
import { ForAgentsPage } from './for-agents-page.tsx';
import { ChengduPage } from './layout.tsx';
import { ScenePage } from './scene-page.tsx';
import { GonePage, TravelerPage, startDateFrom } from './traveler-page.tsx';
import type { PageRepository } from '../planning/page-repository.ts';
import type { TileSettings } from './map-tiles.ts';
import { mountPageHeaders } from './page-headers.ts';
import { showSceneDirectory } from './scene-directory.tsx';
import { mountSiteAssets } from './site-assets.ts';

export function registerWebRoutes(app: Hono<AppEnv>, queries: CatalogQueries, pages: PageRepository, clock: () => Date, tiles: TileSettings): void {
  mountPageHeaders(app, tiles);
  mountSiteAssets(app);

  app.get('/agents', (c) => showSceneDirectory(c, queries, tiles));

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
