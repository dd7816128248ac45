/** The shared token secret: given, refused when short, required with DATABASE_URL, generated once and shared. */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SECRET_FILE, resolveTokenSecret } from './token-secret.ts';

const dirs: string[] = [];
const fresh = () => {
  const dir = mkdtempSync(join(tmpdir(), 'amp-secret-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('token secret', () => {
  it('uses AMPERSAND_TOKEN_SECRET when given and refuses a short one', () => {
    const secret = 'x'.repeat(40);
    expect(resolveTokenSecret({ tokenSecret: secret, databaseUrl: undefined, dataDir: fresh() })).toBe(secret);
    expect(() => resolveTokenSecret({ tokenSecret: 'short', databaseUrl: undefined, dataDir: fresh() })).toThrow(/at least 32/);
  });

  it('is required when DATABASE_URL is set', () => {
    expect(() => resolveTokenSecret({ tokenSecret: undefined, databaseUrl: 'postgres://x', dataDir: fresh() })).toThrow(/required when DATABASE_URL/);
  });

  it('is generated once into the data directory, private, and read back by every later caller', () => {
    const dataDir = fresh();
    const first = resolveTokenSecret({ tokenSecret: undefined, databaseUrl: undefined, dataDir });
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dataDir, SECRET_FILE), 'utf8')).toBe(first);
    expect(statSync(join(dataDir, SECRET_FILE)).mode & 0o077).toBe(0);
    for (let i = 0; i < 5; i++) expect(resolveTokenSecret({ tokenSecret: undefined, databaseUrl: undefined, dataDir })).toBe(first);
  });
});
