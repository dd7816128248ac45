/**
 * Whether an error means the database could not be reached (refused, reset, timed out, shut
 * down, or any connection-class SQLSTATE): such a failure wrote nothing and is worth retrying,
 * so surfaces answer it as `unavailable` (503) rather than as an internal error. The same holds
 * for another dependency reported unreachable (DependencyUnreachable).
 */
export function isConnectionFailure(error: unknown): boolean {
  if (error instanceof DependencyUnreachable) return true;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|57P0[123]|08\w{3})$/.test(code)) return true;
  const message = error instanceof Error ? error.message : '';
  // node-postgres answers "Client has encountered a connection error and is not queryable" (or
  // "Client was closed…") to a statement on a connection that already died: a pooled one taken
  // just before its error event, or the ROLLBACK a transaction sends after its write failed on
  // the cut, whose error is the one that surfaces. Neither wrote anything.
  return /Connection terminated|connection timeout|timeout exceeded when trying to connect|is not queryable/i.test(message);
}

/**
 * A dependency other than the database that could not be reached (Redis under the rate limits):
 * answered like a lost database, 503 with Retry-After, since the request did nothing.
 */
export class DependencyUnreachable extends Error {
  constructor(dependency: string, cause: unknown) {
    super(`${dependency} is unreachable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'DependencyUnreachable';
  }
}
