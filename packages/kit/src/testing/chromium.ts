/**
 * Headless Chromium for the browser suites of every product, launched one way:
 * the system browser (CHROMIUM_PATH, default /usr/bin/chromium), never a download. Without an
 * executable the suite is skipped with a note, unless REQUIRE_BROWSER=1 (CI), when it fails.
 */
import { accessSync, constants } from 'node:fs';
import { describe, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BROWSER_REQUIRED = process.env.REQUIRE_BROWSER === '1';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export const browserAvailable = executable(CHROMIUM_PATH);

/** Call at a suite's top level: a failing test when the browser is required, a note otherwise. */
export function reportMissingBrowser(suite: string): void {
  if (browserAvailable) return;
  if (BROWSER_REQUIRED) {
    describe('headless Chromium', () => {
      it('is installed when REQUIRE_BROWSER=1', () => {
        throw new Error(`REQUIRE_BROWSER=1 but no executable Chromium at ${CHROMIUM_PATH}. Install chromium or set CHROMIUM_PATH.`);
      });
    });
  } else {
    console.warn(`[${suite}] Skipping browser tests: no executable Chromium at ${CHROMIUM_PATH} (set CHROMIUM_PATH, or REQUIRE_BROWSER=1 to fail instead).`);
  }
}

/**
 * The browser stands for a person's device, which keeps its own clock: when a suite runs the
 * products under `faketime` (CI's date-bomb guard), the browser is not preloaded with it, since
 * Chromium under libfaketime stalls page loads.
 */
function browserEnvironment(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(env)) if (name === 'LD_PRELOAD' || name.startsWith('FAKETIME')) delete env[name];
  return env;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, env: browserEnvironment() });
}
