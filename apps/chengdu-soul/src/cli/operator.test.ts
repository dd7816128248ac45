/**
 * The operator CLI publishes and lists releases, refuses an invalid folder with every problem, and
 * removes a plan only when told which one (the removal itself: test/plan-removal.test.ts).
 */
import { mkdtempSync, cpSync, writeFileSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RELEASES_DIR } from '../config.ts';
import { newestBundledRelease } from '../catalog/bundled-releases.ts';
import { runOperator } from './operator.ts';

const work = mkdtempSync(join(tmpdir(), 'chengdu-operator-'));
const saved = { ...process.env };
process.env.CHENGDU_SOUL_DATA_DIR = join(work, 'db');
delete process.env.DATABASE_URL;
afterAll(() => {
  process.env = saved;
  rmSync(work, { recursive: true, force: true });
});

async function run(...argv: string[]) {
  const lines: string[] = [];
  const code = await runOperator(argv, (line) => lines.push(line));
  return { code, output: lines.join('\n') };
}

describe('operator CLI', () => {
  it('validates, publishes idempotently and lists releases', async () => {
    // Without a folder the CLI takes the newest release in the repository: 2026-12-07.1 since issue 45.
    expect((await run('validate-catalog')).output).toMatch(/^valid: 2026-12-07\.1 \(64 scenes/);
    expect((await run('validate-catalog', join(RELEASES_DIR, '2026-12-01.1'))).output).toMatch(/^valid: 2026-12-01\.1 \(60 scenes/);
    expect((await run('publish-catalog', join(RELEASES_DIR, '2026-12-01.1'))).output).toMatch(/^published: 2026-12-01\.1/);
    expect((await run('publish-catalog')).output).toMatch(/^published: 2026-12-07\.1/);
    expect((await run('publish-catalog')).output).toMatch(/^already_published/);
    const list = await run('list-catalog');
    expect(list.code).toBe(0);
    expect(list.output).toMatch(/2026-12-01\.1/);
    expect(list.output).toMatch(/2026-12-07\.1.*current/);
  });

  it('refuses a broken folder with every problem and exit code 1', async () => {
    const folder = join(work, 'broken');
    cpSync(newestBundledRelease(), folder, { recursive: true });
    const scene = join(folder, 'scenes', 'wenshu-monastery.json');
    const data = JSON.parse(readFileSync(scene, 'utf8'));
    data.tags = ['no-such-tag'];
    data.atmosphere = 'noisy';
    writeFileSync(scene, JSON.stringify(data));
    writeFileSync(join(folder, 'scenes', 'not-json.json'), '{');
    const result = await run('publish-catalog', folder);
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/not-json\.json/);
    const again = await run('validate-catalog', folder.replace('broken', 'missing'));
    expect(again.code).toBe(1);
  });

  it('removes a plan only when given a reference that names one', async () => {
    expect(await run('remove-plan')).toEqual({ code: 1, output: expect.stringMatching(/^failed: remove-plan needs/) });
    expect(await run('remove-plan', 'everything')).toEqual({ code: 1, output: expect.stringMatching(/^failed: Not a plan page link/) });
    expect(await run('remove-plan', 'dr_unknownunknown')).toEqual({ code: 1, output: 'no such plan: nothing was removed' });
  });

  it('prints help for an unknown command', async () => {
    const result = await run('frobnicate');
    expect(result.code).toBe(2);
    expect(result.output).toMatch(/publish-catalog/);
  });
});
