/**
 * The API's revocation feed: how every MCP process learns within a second that a grant ended,
 * without asking the database on each request (issue 27; docs/authorization.md "Revocation").
 *
 * The database records every grant that ends (migration 0061: a trigger on the grant row's
 * delete, whoever deleted it — the web, the operator's CLI through the owner channel, reuse
 * detection, expiry) in `oauth_grant_revocations` and `NOTIFY`s on commit. Each API process
 * LISTENs (kit store: in process on PGlite, a dedicated connection on PostgreSQL) and answers
 * `POST /internal/revocations`, a long poll: the revocations newer than the caller's cursor, at
 * once when there are any, else when a notice arrives or after `waitSeconds`. So the notice is
 * only a wake-up; the table is the truth, and a lost notice (a dropped LISTEN connection) costs
 * at most one wait. The caller proves itself with a key derived from the shared secret; a
 * `since` or `waitSeconds` that is not a number it could use is a 400 naming it.
 */
import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { sql, type Kysely } from 'kysely';
import { platformErrors } from '@agent-products/kit/errors';
import type { AppEnv } from '@agent-products/kit/http';
import type { Database, Listening } from '@agent-products/kit/store';
import type { AmpersandDatabase } from '../store/schema.ts';

export const REVOCATION_FEED_PATH = '/internal/revocations';
export const REVOCATION_CHANNEL = 'ampersand_grant_revoked';
/** The longest a long poll is held; also the bound on how late a lost notice is made up for. */
export const MAX_WAIT_SECONDS = 20;
/**
 * A revocation's time is taken inside its transaction, before the commit that makes it visible:
 * a cursor is read back this far so a slow commit behind a newer one is not skipped.
 */
const COMMIT_SLACK_MS = 30_000;

export interface Revocation {
  grantId: string;
  /** Past this instant (ms) no access token of the grant can still be live. */
  keepUntil: number;
}

export interface RevocationPage {
  revocations: Revocation[];
  /** Pass back as `since`: the newest revocation time seen (ms). */
  cursor: number;
}

export interface RevocationFeed {
  routes: Hono<AppEnv>;
  /** Drops revocations no live token can refer to any more (housekeeping). */
  prune(): Promise<void>;
  close(): Promise<void>;
}

export async function revocationFeed(options: {
  database: Database<AmpersandDatabase>;
  /** The feed key the MCP service presents (derived-keys.ts). */
  key: Buffer;
  accessTokenTtlSeconds: number;
}): Promise<RevocationFeed> {
  const { database, key, accessTokenTtlSeconds } = options;
  const db = database.db;
  const ttlMs = accessTokenTtlSeconds * 1000;
  const waiters = new Set<() => void>();
  let notices = 0;
  const listening: Listening = await database.listen(REVOCATION_CHANNEL, () => {
    notices++;
    for (const wake of [...waiters]) wake();
  });

  const routes = new Hono<AppEnv>();
  routes.post(REVOCATION_FEED_PATH, async (c) => {
    if (!presentsKey(c.req.header('authorization'), key)) {
      throw platformErrors.fail('unauthorized', 'The revocation feed is for the MCP service.');
    }
    const body = (await c.req.json().catch(() => undefined)) as { since?: unknown; waitSeconds?: unknown } | undefined;
    const since = pollArgument(body?.since, 'since', LATEST_TIME_MS, `must be a time in milliseconds since 1970, from 0 to ${LATEST_TIME_MS}`);
    // A longer wait than the feed holds is asked for in good faith: it is shortened, not refused.
    const waitSeconds = Math.min(
      MAX_WAIT_SECONDS,
      pollArgument(body?.waitSeconds, 'waitSeconds', Number.POSITIVE_INFINITY, 'must be a number of seconds, 0 or more') ?? 0,
    );
    const seen = notices;
    let page = await read(db, since, ttlMs);
    const fresh = since === undefined || page.cursor > since;
    if (!fresh && waitSeconds > 0) {
      // A notice that came while reading already counts: only wait when none did.
      if (notices === seen) await wakeOrTimeout(waiters, waitSeconds * 1000, c.req.raw.signal);
      page = await read(db, since, ttlMs);
    }
    return c.json(page, 200, { 'Cache-Control': 'no-store' });
  });

  return {
    routes,
    async prune() {
      await db
        .deleteFrom('oauth_grant_revocations')
        .where('revoked_at', '<', new Date(Date.now() - ttlMs - COMMIT_SLACK_MS))
        .execute();
    },
    close: () => listening.close(),
  };
}

/** The latest instant a JavaScript Date can hold (ECMA-262 §21.4.1.1): a cursor past it is no time. */
const LATEST_TIME_MS = 8.64e15;

/**
 * One of the poll's numbers, absent or from 0 to `max`: anything else (a string, a negative, a
 * cursor no Date can hold, which the read would have failed on with a 500) is refused by name.
 */
function pollArgument(value: unknown, field: string, max: number, problem: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number' && value >= 0 && value <= max) return value;
  throw platformErrors.fail('invalid_arguments', `${field} ${problem}; nothing was read.`, { fields: [{ field, problem }] });
}

async function read(db: Kysely<AmpersandDatabase>, since: number | undefined, ttlMs: number): Promise<RevocationPage> {
  const { rows } = await sql<{ grant_id: string; revoked_at: Date; now: Date }>`
    select grant_id, revoked_at, clock_timestamp() as now from oauth_grant_revocations
    where revoked_at > greatest(${new Date((since ?? 0) - COMMIT_SLACK_MS)}::timestamptz, clock_timestamp() - make_interval(secs => ${ttlMs / 1000}))
    union all select null, null, clock_timestamp()`.execute(db);
  const revocations: Revocation[] = [];
  let cursor = since ?? 0;
  for (const row of rows) {
    if (row.grant_id === null) {
      // With no cursor yet the caller starts from now: older revocations were all returned.
      if (since === undefined) cursor = Math.max(cursor, new Date(row.now).getTime());
      continue;
    }
    const revokedAt = new Date(row.revoked_at).getTime();
    revocations.push({ grantId: row.grant_id, keepUntil: revokedAt + ttlMs });
    cursor = Math.max(cursor, revokedAt);
  }
  return { revocations, cursor };
}

function wakeOrTimeout(waiters: Set<() => void>, ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      waiters.delete(done);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    waiters.add(done);
    signal.addEventListener('abort', done);
  });
}

function presentsKey(header: string | undefined, key: Buffer): boolean {
  const presented = Buffer.from(/^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '', 'utf8');
  const expected = Buffer.from(key.toString('base64url'), 'utf8');
  return presented.length === expected.length && timingSafeEqual(presented, expected);
}
