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

describe('readForm refuses text a database would refuse', () => {
  it.each([
    ['a NUL byte', 'csrf=t&displayName=Ada%00Lovelace', 'displayName', 'contains a NUL character or an unpaired surrogate'],
    ['a broken UTF-8 sequence', 'csrf=t&note=%E7%86', 'note', 'is not valid UTF-8'],
    ['a lone continuation byte', 'message=%80&csrf=t', 'message', 'is not valid UTF-8'],
    ['an overlong encoding of NUL', 'tag=%C0%80', 'tag', 'is not valid UTF-8'],
    ['a NUL in a field name', 'bad%00name=1', '(a name)', 'contains a NUL character or an unpaired surrogate'],
  ])('refuses %s with 400 naming the field', async (_case, body, field, problem) => {
    const read = await readForm(post(body));
    expect(read).toEqual({ ok: false, status: 400, field, problem, message: `The field “${field}” ${problem}; nothing was saved.` });
  });

  it('still reads plus as a space, an unpaired percent sign literally, and repeated fields in order', async () => {
    const read = await readForm(post('note=50%+off&scope=a&scope=b'));
    expect(read.ok && [read.form.get('note'), read.form.getAll('scope')]).toEqual(['50% off', ['a', 'b']]);
  });
});

describe('readForm as sent', () => {
  it('leaves refusing unstorable text to the form’s own validation', async () => {
    const read = await readForm(post('message=hello%00there&note=%E7%86'), { text: 'as-sent' });
    expect(read.ok && [read.form.get('message'), read.form.get('note')]).toEqual(['hello\u0000there', '\uFFFD']);
  });
});
