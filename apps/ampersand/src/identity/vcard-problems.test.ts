/** Naming the contacts of a vCard book the import could not use, and why (vcard-problems.ts). */
import { describe, expect, it } from 'vitest';
import { parseVCards } from './vcard.ts';
import { unreadContacts } from './vcard-problems.ts';

const BOOK = [
  'BEGIN:VCARD',
  'FN:Ivy Ivanova',
  'TEL:+44 7911 123456',
  'END:VCARD',
  'BEGIN:VCARD',
  'FN:Mail Only',
  'EMAIL:mail@example.org',
  'END:VCARD',
  'BEGIN:VCARD',
  'FN:Local Lou',
  'TEL:07911 123457',
  'END:VCARD',
  'BEGIN:VCARD',
  'TEL:not a number',
  'END:VCARD',
  'BEGIN:VCARD',
  'FN:Half Right',
  'TEL:+44 7911 123458',
  'TEL:nonsense',
  'END:VCARD',
].join('\r\n');

describe('unreadContacts', () => {
  it('names each card with no usable number and says why; a card with one readable number is read', () => {
    const unread = unreadContacts(parseVCards(BOOK).contacts, undefined);
    expect(unread.map((u) => u.name)).toEqual(['Mail Only', 'Local Lou', 'The contact without a name (card 4 in the file)']);
    expect(unread[0]!.why).toMatch(/only an e-mail address/);
    expect(unread[1]!.why).toMatch(/“07911 123457” cannot be read without a country/);
    expect(unread[2]!.why).toMatch(/“not a number”/);
  });

  it('with a country, a national number is read, and what is still unread says the country', () => {
    const unread = unreadContacts(parseVCards(BOOK).contacts, 'GB');
    expect(unread.map((u) => u.name)).toEqual(['Mail Only', 'The contact without a name (card 4 in the file)']);
    expect(unread[1]!.why).toBe('“not a number” is not a phone number & can read, even in GB');
  });
});
