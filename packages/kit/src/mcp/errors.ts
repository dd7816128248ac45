/**
 * One error shape for every tool failure, and the table of stable codes behind it.
 *
 * A domain throws `ToolError`; the tool helper turns it into `isError: true` with
 * `structuredContent.error = { code, message, retryable, details?, correlationId }`. Codes are
 * stable strings an agent can branch on; whether a code is retryable is decided once, in the
 * table, never at the throw site.
 */
import * as z from 'zod';

export interface ErrorCodeSpec {
  retryable: boolean;
  /** What the code means, for the product's documentation. */
  meaning: string;
}

export const PLATFORM_ERROR_CODES = {
  invalid_arguments: { retryable: false, meaning: 'An argument is missing, of the wrong type or out of range; details.fields names each one.' },
  idempotency_conflict: { retryable: false, meaning: 'The idempotency key was already used with different arguments.' },
  unauthorized: { retryable: false, meaning: 'This tool needs a valid credential in the Authorization header.' },
  insufficient_scope: { retryable: false, meaning: 'The credential lacks a scope this tool needs; details.missingScopes names them. Authorize again with them.' },
  rate_limited: { retryable: true, meaning: 'The shared per-owner limit is exhausted; retry after details.retryAfterSeconds.' },
  unavailable: { retryable: true, meaning: 'A dependency (the database) is unreachable; nothing was written.' },
  internal_error: { retryable: true, meaning: 'An unexpected failure; nothing was written. Report the correlationId.' },
} as const satisfies Record<string, ErrorCodeSpec>;

export type PlatformErrorCode = keyof typeof PLATFORM_ERROR_CODES;

export interface ToolErrorBody {
  code: string;
  message: string;
  retryable: boolean;
  details?: Record<string, unknown>;
  correlationId: string;
}

/**
 * `structuredContent` of a failed call, as published inside every tool's `outputSchema`
 * (advertised-output.ts). `code` is a string rather than an enum: each product's table grows.
 */
export const toolErrorResultSchema = z.strictObject({
  error: z.strictObject({
    code: z.string().describe("A stable code from the product's error table; branch on it."),
    message: z.string(),
    retryable: z.boolean(),
    details: z.record(z.string(), z.unknown()).optional(),
    correlationId: z.string().describe('Quote it when reporting a problem.'),
  }),
});

export class ToolError extends Error {
  override readonly name = 'ToolError';
  constructor(
    readonly code: string,
    message: string,
    readonly retryable: boolean,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
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

export type ErrorTable<C extends string> = Readonly<Record<C, ErrorCodeSpec>>;

/**
 * A product's error table: the platform codes plus its own. Returns the table and a `fail`
 * that builds a `ToolError` whose retryability comes from the table.
 */
export function defineErrorTable<const T extends Record<string, ErrorCodeSpec>>(productCodes: T) {
  const table = { ...PLATFORM_ERROR_CODES, ...productCodes } as ErrorTable<PlatformErrorCode | keyof T & string>;
  function fail(code: PlatformErrorCode | (keyof T & string), message: string, details?: Record<string, unknown>): ToolError {
    const spec = table[code];
    if (!spec) throw new TypeError(`Unknown error code: ${String(code)}`);
    return new ToolError(code, message, spec.retryable, details);
  }
  return { table, fail };
}

export const platformErrors = defineErrorTable({});
