/**
 * Which contacts of an imported vCard book & could not use, and why, so the import can name
 * each one: a card with no phone number at all (an e-mail alone finds no one here), or one whose
 * every number cannot be read as a phone number in the chosen country. A card with at least one
 * readable number counts as read; its unreadable numbers are still counted by the upload.
 */
import { e164 } from './contacts.ts';
import type { VCardContact } from './vcard.ts';

export interface UnreadContact {
  /** The card's name (FN), or "a contact without a name" with its place in the file. */
  name: string;
  why: string;
}

/** How many unread contacts are named on the page; the rest are counted. */
export const UNREAD_NAMED = 50;

export function unreadContacts(contacts: readonly VCardContact[], region: string | undefined): UnreadContact[] {
  const unread: UnreadContact[] = [];
  contacts.forEach((contact, index) => {
    const name = contact.name ?? `The contact without a name (card ${index + 1} in the file)`;
    if (contact.phones.length === 0) {
      unread.push({
        name,
        why: contact.emails.length ? 'it has only an e-mail address, and & finds people by phone number' : 'it has no phone number',
      });
      return;
    }
    if (contact.phones.some((phone) => e164(phone, region))) return;
    const shown = contact.phones.map((p) => `“${p}”`).join(', ');
    unread.push({
      name,
      why: region
        ? `${shown} ${contact.phones.length === 1 ? 'is not a phone number' : 'are not phone numbers'} & can read, even in ${region.toUpperCase()}`
        : `${shown} cannot be read without a country: write it with its +code, or choose the country for numbers without one`,
    });
  });
  return unread;
}
