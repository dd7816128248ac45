/**
 * A fact the andee adds about themselves in the app: filed by the same service `identity_write`
 * files an agent's through (IdentitySignals.write: the same checks, HDS coding and duplicate
 * rule), but approved at once and with the visibility they chose — they wrote it, so there is
 * nothing left for them to review.
 */
import type { IdentitySignals, Visibility, WriteOutcome } from './identity-signals.ts';
import { VISIBILITIES } from './identity-signals.ts';
import { ampersandErrors } from '../errors.ts';

export function checkedVisibility(value: string | undefined): Visibility {
  const visibility = VISIBILITIES.find((v) => v === value);
  if (!visibility)
    throw ampersandErrors.fail('invalid_arguments', 'Choose who may see the fact: private, connections or public.', {
      fields: [{ field: 'visibility', problem: 'is not private, connected or public' }],
    });
  return visibility;
}

export async function addOwnFact(
  signals: IdentitySignals,
  andeeId: string,
  input: { value: string; visibility: string | undefined },
  now: Date,
): Promise<WriteOutcome> {
  const visibility = checkedVisibility(input.visibility);
  return signals.write(andeeId, { value: input.value, visibility, status: 'approved', provenance: { source: 'web' } }, now);
}
