/**
 * `npm run bench <name>` with a name no benchmark has exits 1 at once, naming the benchmarks there
 * are, and starts nothing (not even the machine line a run begins with): before, it ran no
 * benchmark and exited 0, which reads like a run that met every target.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const RUN = fileURLToPath(new URL('./run.ts', import.meta.url));

it('refuses an unknown benchmark name with exit 1 and the list of known names', () => {
  const answer = spawnSync(process.execPath, ['--import', 'tsx', RUN, 'no-such-bench'], { encoding: 'utf8', timeout: 120_000 });
  expect(answer.status).toBe(1);
  expect(answer.stdout).toBe('');
  expect(answer.stderr).toContain('no benchmark is named "no-such-bench"');
  for (const name of ['chengdu-search', 'search-relevance', 'zaezd-trips', 'ampersand-tool-call', 'scale', 'migrate (only when named)']) {
    expect(answer.stderr).toContain(name);
  }
}, 180_000);
