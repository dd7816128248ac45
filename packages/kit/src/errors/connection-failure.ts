/**
 * Whether an error means the database could not be reached (refused, reset, timed out, shut
 * down, or any connection-class SQLSTATE): such a failure wrote nothing and is worth retrying,
 * so surfaces answer it as `unavailable` (503) rather than as an internal error.
 */
export function isConnectionFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|57P0[123]|08\w{3})$/.test(code)) return true;
  const message = error instanceof Error ? error.message : '';
  return /Connection terminated|connection timeout|timeout exceeded when trying to connect/i.test(message);
}
