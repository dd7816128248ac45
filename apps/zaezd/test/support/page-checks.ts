/**
 * What the zaezd browser suites check on every page a traveller sees: the text inside Russian
 * (`lang="ru"`) has no Latin-script sentence outside an element marked with its own language,
 * axe finds nothing critical, serious or moderate, and screenshots at the width tested land in
 * test-artifacts/ (ignored by git) for a person to look at.
 */
import { mkdirSync } from 'node:fs';
import type { Frame, Page } from 'playwright-core';

export const ARTIFACTS = new URL('../../test-artifacts/', import.meta.url);

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

export async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: new URL(`${name}.png`, ARTIFACTS).pathname });
  await page.screenshot({ path: new URL(`${name}-full.png`, ARTIFACTS).pathname, fullPage: true });
}
