/**
 * How a call to the Tutu MCP server can fail, as one error with a stable `failure` kind:
 * - `timeout`: no answer within the per-call timeout;
 * - `unreachable`: no connection, a dropped connection or an HTTP 5xx;
 * - `busy`: Tutu answered HTTP 429 (rate limited) — never retried here, retryable by the caller;
 * - `upstream_error`: Tutu answered, but with its own internal failure ("try again later");
 * - `invalid_arguments`: Tutu's argument validation refused what zaezd sent — a defect of ours,
 *   never "no offers";
 * - `refused`: Tutu answered with a reason about the request itself (a place it cannot find);
 * - `malformed`: the answer was not the JSON it should have been.
 * `timeout`, `unreachable` and `upstream_error` are retried with backoff; `busy` is not (retrying
 * a 429 only deepens it) — the trip answers `upstream_busy`, which the caller may retry later.
 */

export type UpstreamFailure = 'timeout' | 'unreachable' | 'busy' | 'upstream_error' | 'invalid_arguments' | 'refused' | 'malformed';

/** Failures that mean Tutu gave no usable answer; a refusal is an answer (with its reason). */
export const UNANSWERED: ReadonlySet<UpstreamFailure> = new Set(['timeout', 'unreachable', 'busy', 'upstream_error', 'invalid_arguments', 'malformed']);

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

  /** Worth another attempt inside this call (with backoff). */
  get transient(): boolean {
    return this.failure === 'timeout' || this.failure === 'unreachable' || this.failure === 'upstream_error';
  }
}
