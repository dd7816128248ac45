/**
 * The run's own PostgreSQL database, created empty at the start and dropped at the end (with the
 * connections the killed replicas may have left open), so that reading the writes back counts
 * exactly this run's.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface FreshDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

export async function createFreshDatabase(adminUrl: string): Promise<FreshDatabase> {
  const name = `topology_${randomBytes(5).toString('hex')}`;
  await administer(adminUrl, `create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.href, name, drop: () => administer(adminUrl, `drop database if exists "${name}" with (force)`) };
}

async function administer(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
