/**
 * Vitest global setup for migrated templates (migrated-templates.ts): gives the run a fresh
 * directory for PGlite dumps and an id for its PostgreSQL template databases, and removes both
 * when the run ends, so no template outlives the run that migrated it (nor a test database copied
 * from one that a suite closed without dispose()). Vitest loads a global
 * setup once per project, as separate modules in the one main process, so the run is held on
 * `globalThis`: every project's workers receive the same one, and the last project to end removes it.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { TEMPLATE_DATABASE_PREFIX, TEST_DATABASE_PREFIX, type TemplateRun } from './migrated-templates.ts';

const HELD = Symbol.for('agent-products.test-template-run');
type Held = { run: TemplateRun; projects: number };
const shared = globalThis as { [HELD]?: Held };

export default function setup(project: TestProject): () => Promise<void> {
  shared[HELD] ??= { run: { dir: mkdtempSync(join(tmpdir(), 'vitest-templates-')), id: randomBytes(4).toString('hex') }, projects: 0 };
  const held = shared[HELD];
  held.projects += 1;
  project.provide('templateRun', held.run);
  return async () => {
    held.projects -= 1;
    if (held.projects > 0) return;
    delete shared[HELD];
    rmSync(held.run.dir, { recursive: true, force: true });
    if (process.env.DATABASE_URL) await dropTemplates(process.env.DATABASE_URL, held.run.id);
  };
}

async function dropTemplates(url: string, id: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Test databases first (a template cannot be dropped while copies are being made of it).
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where starts_with(datname, $1) or starts_with(datname, $2) order by starts_with(datname, $2)',
      [`${TEST_DATABASE_PREFIX}${id}_`, `${TEMPLATE_DATABASE_PREFIX}${id}_`],
    );
    for (const { datname } of rows) await client.query(`drop database if exists ${datname} with (force)`);
  } finally {
    await client.end();
  }
}
