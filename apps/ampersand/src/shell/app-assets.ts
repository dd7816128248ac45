/**
 * What makes & installable as an app ("Add to Home Screen"): the web app manifest and its icons.
 * The icons are files of the package (assets/): the SVG is the source, the PNGs are rendered from
 * it by `scripts/render-icons.ts` and checked in, read once when the process starts.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Hono } from 'hono';
import type { AppEnv } from '@agent-products/kit/http';

/** Found from the package itself, so the same code reads the files from src/ (tests, tsx) and from dist/ (npm start). */
const ASSETS = join(dirname(createRequire(import.meta.url).resolve('@agent-products/ampersand/package.json')), 'assets');

export const MANIFEST_PATH = '/manifest.webmanifest';
export const ICON_SVG_PATH = '/assets/icon.svg';
export const ICON_PNG_PATHS = { 192: '/assets/icon-192.png', 512: '/assets/icon-512.png' } as const;
/** The colours of the page shell (site-css.ts), so the installed app opens in them. */
const THEME = { background: '#fafafa', theme: '#1d1d1f' };

export function webAppManifest(): string {
  return JSON.stringify({
    name: '&',
    short_name: '&',
    description: 'Your identity and connections, for the AI agents you choose.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: THEME.background,
    theme_color: THEME.theme,
    icons: [
      { src: ICON_SVG_PATH, type: 'image/svg+xml', sizes: 'any', purpose: 'any' },
      { src: ICON_PNG_PATHS[192], type: 'image/png', sizes: '192x192', purpose: 'any' },
      { src: ICON_PNG_PATHS[512], type: 'image/png', sizes: '512x512', purpose: 'any' },
    ],
  });
}

export function mountAppAssets(app: Hono<AppEnv>): void {
  const cache = { 'Cache-Control': 'public, max-age=86400' };
  const manifest = webAppManifest();
  const svg = readFileSync(join(ASSETS, 'icon.svg'));
  const png192 = readFileSync(join(ASSETS, 'icon-192.png'));
  const png512 = readFileSync(join(ASSETS, 'icon-512.png'));
  app.get(MANIFEST_PATH, (c) => c.body(manifest, 200, { 'Content-Type': 'application/manifest+json', ...cache }));
  app.get(ICON_SVG_PATH, (c) => c.body(svg, 200, { 'Content-Type': 'image/svg+xml', ...cache }));
  app.get(ICON_PNG_PATHS[192], (c) => c.body(png192, 200, { 'Content-Type': 'image/png', ...cache }));
  app.get(ICON_PNG_PATHS[512], (c) => c.body(png512, 200, { 'Content-Type': 'image/png', ...cache }));
}
