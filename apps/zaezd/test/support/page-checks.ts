/**
 * What the zaezd browser suites check on every page a traveller sees: the text inside Russian
 * (`lang="ru"`) has no Latin-script sentence outside an element marked with its own language,
 * and no word in Latin letters a traveller reads but a few names; axe finds no violation at all
 * (minor ones included); and screenshots at the width tested land in
 * test-artifacts/ (ignored by git) for a person to look at.
 */
import { mkdirSync } from 'node:fs';
import type { Frame, Page } from 'playwright-core';

export const ARTIFACTS = new URL('../../test-artifacts/', import.meta.url);

/** zaezd's pages are held to every axe violation, minor ones included. */
export const EVERY_VIOLATION = { minor: true } as const;

export const DESKTOP = { viewport: { width: 1280, height: 800 } };
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** Three Latin words in a row inside Russian: a sentence (or a name) that should carry its own lang. */
export async function latinInsideRussian(target: Page | Frame, selector = 'body'): Promise<string[]> {
  return target.locator(selector).evaluate((root) => {
    const found: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const owner = node.parentElement;
      if (!owner || owner.closest('script, style, code')) continue;
      const lang = owner.closest('[lang]')?.getAttribute('lang') ?? '';
      const text = node.textContent ?? '';
      if (lang.startsWith('ru') && /[A-Za-z]{2,}(?:[^A-Za-zА-Яа-яЁё]+[A-Za-z]{2,}){2,}/.test(text)) found.push(text.trim());
    }
    return found;
  });
}

/**
 * Names and brands a Russian page may carry in Latin letters: zaezd itself, the stand-in's name
 * in the demo notice, the weather service and its site, Wi-Fi. Codes in capitals (flights
 * «DP 201», airports «VKO») are names too. Everything else in Latin letters is English a
 * traveller would have to read.
 */
const LATIN_NAMES = new Set(['zaezd', 'tutu-sim', 'Open-Meteo', 'open-meteo.com', 'Wi-Fi']);

/**
 * Every word in Latin letters a traveller can read on the page — every `<details>` opened first,
 * `lang` or not — except the names above. The map's credit line (the tile provider's licence
 * text, configured with the tiles) and the folded «Технические подробности» of an error page
 * (the server's own message, for whoever supports the traveller) are left out.
 */
export async function englishForTraveller(target: Page | Frame, selector = 'body'): Promise<string[]> {
  const text = await target.locator(selector).evaluate((root) => {
    const opened = [...root.querySelectorAll('details:not(.technical)')].filter((d) => !(d as HTMLDetailsElement).open) as HTMLDetailsElement[];
    for (const details of opened) details.open = true;
    const skipped = [...root.querySelectorAll<HTMLElement>('.leaflet-control-attribution, details.technical')];
    for (const element of skipped) element.dataset.englishCheck = element.style.display || 'shown';
    for (const element of skipped) element.style.display = 'none';
    const seen = (root as HTMLElement).innerText;
    for (const element of skipped) element.style.display = element.dataset.englishCheck === 'shown' ? '' : element.dataset.englishCheck!;
    for (const details of opened) details.open = false;
    return seen;
  });
  const words = text.match(/[A-Za-z][A-Za-z0-9.'’-]*[A-Za-z0-9]|[A-Za-z]/g) ?? [];
  return words.filter((word) => !LATIN_NAMES.has(word) && !/^[A-Z0-9]{1,4}$/.test(word));
}

export async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: new URL(`${name}.png`, ARTIFACTS).pathname });
  await page.screenshot({ path: new URL(`${name}-full.png`, ARTIFACTS).pathname, fullPage: true });
}
