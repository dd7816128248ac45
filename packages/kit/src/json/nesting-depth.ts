/**
 * How deeply a JSON text nests, found by scanning it (strings skipped) without parsing it: a body
 * nested 100,000 levels deep parses, but anything that walks or re-serialises it recursively (a
 * library's metadata validation, `JSON.stringify`) overflows the stack. The scan is linear, keeps
 * no stack, and takes the text in pieces as it arrives (bytes of UTF-8: no byte of a multi-byte
 * character is a quote, a backslash or a bracket), so a body can be refused at the first byte
 * that nests too deep, before the rest of it is read.
 */
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]);
const CLOSERS = new Set([0x5d, 0x7d]);

export class JsonNestingScan {
  private depth = 0;
  private inString = false;
  private escaped = false;

  constructor(private readonly max: number) {}

  /** Takes the next piece; true once the text has opened more than `max` nested arrays or objects. */
  feed(piece: Uint8Array | string): boolean {
    const text = typeof piece === 'string';
    for (let i = 0; i < piece.length; i++) {
      const ch = text ? (piece as string).charCodeAt(i) : (piece as Uint8Array)[i]!;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (ch === BACKSLASH) this.escaped = true;
        else if (ch === QUOTE) this.inString = false;
      } else if (ch === QUOTE) {
        this.inString = true;
      } else if (OPENERS.has(ch)) {
        if (++this.depth > this.max) return true;
      } else if (CLOSERS.has(ch)) {
        this.depth--;
      }
    }
    return false;
  }
}

/** Whether `text`, read as JSON, opens more than `max` nested arrays or objects at some point. */
export function nestsDeeperThan(text: string, max: number): boolean {
  return new JsonNestingScan(max).feed(text);
}
