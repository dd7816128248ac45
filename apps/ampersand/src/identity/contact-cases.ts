/**
 * The contacts use case: the andee's address book replaces the previous upload (numbers are kept
 * only as keyed hashes, identity/contacts.ts), and their own number is recorded when given, so
 * people-you-may-know can be found. The API's `POST /v1/contacts` (the andee's app) and the web
 * app's contacts forms (a file or pasted numbers) both run it.
 */
import type { Caller } from '../andees/caller.ts';
import type { ContactsUploadInput } from '../contracts/connection-contracts.ts';
import type { Contacts } from './contacts.ts';

export interface ContactsUploaded {
  stored: number;
  unreadable: number;
  /** Whether the andee's own number was read and recorded; null when none was given. */
  ownNumberRecorded: boolean | null;
}

export function contactCases(deps: { contacts: Contacts }) {
  return {
    async upload(caller: Caller, input: ContactsUploadInput, now: Date): Promise<ContactsUploaded> {
      const ownNumberRecorded = input.ownNumber ? await deps.contacts.setOwnPhone(caller.andeeId, input.ownNumber, input.region, now) : null;
      return { ...(await deps.contacts.upload(caller.andeeId, input.numbers, input.region, now)), ownNumberRecorded };
    },
  };
}
