/**
 * The one error class every expected failure is: a stable `code` an agent or a page can branch
 * on, a message for people, its retryability and HTTP status (from the product's error table,
 * error-table.ts), and the `details` the code promises. Routes and tools throw it; one renderer
 * per surface (render.ts) turns it into an answer.
 */
export interface ToolErrorBody {
  code: string;
  message: string;
  retryable: boolean;
  details?: Record<string, unknown>;
  correlationId: string;
}

export interface ToolErrorHttp {
  /** Default 400: the caller sent something this service refuses. */
  status?: number;
  /** The RFC 6749 `error` on an OAuth endpoint; default the code itself. */
  oauthError?: string;
}

export class ToolError extends Error {
  override readonly name = 'ToolError';
  readonly status: number;
  readonly oauthError: string;
  constructor(
    readonly code: string,
    message: string,
    readonly retryable: boolean,
    readonly details?: Record<string, unknown>,
    http: ToolErrorHttp = {},
  ) {
    super(message);
    this.status = http.status ?? 400;
    this.oauthError = http.oauthError ?? code;
  }

  toBody(correlationId: string): ToolErrorBody {
    return {
      code: this.code,
      message: this.message,
      retryable: this.retryable,
      ...(this.details ? { details: this.details } : {}),
      correlationId,
    };
  }
}
