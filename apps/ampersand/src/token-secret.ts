/**
 * The access-token secret both services share: the API signs access tokens with it (HS256) and
 * the MCP service verifies them locally. Taken from AMPERSAND_TOKEN_SECRET; on a local start
 * without one it is generated once into the data directory, race-free, so the two processes that
 * `npm start` launches together read the same value. With DATABASE_URL (several machines) it must
 * be given, since a file on one machine cannot be shared.
 */
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const MIN_SECRET_LENGTH = 32;
export const SECRET_FILE = 'token-secret';

export interface SecretSource {
  tokenSecret: string | undefined;
  databaseUrl: string | undefined;
  dataDir: string;
}

export function resolveTokenSecret(source: SecretSource): string {
  if (source.tokenSecret !== undefined) {
    if (source.tokenSecret.length < MIN_SECRET_LENGTH) throw new TypeError(`AMPERSAND_TOKEN_SECRET must be at least ${MIN_SECRET_LENGTH} characters.`);
    return source.tokenSecret;
  }
  if (source.databaseUrl) throw new TypeError('AMPERSAND_TOKEN_SECRET is required when DATABASE_URL is set (every API and MCP process must share it).');
  mkdirSync(source.dataDir, { recursive: true });
  const file = join(source.dataDir, SECRET_FILE);
  const existing = readSecret(file);
  if (existing) return existing;
  // Written whole to a private temporary name, then linked into place: link fails when another
  // process got there first, so nobody ever reads a half-written secret and only one value wins.
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temporary, randomBytes(32).toString('base64url'), { mode: 0o600 });
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(temporary, { force: true });
  }
  const secret = readSecret(file);
  if (!secret) throw new Error(`The token secret file ${file} is empty or too short.`);
  return secret;
}

function readSecret(file: string): string | undefined {
  try {
    const text = readFileSync(file, 'utf8').trim();
    return text.length >= MIN_SECRET_LENGTH ? text : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
