/**
 * The idempotency key of one rendered owner form. The web's keys carry their own prefix, so the
 * open-drafts list can tell a draft proposed on this page from one an agent proposed.
 */
import { randomBytes } from 'node:crypto';
import { WEB_KEY_PREFIX } from '../planning/open-drafts.ts';

/** A new idempotency key for one rendered form: sending that form twice repeats one action. */
export function formKey(): string {
  return `${WEB_KEY_PREFIX}${randomBytes(18).toString('base64url')}`;
}
