/**
 * zaezd's error table: the platform codes plus the product's own. Every tool failure and every
 * web error page draws its code from here; whether a code is retryable is decided once, here.
 */
import { defineErrorTable } from '@agent-products/kit/errors';

export const zaezdErrors = defineErrorTable({
  invalid_trip_id: { status: 400, retryable: false, meaning: 'The trip_id is malformed, altered, or from an unknown version; details.reason says which.' },
  unknown_package: { status: 404, retryable: false, meaning: 'The trip has no package with this number; details.packages lists the numbers it has.' },
  trip_in_past: { status: 410, retryable: false, meaning: 'The trip’s travel dates have passed; search again with new dates.' },
  event_not_found: { status: 404, retryable: false, meaning: 'The event the trip_id names is no longer listed by its source; search again.' },
  upstream_unavailable: {
    status: 503,
    retryable: true,
    meaning: 'Tutu did not answer the searches a trip needs (details.failures names each); nothing was invented. Retry shortly.',
  },
  upstream_busy: {
    status: 503,
    retryable: true,
    meaning: 'Tutu is rate limiting zaezd (HTTP 429; details.failures names each search); nothing was invented and nothing was retried. Retry in a minute.',
  },
  events_unavailable: { status: 503, retryable: true, meaning: 'The events source did not answer; retry shortly.' },
});

export const fail = zaezdErrors.fail;
