/**
 * The table of stable error codes: for each, the HTTP status every HTTP surface answers with,
 * whether a retry can succeed, what it means, and which `details` keys it promises. Retryability
 * and status are decided once, here, never at the throw site; a product's table is the platform
 * codes plus its own (`defineErrorTable`), and its `fail` builds the one error class from it.
 */
import { ToolError } from './tool-error.ts';

export interface ErrorCodeSpec {
  /** The HTTP status of this error on a JSON API, an OAuth endpoint or a page. */
  status: number;
  retryable: boolean;
  /** What the code means, for the product's documentation. */
  meaning: string;
  /** `details` keys every error of this code carries; `fail` refuses (TypeError) one without them. */
  details?: readonly string[];
  /** The RFC 6749 `error` this code is on an OAuth endpoint, when it is not the code itself. */
  oauthError?: string;
}

export const PLATFORM_ERROR_CODES = {
  invalid_arguments: {
    status: 400,
    retryable: false,
    details: ['fields'],
    oauthError: 'invalid_request',
    meaning: 'An argument is missing, of the wrong type or out of range; details.fields names each one.',
  },
  idempotency_conflict: {
    status: 409,
    retryable: false,
    details: ['idempotencyKey'],
    meaning: 'The idempotency key was already used with different arguments.',
  },
  unauthorized: { status: 401, retryable: false, meaning: 'This tool needs a valid credential in the Authorization header.' },
  insufficient_scope: {
    status: 403,
    retryable: false,
    details: ['missingScopes'],
    meaning: 'The credential lacks a scope this tool needs; details.missingScopes names them. Authorize again with them.',
  },
  body_too_large: {
    status: 413,
    retryable: false,
    details: ['maxBytes'],
    oauthError: 'invalid_request',
    meaning: 'The request body is larger than this route accepts (details.maxBytes); nothing was done.',
  },
  origin_rejected: {
    status: 403,
    retryable: false,
    meaning: 'The request came from a browser Origin this server does not allow; nothing ran. Call from an allowed origin or from no browser.',
  },
  not_found: { status: 404, retryable: false, meaning: 'No route or page answers this method and path.' },
  rate_limited: {
    status: 429,
    retryable: true,
    details: ['retryAfterSeconds'],
    meaning: 'The shared per-account limit is exhausted; retry after details.retryAfterSeconds.',
  },
  unavailable: {
    status: 503,
    retryable: true,
    oauthError: 'temporarily_unavailable',
    meaning: 'A dependency (the database) is unreachable; nothing was written.',
  },
  internal_error: {
    status: 500,
    retryable: true,
    oauthError: 'server_error',
    meaning: 'An unexpected failure; nothing was written. Report the correlationId.',
  },
} as const satisfies Record<string, ErrorCodeSpec>;

export type PlatformErrorCode = keyof typeof PLATFORM_ERROR_CODES;

export type ErrorTable<C extends string> = Readonly<Record<C, ErrorCodeSpec>>;

/**
 * A product's error table: the platform codes plus its own. Returns the table and a `fail`
 * that builds a `ToolError` whose status and retryability come from the table.
 */
export function defineErrorTable<const T extends Record<string, ErrorCodeSpec>>(productCodes: T) {
  const table = { ...PLATFORM_ERROR_CODES, ...productCodes } as ErrorTable<PlatformErrorCode | (keyof T & string)>;
  function fail(code: PlatformErrorCode | (keyof T & string), message: string, details?: Record<string, unknown>): ToolError {
    const spec: ErrorCodeSpec | undefined = table[code];
    if (!spec) throw new TypeError(`Unknown error code: ${String(code)}`);
    const missing = (spec.details ?? []).filter((key) => details?.[key] === undefined);
    if (missing.length) throw new TypeError(`Error ${code} promises details.${missing.join(', details.')}`);
    return new ToolError(code, message, spec.retryable, details, { status: spec.status, ...(spec.oauthError ? { oauthError: spec.oauthError } : {}) });
  }
  return { table, fail };
}

export const platformErrors = defineErrorTable({});
