/** Body limits: declared, undeclared and lying Content-Length bodies all stop at the limit. */
import { describe, expect, it } from 'vitest';
import { readBodyLimited } from './read-body.ts';

const streamOf = (text: string) =>
  new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text));
      controller.close();
    },
  });

describe('readBodyLimited', () => {
  it('reads a body within the limit', async () => {
    const request = new Request('http://x/', { method: 'POST', body: 'hello' });
    expect(await readBodyLimited(request, 10)).toEqual({ ok: true, text: 'hello' });
  });

  it('refuses a declared length over the limit without reading', async () => {
    const request = new Request('http://x/', { method: 'POST', body: 'x', headers: { 'content-length': '11' } });
    expect(await readBodyLimited(request, 10)).toEqual({ ok: false, reason: 'too_large' });
  });

  it('cuts an undeclared stream off once it passes the limit', async () => {
    const request = new Request('http://x/', { method: 'POST', body: streamOf('x'.repeat(11)), duplex: 'half' } as RequestInit);
    expect(await readBodyLimited(request, 10)).toEqual({ ok: false, reason: 'too_large' });
  });

  it('counts bytes, not characters', async () => {
    const request = new Request('http://x/', { method: 'POST', body: streamOf('熊猫熊猫'), duplex: 'half' } as RequestInit);
    expect(await readBodyLimited(request, 10)).toEqual({ ok: false, reason: 'too_large' });
  });
});
