/**
 * Reads the phone numbers and e-mail addresses out of a vCard file (.vcf, versions 2.1, 3.0 and
 * 4.0 — what phones and address books export), for the contacts import. It follows RFC 6350's
 * line rules: folded lines (a line break followed by a space or tab) are joined first;
 * properties may carry a group prefix (`item1.TEL`) and parameters (`TEL;TYPE=CELL,VOICE`);
 * names are case-insensitive; values may be escaped (`\,` `\;` `\n` `\\`); a 4.0 TEL may be a
 * `tel:` URI; a 2.1 value may be quoted-printable, with soft line breaks. Nothing here decides
 * whether a number is valid: contacts.ts normalizes each to E.164 and counts the unreadable ones.
 */

export interface VCardContact {
  name: string | undefined;
  phones: string[];
  emails: string[];
}

export interface VCardBook {
  contacts: VCardContact[];
  /** Lines that looked like properties outside any BEGIN:VCARD … END:VCARD. */
  strayLines: number;
}

/** True when the text is a vCard book rather than a plain list of numbers. */
export function looksLikeVCard(text: string): boolean {
  return /^\s*BEGIN:VCARD\s*$/im.test(text);
}

export function parseVCards(text: string): VCardBook {
  const contacts: VCardContact[] = [];
  let current: VCardContact | undefined;
  let strayLines = 0;
  for (const line of logicalLines(text)) {
    const property = parseLine(line);
    if (!property) continue;
    if (property.name === 'BEGIN' && property.value.toUpperCase() === 'VCARD') {
      current = { name: undefined, phones: [], emails: [] };
      continue;
    }
    if (!current) {
      strayLines++;
      continue;
    }
    if (property.name === 'END' && property.value.toUpperCase() === 'VCARD') {
      contacts.push(current);
      current = undefined;
    } else if (property.name === 'FN') {
      current.name = unescapeText(property.value).trim() || current.name;
    } else if (property.name === 'TEL') {
      const phone = telValue(property.value);
      if (phone) current.phones.push(phone);
    } else if (property.name === 'EMAIL') {
      const email = unescapeText(property.value).trim();
      if (email) current.emails.push(email);
    }
  }
  // A last card without END:VCARD (a truncated file) still counts.
  if (current) contacts.push(current);
  return { contacts, strayLines };
}

/**
 * The file's logical lines: physical lines split on CRLF, LF or CR; a line starting with a space
 * or tab continues the one before (RFC 6350 §3.2); a quoted-printable value ending in `=`
 * continues on the next line (vCard 2.1), and is decoded here.
 */
function logicalLines(text: string): string[] {
  const physical = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const folded: string[] = [];
  for (const line of physical) {
    if ((line.startsWith(' ') || line.startsWith('\t')) && folded.length) folded[folded.length - 1] += line.slice(1);
    else folded.push(line);
  }
  const lines: string[] = [];
  for (let i = 0; i < folded.length; i++) {
    let line = folded[i]!;
    const colon = line.indexOf(':');
    if (colon > 0 && /;(ENCODING=)?QUOTED-PRINTABLE\b/i.test(line.slice(0, colon))) {
      while (line.endsWith('=') && i + 1 < folded.length) line = line.slice(0, -1) + folded[++i]!;
      line = `${line.slice(0, colon)}:${decodeQuotedPrintable(line.slice(colon + 1))}`;
    }
    if (line.trim()) lines.push(line);
  }
  return lines;
}

/** `group.NAME;PARAM=…:value` → the upper-cased name (group dropped) and the raw value. */
function parseLine(line: string): { name: string; value: string } | undefined {
  // The first colon outside a quoted parameter value ends the name and parameters.
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (ch === '"') quoted = !quoted;
    else if (ch === ':' && !quoted) {
      const head = line.slice(0, i);
      const name = head.split(';')[0]!.split('.').pop()!.trim().toUpperCase();
      return /^[A-Z0-9-]+$/.test(name) ? { name, value: line.slice(i + 1) } : undefined;
    }
  }
  return undefined;
}

function telValue(raw: string): string | undefined {
  let value = unescapeText(raw).trim();
  // vCard 4.0: `tel:+1-555-555-0100;ext=102` — the number is the URI's path, before its parameters.
  if (/^tel:/i.test(value)) value = value.slice(4).split(';')[0]!;
  return value || undefined;
}

function unescapeText(value: string): string {
  return value.replace(/\\([\\,;nN])/g, (_, ch: string) => (ch === 'n' || ch === 'N' ? '\n' : ch));
}

function decodeQuotedPrintable(value: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < value.length; i++) {
    const hex = value.slice(i + 1, i + 3);
    if (value[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      for (const b of Buffer.from(value[i]!, 'utf8')) bytes.push(b);
    }
  }
  return Buffer.from(bytes).toString('utf8');
}
