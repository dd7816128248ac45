/**
 * Renders &'s app icon (assets/icon.svg, the source) to the PNGs the web app manifest lists,
 * in the system Chromium. Run after changing the SVG: `npx tsx apps/ampersand/scripts/render-icons.ts`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const assets = new URL('../assets/', import.meta.url);
const svg = readFileSync(new URL('icon.svg', assets), 'utf8');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
try {
  for (const size of [192, 512]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(`<html><body style="margin:0">${svg.replace('width="512" height="512"', `width="${size}" height="${size}"`)}</body></html>`);
    writeFileSync(new URL(`icon-${size}.png`, assets), await page.screenshot({ omitBackground: true }));
    await page.close();
  }
} finally {
  await browser.close();
}
