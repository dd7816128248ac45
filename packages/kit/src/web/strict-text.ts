/**
 * Strict decoding of what a browser sends as text: URL path segments, query parameters and
 * URL-encoded form fields. `decodeURIComponent` and `URLSearchParams` turn a broken UTF-8
 * sequence into U+FFFD and pass a NUL byte on, which PostgreSQL then refuses deep inside a write
 * (a 500); here both are found at the door, with the name of the field that carried them, so a
 * page can refuse with a 400 before anything runs.
 */

/**
 * What is wrong, in the words the MCP tools use for the same text (`unacceptableField`), so a
 * refusal reads the same on a page as in a tool result; a URL or form cannot carry an unpaired
 * surrogate (its UTF-8 is broken, the second case), so only a NUL meets the first.
 */
export type TextProblem = 'contains a NUL character or an unpaired surrogate' | 'is not valid UTF-8';

export type StrictDecoded = { ok: true; value: string } | { ok: false; problem: TextProblem };

const utf8 = new TextDecoder('utf-8', { fatal: true });
const PERCENT = 0x25;

/**
 * Decodes one percent-encoded component (`+` is a space in form and query encoding, not in a
 * path). A raw U+FFFD is refused too: it is what a non-UTF-8 byte became when the body or URL
 * was read as text, and a conforming browser percent-encodes every non-ASCII character.
 */
export function strictDecode(raw: string, plusIsSpace: boolean): StrictDecoded {
  const text = plusIsSpace ? raw.replaceAll('+', ' ') : raw;
  if (text.includes('\uFFFD')) return { ok: false, problem: 'is not valid UTF-8' };
  let value = text;
  if (text.includes('%')) {
    const bytes = Buffer.from(text, 'utf8');
    const out = Buffer.allocUnsafe(bytes.length);
    let length = 0;
    for (let i = 0; i < bytes.length; i++) {
      const byte = bytes[i]!;
      const pair = byte === PERCENT ? hexPair(bytes[i + 1], bytes[i + 2]) : undefined;
      if (pair === undefined) {
        out[length++] = byte;
      } else {
        out[length++] = pair;
        i += 2;
      }
    }
    try {
      value = utf8.decode(out.subarray(0, length));
    } catch {
      return { ok: false, problem: 'is not valid UTF-8' };
    }
  }
  if (value.includes('\0')) return { ok: false, problem: 'contains a NUL character or an unpaired surrogate' };
  return { ok: true, value };
}

export interface MalformedField {
  /** `path`, `query parameter <name>` or the form field's name: what a person can find and fix. */
  field: string;
  problem: TextProblem;
}

/**
 * Decodes an `a=1&b=2` string strictly into `URLSearchParams`, or names the first field whose
 * name or value cannot be text. `where` prefixes the field's name (`query parameter `).
 */
export function strictParams(encoded: string, where = ''): { ok: true; params: URLSearchParams } | { ok: false; malformed: MalformedField } {
  const params = new URLSearchParams();
  for (const pair of encoded.split('&')) {
    if (pair === '') continue;
    const at = pair.indexOf('=');
    const name = strictDecode(at === -1 ? pair : pair.slice(0, at), true);
    if (!name.ok) return { ok: false, malformed: { field: `${where}(a name)`, problem: name.problem } };
    const value = strictDecode(at === -1 ? '' : pair.slice(at + 1), true);
    if (!value.ok) return { ok: false, malformed: { field: `${where}${name.value}`, problem: value.problem } };
    params.append(name.value, value.value);
  }
  return { ok: true, params };
}

/**
 * What can make a URL's text malformed: a percent escape (the only way a URL carries a NUL or a
 * byte that is not UTF-8), or a NUL or U+FFFD the URL holds as it is. A URL with none of them
 * (the common request) is text throughout, and its parse is skipped: the URL parser escapes
 * what it must as UTF-8, never into a NUL or a broken sequence.
 */
const MAYBE_MALFORMED = /[%\0\uFFFD]/;

/** The first malformed path segment or query parameter of a request URL, if any. */
export function malformedUrlInput(url: string): MalformedField | undefined {
  if (!MAYBE_MALFORMED.test(url)) return undefined;
  const parsed = new URL(url);
  for (const segment of parsed.pathname.split('/')) {
    const decoded = strictDecode(segment, false);
    if (!decoded.ok) return { field: 'path', problem: decoded.problem };
  }
  const query = strictParams(parsed.search.slice(1), 'query parameter ');
  return query.ok ? undefined : query.malformed;
}

function hexPair(high: number | undefined, low: number | undefined): number | undefined {
  const h = hexValue(high);
  const l = hexValue(low);
  return h === undefined || l === undefined ? undefined : h * 16 + l;
}

function hexValue(byte: number | undefined): number | undefined {
  if (byte === undefined) return undefined;
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  if (byte >= 0x41 && byte <= 0x46) return byte - 0x37;
  if (byte >= 0x61 && byte <= 0x66) return byte - 0x57;
  return undefined;
}
