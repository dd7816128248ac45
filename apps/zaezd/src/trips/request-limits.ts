/**
 * The bounds of a trip request, on their own so the trip board's browser script can read them
 * (the no-match suggestions) without the request resolver and the error table it imports.
 */
export const REQUEST_LIMITS = {
  /** Days after date_from searched when date_to is not given. */
  defaultWindowDays: 60,
  maxWindowDays: 180,
  maxDaysAhead: 365,
  maxAdults: 9,
  maxBudget: 10_000_000,
  maxTopics: 8,
} as const;
