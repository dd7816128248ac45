import { describe, expect, it } from 'vitest';
import { looksLikeVCard, parseVCards } from './vcard.ts';

describe('reading a vCard book', () => {
  it('reads every card’s name, numbers and addresses from a 3.0 export with groups, parameters and CRLF', () => {
    const book = parseVCards(
      [
        'BEGIN:VCARD',
        'VERSION:3.0',
        'FN:Ada Lovelace',
        'N:Lovelace;Ada;;;',
        'item1.TEL;type=CELL;type=VOICE;type=pref:+44 20 7946 0018',
        'item1.X-ABLabel:mobile',
        'TEL;TYPE=HOME:020 7946 0019',
        'EMAIL;TYPE=INTERNET:ada@example.org',
        'END:VCARD',
        'BEGIN:VCARD',
        'VERSION:3.0',
        'FN:Charles Babbage',
        'tel:+44 20 7946 0020',
        'END:VCARD',
        '',
      ].join('\r\n'),
    );
    expect(book.contacts).toEqual([
      { name: 'Ada Lovelace', phones: ['+44 20 7946 0018', '020 7946 0019'], emails: ['ada@example.org'] },
      { name: 'Charles Babbage', phones: ['+44 20 7946 0020'], emails: [] },
    ]);
    expect(book.strayLines).toBe(0);
  });

  it('joins folded lines and unescapes text values', () => {
    const book = parseVCards(
      'BEGIN:VCARD\nVERSION:4.0\nFN:Grace\\, Admiral\n  Hopper\nTEL;VALUE=uri;TYPE="voice,cell":tel:+1-555-\n 555-0100;ext=7\nEND:VCARD\n',
    );
    expect(book.contacts).toEqual([{ name: 'Grace, Admiral Hopper', phones: ['+1-555-555-0100'], emails: [] }]);
  });

  it('decodes quoted-printable 2.1 values with soft line breaks', () => {
    const book = parseVCards(
      'BEGIN:VCARD\r\nVERSION:2.1\r\nFN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:Jos=C3=A9 =\r\nGarc=C3=ADa\r\nTEL;CELL:+34600000000\r\nEND:VCARD\r\n',
    );
    expect(book.contacts).toEqual([{ name: 'José García', phones: ['+34600000000'], emails: [] }]);
  });

  it('keeps a card cut off before END:VCARD, counts lines outside any card, and skips lines that are not properties', () => {
    const book = parseVCards('TEL:+15555550100\nBEGIN:VCARD\nnot a property\nTEL:+15555550101\n');
    expect(book.contacts).toEqual([{ name: undefined, phones: ['+15555550101'], emails: [] }]);
    expect(book.strayLines).toBe(1);
  });

  it('tells a vCard book from a list of numbers', () => {
    expect(looksLikeVCard('\uFEFFBEGIN:VCARD\r\nFN:A\r\nEND:VCARD')).toBe(true);
    expect(looksLikeVCard('+44 20 7946 0018\n+44 20 7946 0019')).toBe(false);
  });
});
