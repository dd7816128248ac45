/** Form reading: URL-encoded bodies up to 64 KiB; another type is 415, a larger body 413. */
import { describe, expect, it } from 'vitest';
import { readForm } from './read-form.ts';

const post = (body: string, type = 'application/x-www-form-urlencoded; charset=UTF-8') =>
  new Request('http://x/', { method: 'POST', body, headers: { 'content-type': type } });

describe('readForm', () => {
  it('reads a URL-encoded form', async () => {
    const read = await readForm(post('csrf=t%2B1&name=%E7%86%8A'));
    expect(read.ok && [read.form.get('csrf'), read.form.get('name')]).toEqual(['t+1', '熊']);
  });

  it('refuses another content type with 415', async () => {
    expect(await readForm(post('{"a":1}', 'application/json'))).toMatchObject({ ok: false, status: 415 });
    expect(await readForm(new Request('http://x/', { method: 'POST', body: 'a=1' }))).toMatchObject({ ok: false, status: 415 });
  });

  it('refuses a body over 64 KiB with 413', async () => {
    expect(await readForm(post(`a=${'x'.repeat(64 * 1024)}`))).toMatchObject({ ok: false, status: 413 });
  });
});
