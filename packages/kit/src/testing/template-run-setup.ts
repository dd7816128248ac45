/**
 * Vitest global setup for migrated templates (migrated-templates.ts): gives the run a fresh
 * directory for PGlite dumps and an id for its PostgreSQL template databases, and removes both
 * when the run ends, so no template outlives the run that migrated it. Named once in the root
 * config; every project's workers receive the same run (a module-level value: Vitest loads this
 * file once per project, in one process).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { TEMPLATE_DATABASE_PREFIX, type TemplateRun } from './migrated-templates.ts';

let run: TemplateRun | undefined;
let users = 0;

export default function setup(project: TestProject): () => Promise<void> {
  run ??= { dir: mkdtempSync(join(tmpdir(), 'vitest-templates-')), id: randomBytes(4).toString('hex') };
  users += 1;
  project.provide('templateRun', run);
  return async () => {
    users -= 1;
    if (users > 0 || !run) return;
    const ended = run;
    run = undefined;
    rmSync(ended.dir, { recursive: true, force: true });
    if (process.env.DATABASE_URL) await dropTemplates(process.env.DATABASE_URL, ended.id);
  };
}

async function dropTemplates(url: string, id: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [`${TEMPLATE_DATABASE_PREFIX}${id}_`]);
    for (const { datname } of rows) await client.query(`drop database if exists ${datname} with (force)`);
  } finally {
    await client.end();
  }
}
