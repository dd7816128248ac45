/**
 * What the Chengdu Soul browser suites check on the pages people read: axe finds nothing
 * critical, serious or moderate, nothing is wider than the screen, and screenshots land in
 * test-artifacts/ (ignored by git) for a person to look at. Chromium here may lack CJK fonts, so
 * Chinese can show as boxes in the screenshots; no check depends on how it renders.
 */
import { mkdirSync } from 'node:fs';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { axeProblems } from '@agent-products/kit/testing';

const ARTIFACTS = new URL('../../test-artifacts/', import.meta.url);

export const DESKTOP = { viewport: { width: 1280, height: 800 } };
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** Nothing wider than the screen and no axe violation of the impacts named (all of them with `minor`). */
export async function expectReadable(page: Page, options: { minor?: boolean } = {}): Promise<void> {
  const size = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(size.scrollWidth).toBeLessThanOrEqual(size.innerWidth);
  await expect(axeProblems(page, options)).resolves.toEqual([]);
}

export async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: new URL(`${name}.png`, ARTIFACTS).pathname });
  await page.screenshot({ path: new URL(`${name}-full.png`, ARTIFACTS).pathname, fullPage: true });
}

/**
 * Unfolds every day of a traveler page, as a traveler tapping each day's heading would, and waits
 * until each unfolded day's map has started (it is drawn only once its day is open).
 */
export async function openEveryDay(page: Page): Promise<void> {
  const summaries = page.locator('section.day > details:not([open]) > summary');
  for (let count = await summaries.count(); count > 0; count--) await summaries.first().click();
  await page.waitForFunction(
    (scripted) => !scripted || [...document.querySelectorAll('section.day figure[data-points]')].every((f) => f.getAttribute('data-map') !== 'list'),
    await page.evaluate(() => 'L' in window),
  );
}
