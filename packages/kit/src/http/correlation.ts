/**
 * Correlation ids: a caller's `X-Request-Id` is honoured when it is a sane token (so a client can
 * follow its request through our logs) and otherwise replaced; either way it is echoed back.
 */
import { randomUUID } from 'node:crypto';

const ACCEPTABLE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function correlationIdFor(headerValue: string | null | undefined): string {
  return headerValue && ACCEPTABLE_ID.test(headerValue) ? headerValue : randomUUID();
}
