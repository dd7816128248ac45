/**
 * How a call to the Tutu MCP server can fail, as one error with a stable `failure` kind:
 * - `timeout`: no answer within the per-call timeout;
 * - `unreachable`: no connection, a dropped connection or an HTTP 5xx/429;
 * - `refused`: the server answered with an error (an error result, an error sentence instead of
 *   JSON, or a protocol error such as invalid arguments);
 * - `malformed`: the answer was not the JSON it should have been.
 * Only the first two are worth retrying.
 */

export type UpstreamFailure = 'timeout' | 'unreachable' | 'refused' | 'malformed';

export class UpstreamError extends Error {
  override readonly name = 'UpstreamError';
  constructor(
    readonly failure: UpstreamFailure,
    readonly tool: string,
    message: string,
    /** The upstream's own words, when it gave any (an error sentence). */
    readonly upstreamText?: string,
  ) {
    super(message);
  }

  get retryable(): boolean {
    return this.failure === 'timeout' || this.failure === 'unreachable';
  }
}
