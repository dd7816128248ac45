/**
 * Grants in /metrics: how many an andee approved for a client (a step-up that adds scopes to a
 * grant the client already holds is not a new one), and how many were revoked, by whom: the
 * andee on the connected-apps page, or the operator.
 */
import { defineCounter } from '@agent-products/kit/observe';

export const countGrantIssued = defineCounter('ampersand_grants_issued_total', 'Grants an andee approved for a client.');

export const countGrantRevoked: (by: 'andee' | 'operator') => void = defineCounter(
  'ampersand_grants_revoked_total',
  'Grants revoked, by whom: the andee or the operator.',
  ['revoked_by'],
);
