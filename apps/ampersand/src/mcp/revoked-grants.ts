/**
 * The grants this MCP process knows to be revoked, kept current by following the API's
 * revocation feed (auth/revocation-feed.ts) with one long poll at a time: the API answers as
 * soon as a grant ends, so a token of a revoked grant is refused here within a second, and each
 * request costs one Map lookup instead of a database round trip. When the API cannot be reached
 * the follower retries with a bounded back-off; meanwhile the API itself still refuses the
 * revoked grant on every tool call (its own grant check), so a gap costs a 401 later, never access.
 * Entries are dropped when no token of the grant can still be live.
 */
import type { Logger } from '@agent-products/kit/log';
import type { ApiConnection } from './api-connection.ts';

const FEED_PATH = '/internal/revocations';
const WAIT_SECONDS = 20;
const RETRY_MS = [250, 500, 1000, 2000, 5000];

export interface RevokedGrants {
  has(grantId: string): boolean;
  /** Resolves once the feed has answered at least once (tests, and start-up logs). */
  readonly ready: Promise<void>;
  close(): void;
}

interface FeedPage {
  revocations: Array<{ grantId: string; keepUntil: number }>;
  cursor: number;
}

export function followRevocations(options: { api: ApiConnection; key: Buffer; log: Logger }): RevokedGrants {
  const { api, log } = options;
  const revoked = new Map<string, number>();
  const headers = { Authorization: `Bearer ${options.key.toString('base64url')}`, 'Content-Type': 'application/json' };
  let cursor: number | undefined;
  let closed = false;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });

  async function follow(): Promise<void> {
    let failures = 0;
    while (!closed) {
      try {
        const answer = await api.post(
          FEED_PATH,
          headers,
          JSON.stringify({ since: cursor, waitSeconds: cursor === undefined ? 0 : WAIT_SECONDS }),
          (WAIT_SECONDS + 10) * 1000,
        );
        if (answer.status !== 200 || !isPage(answer.body)) throw new Error(`The revocation feed answered ${answer.status}.`);
        const now = Date.now();
        for (const { grantId, keepUntil } of answer.body.revocations) if (keepUntil > now) revoked.set(grantId, keepUntil);
        for (const [grantId, keepUntil] of revoked) if (keepUntil <= now) revoked.delete(grantId);
        cursor = answer.body.cursor;
        if (failures > 0) log.info('revocation feed reached again');
        failures = 0;
        markReady();
      } catch (error) {
        if (closed) return;
        if (failures === 0) log.warn({ err: error }, 'revocation feed unreachable; retrying (the API still refuses revoked grants on every tool call)');
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]).unref());
        failures++;
      }
    }
  }
  void follow();

  return {
    has: (grantId) => {
      const keepUntil = revoked.get(grantId);
      return keepUntil !== undefined && keepUntil > Date.now();
    },
    ready,
    close() {
      closed = true;
      api.close();
    },
  };
}

function isPage(body: unknown): body is FeedPage {
  const page = body as FeedPage | undefined;
  return typeof page === 'object' && page !== null && Array.isArray(page.revocations) && typeof page.cursor === 'number';
}
