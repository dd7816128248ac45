/**
 * Builds the Chengdu Soul application over an open database: catalog services, the MCP endpoint
 * with its tools, and the web pages, all on one Hono app. Used by `main.ts` and by the tests,
 * which start it on an ephemeral port.
 */
import type { Hono } from 'hono';
import { createHttpApp, type AppEnv } from '@agent-products/kit/http';
import { createMcpEndpoint } from '@agent-products/kit/mcp';
import type { Database } from '@agent-products/kit/store';
import type { Logger } from '@agent-products/kit/log';
import { CatalogQueries } from './catalog/catalog-queries.ts';
import { CatalogRepository } from './catalog/catalog-repository.ts';
import { CatalogService } from './catalog/catalog-service.ts';
import { catalogTools } from './mcp/catalog-tools.ts';
import type { ChengduDatabase } from './store/schema.ts';
import { registerWebRoutes, webErrorPage } from './web/routes.tsx';

export const SERVICE_NAME = 'chengdu-soul';
export const SERVICE_VERSION = '0.1.0';

const INSTRUCTIONS =
  'Chengdu Soul plans one to three flexible exploration days from reviewed overviews of real Chengdu scenes. ' +
  'Call list_chengdu_scenes or search_chengdu_scenes, then get_chengdu_scene with the exact catalogVersion. ' +
  'Not a timed route, live availability check, reservation, hotel or payment service: never imply verified opening hours, ' +
  'accessibility, travel times or tickets. Ask the traveler before requiring a selectionOnly outing.';

export interface ChengduAppOptions {
  database: Database<ChengduDatabase>;
  log: Logger;
  allowedOrigins: readonly string[];
  catalogRefreshMs?: number;
  clock?: () => Date;
}

export interface ChengduApp {
  app: Hono<AppEnv>;
  catalog: CatalogService;
  repository: CatalogRepository;
  close(): Promise<void>;
}

export function createChengduApp(options: ChengduAppOptions): ChengduApp {
  const clock = options.clock ?? (() => new Date());
  const repository = new CatalogRepository(options.database.db);
  const catalog = new CatalogService(repository, options.catalogRefreshMs ?? 2000);
  const queries = new CatalogQueries(catalog);

  const app = createHttpApp({
    log: options.log,
    allowedOrigins: options.allowedOrigins,
    mapError: (error) => webErrorPage(error),
    health: async () => {
      const databaseUp = await options.database.ping();
      let catalogVersion: string | null = catalog.knownCurrentVersion() ?? null;
      if (databaseUp) catalogVersion = (await catalog.current().catch(() => undefined))?.catalogVersion ?? null;
      return {
        healthy: databaseUp,
        details: {
          service: SERVICE_NAME,
          version: SERVICE_VERSION,
          database: { kind: options.database.kind, reachable: databaseUp },
          catalogVersion,
        },
      };
    },
  });

  const endpoint = createMcpEndpoint({
    name: SERVICE_NAME,
    version: SERVICE_VERSION,
    title: 'Chengdu Soul',
    instructions: INSTRUCTIONS,
    tools: catalogTools(queries),
    onError: (error) => options.log.warn({ err: error }, 'mcp handler error'),
  });
  app.all('/mcp', (c) =>
    endpoint.handle(c.req.raw, { correlationId: c.get('correlationId'), log: c.get('log'), now: clock }),
  );

  registerWebRoutes(app, queries);

  return {
    app,
    catalog,
    repository,
    close: () => endpoint.close(),
  };
}
