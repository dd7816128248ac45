/**
 * `robots.txt` and `sitemap.xml`, following the operator's discovery switch on every request (no
 * process caches it). Off: crawlers are asked to stay away entirely and there is no sitemap. On:
 * only `/agents` and the scene overviews under it may be crawled, and the sitemap lists them for
 * the current release. Private plan pages (`/p/`) are disallowed either way, and answer noindex.
 */
import type { Hono } from 'hono';
import type { AppEnv } from '@agent-products/kit/http';
import type { DiscoverySwitch } from '../access/discovery-switch.ts';
import type { CatalogQueries } from '../queries/catalog-queries.ts';
import { detailPathFor } from '../catalog/vocabulary.ts';
import { escapeXml } from './xml-text.ts';

export function registerCrawlerRoutes(app: Hono<AppEnv>, o: { discovery: DiscoverySwitch; queries: CatalogQueries; publicUrl: string }): void {
  app.get('/robots.txt', async (c) => {
    const lines = (await o.discovery.isOn())
      ? ['User-agent: *', 'Allow: /agents', 'Disallow: /p/', 'Disallow: /', '', `Sitemap: ${o.publicUrl}/sitemap.xml`]
      : ['User-agent: *', 'Disallow: /p/', 'Disallow: /'];
    return c.text(`${lines.join('\n')}\n`, 200, { 'Cache-Control': 'no-cache' });
  });

  app.get('/sitemap.xml', async (c) => {
    if (!(await o.discovery.isOn())) return c.text('Discovery is off: there is no sitemap.\n', 404, { 'Cache-Control': 'no-cache' });
    const release = await o.queries.currentRelease();
    const lastmod = release.publishedAt.toISOString().slice(0, 10);
    const urls = ['/agents', ...release.scenes.map((s) => detailPathFor(s.cardId))].map(
      (path) => `  <url><loc>${escapeXml(`${o.publicUrl}${path}`)}</loc><lastmod>${lastmod}</lastmod></url>`,
    );
    const xml = ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
    return c.body(xml, 200, { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'no-cache' });
  });
}
