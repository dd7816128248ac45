/**
 * axe-core inside a browser suite's page: the engine is read from node_modules and evaluated in
 * the page over the debugging protocol (so a page's strict CSP does not stop it, and the page
 * itself loads no test code), then run over the whole document. Only the impacts a page must
 * not have are returned: critical, serious and moderate — or, asked for, minor ones too.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, Page } from 'playwright-core';

const require = createRequire(import.meta.url);
let source: string | undefined;

export interface AxeProblem {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

const BLOCKING = new Set(['critical', 'serious', 'moderate']);

export interface AxeOptions {
  /** Report minor-impact violations too: every violation axe finds. */
  minor?: boolean;
}

export async function axeProblems(target: Page | Frame, options: AxeOptions = {}): Promise<AxeProblem[]> {
  source ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  await target.evaluate(source);
  const violations = await target.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: {
          run(
            context: Document,
            options: object,
          ): Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }> }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      targets: v.nodes.map((n) => n.target.map(String).join(' ')),
    }));
  });
  return options.minor ? violations : violations.filter((v) => BLOCKING.has(v.impact));
}
