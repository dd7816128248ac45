/**
 * Reads a request body up to a byte limit without buffering more than the limit: a declared
 * Content-Length over it is refused before reading, and a chunked body is cut off as soon as it
 * passes it. A body with a declared length within the limit is read in one go (`text()`), which
 * on @hono/node-server skips the web-stream machinery: this is the hot path of every MCP call.
 */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

export type BodyRead = { ok: true; text: string } | { ok: false; reason: 'too_large' | 'unreadable' };

export async function readBodyLimited(request: Request, maxBytes = DEFAULT_MAX_BODY_BYTES): Promise<BodyRead> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) return { ok: false, reason: 'too_large' };
  if (Number.isFinite(declared)) {
    try {
      const text = await request.text();
      // A client may send more than it declared; the limit still holds.
      if (Buffer.byteLength(text) > maxBytes) return { ok: false, reason: 'too_large' };
      return { ok: true, text };
    } catch {
      return { ok: false, reason: 'unreadable' };
    }
  }
  if (!request.body) return { ok: true, text: '' };

  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => {});
        return { ok: false, reason: 'too_large' };
      }
      chunks.push(value);
    }
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
  return { ok: true, text: new TextDecoder().decode(Buffer.concat(chunks)) };
}
