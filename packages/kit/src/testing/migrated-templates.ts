/**
 * Migrated templates for test databases: each set of migrations runs once per test run, into a
 * template every test database of that set then starts from, instead of migrating from empty in
 * every test file. On PGlite the template is a dump of a migrated in-memory database, loaded
 * with `loadDataDir`; on PostgreSQL it is a migrated database copied with CREATE DATABASE …
 * TEMPLATE. Measured on the two-core machine under load: migrating & from empty took 1.7–2.1 s
 * per file on PGlite and 1–2 s on PostgreSQL; copying its template database takes about 0.1 s
 * (cloning a template schema by replaying its dump took 0.7–1 s, so databases are copied, not schemas).
 *
 * The migrations still run from empty in every run, with the real migrator: the first test
 * database of a set builds its template that way (and the migration suites migrate fresh databases).
 * A template lives for one run only (template-run-setup.ts makes its place and removes it), so a
 * changed migration, or code it calls, can never be served from an older run's template. Outside
 * that setup (no run provided) `undefined` is returned and the caller migrates from empty.
 */
import { createHash } from 'node:crypto';
import { open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { dumpInMemory, migrate, openDatabase, platformMigrations, type Database, type Migrations } from '../store/index.ts';
import { TemplateDump } from './template-dump.ts';

/** What the run's global setup provides: a directory for PGlite dumps and a name for its PostgreSQL templates. */
export interface TemplateRun {
  dir: string;
  id: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    templateRun: TemplateRun | undefined;
  }
}

/** The prefix of every template database a run makes; the run's id follows it. */
export const TEMPLATE_DATABASE_PREFIX = 'vitest_template_';
/** The prefix of every test database copied from a template; the run's id follows it. */
export const TEST_DATABASE_PREFIX = 'vitest_';

const LOCK_WAIT_MS = 120_000;
const dumps = new Map<string, Promise<Blob>>();

export function templateRun(): TemplateRun | undefined {
  try {
    return inject('templateRun');
  } catch {
    return undefined;
  }
}

/**
 * Names the migrations by their content (every migration's name and code, the platform's
 * included): two suites passing the same list share one template, a different list gets its own.
 */
export function migrationsKey(migrations: Migrations): string {
  const hash = createHash('sha256');
  for (const set of [platformMigrations, migrations]) {
    for (const [name, migration] of Object.entries(set).sort(([a], [b]) => (a < b ? -1 : 1))) {
      hash.update(`${name}\0${String(migration.up)}\0${String(migration.down ?? '')}\0`);
    }
    hash.update('\u0001');
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * An in-memory database with these migrations run, started from the run's dump of them. The dump
 * is made once per run and kept both in a file (for other workers and, when files are isolated,
 * later files of this worker) and in memory (for later files of a non-isolated worker); the
 * database that made it is handed to its caller, not thrown away. Undefined outside a run.
 */
export async function openFromEmbeddedTemplate<DB>(migrations: Migrations): Promise<Database<DB> | undefined> {
  const run = templateRun();
  if (!run) return undefined;
  const key = migrationsKey(migrations);
  const known = dumps.get(key);
  if (known) return openDatabase<DB>({ dataDir: 'memory://', loadDataDir: await known });
  const made = readOrBuild<DB>(run.dir, key, migrations);
  const dump = made.then(({ dump }) => dump);
  dumps.set(key, dump);
  dump.catch(() => dumps.delete(key));
  const { database } = await made;
  return database ?? openDatabase<DB>({ dataDir: 'memory://', loadDataDir: await dump });
}

async function readOrBuild<DB>(dir: string, key: string, migrations: Migrations): Promise<{ dump: Blob; database?: Database<DB> }> {
  const file = join(dir, `${key}.tar`);
  return withFileLock(join(dir, `${key}.lock`), async () => {
    const made = await readFile(file).catch(() => undefined);
    if (made) return { dump: new TemplateDump(made) };
    const database = await openDatabase<DB>({ dataDir: 'memory://' });
    try {
      await migrate(database.db as never, database.schema, migrations);
      const dump = new Uint8Array(await (await dumpInMemory(database)).arrayBuffer());
      // Written whole, then renamed: a reader never sees half a dump.
      await writeFile(`${file}.${process.pid}`, dump);
      await rename(`${file}.${process.pid}`, file);
      return { dump: new TemplateDump(dump), database };
    } catch (error) {
      await database.close();
      throw error;
    }
  });
}

/**
 * Runs `work` while holding a lock file, so of several workers wanting the same template one
 * migrates and the others wait for its result. A lock left by a dead process is taken over.
 */
async function withFileLock<T>(path: string, work: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      const handle = await open(path, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(await readFile(path, 'utf8').catch(() => ''));
      if (owner && !processAlive(owner)) await rm(path, { force: true });
      else if (Date.now() > deadline) throw new Error(`Waited ${LOCK_WAIT_MS} ms for process ${owner} to build the test database template (${path}).`);
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  try {
    return await work();
  } finally {
    await rm(path, { force: true });
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The name of a PostgreSQL database on the server of `url` with these migrations run in its
 * `public` schema, made once per run: the first worker to ask migrates it under an advisory
 * lock, the others wait on the lock and find it made.
 */
export async function postgresTemplate(url: string, migrations: Migrations): Promise<string | undefined> {
  const run = templateRun();
  if (!run) return undefined;
  const name = `${TEMPLATE_DATABASE_PREFIX}${run.id}_${migrationsKey(migrations)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      await admin.query(`create database ${name}`);
      const template = await openDatabase<unknown>({ url: databaseUrl(url, name), schema: 'public' });
      try {
        await migrate(template.db, template.schema, migrations);
      } catch (error) {
        await template.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        throw error;
      }
      await template.close();
    }
    return name;
  } finally {
    await admin.end();
  }
}

/** `url` with its database replaced by `database`. */
export function databaseUrl(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
