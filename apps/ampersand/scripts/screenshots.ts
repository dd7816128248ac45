/**
 * The README's screenshots of &'s web app: every page of the page suite (test/support/app-pages.ts,
 * the same seeded andee and the same list of pages), signed out and signed in, at a phone's
 * 390×844 and a desktop's 1280×800, above the fold, as PNG into docs/screenshots/; a file over
 * 100 KB is named on the console. Run after changing a
 * page: `npx tsx apps/ampersand/scripts/screenshots.ts` (the system Chromium, an embedded database,
 * loopback ports the system chooses; about a minute), or with the names of the pages changed
 * (`… screenshots.ts home chat review`) to make only theirs; an unknown name stops it before any file is written.
 */
import { mkdirSync, statSync } from 'node:fs';
import { launchChromium } from '@agent-products/kit/testing';
import { seedAppPages } from '../test/support/app-pages.ts';
import { startAmpersand } from '../test/support/start-ampersand.ts';

const OUT = new URL('../docs/screenshots/', import.meta.url);
const SIZES = { phone: { viewport: { width: 390, height: 844 } }, desktop: { viewport: { width: 1280, height: 800 } } } as const;
/** Each file stays small enough to keep in the repository. */
const MAX_BYTES = 100 * 1024;

mkdirSync(OUT, { recursive: true });
const [browser, amp] = await Promise.all([launchChromium(), startAmpersand()]);
try {
  const app = await seedAppPages(amp);
  const asked = process.argv.slice(2);
  const unknown = asked.filter((name) => ![...app.signedOut, ...app.signedIn].some((p) => p.name === name));
  if (unknown.length) throw new Error(`No page named ${unknown.join(', ')} in test/support/app-pages.ts.`);
  const wanted = (shown: { name: string }) => asked.length === 0 || asked.includes(shown.name);
  for (const [size, options] of Object.entries(SIZES)) {
    for (const signedIn of [false, true]) {
      const pages = (signedIn ? app.signedIn : app.signedOut).filter(wanted);
      if (pages.length === 0) continue;
      const context = signedIn ? await app.signedInContext(browser, options) : await browser.newContext(options);
      const page = await context.newPage();
      for (const shown of pages) {
        await page.goto(`${amp.apiUrl}${shown.path}`);
        const file = new URL(`${shown.name}-${size}.png`, OUT);
        await page.screenshot({ path: file.pathname });
        const bytes = statSync(file).size;
        if (bytes > MAX_BYTES) console.warn(`${file.pathname}: ${Math.round(bytes / 1024)} KB, over ${MAX_BYTES / 1024} KB`);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await amp.close();
}
