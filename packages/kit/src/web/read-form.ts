/**
 * Reads an HTML form POST: URL-encoded only (the pages send nothing else), and at most 64 KiB,
 * read without buffering more than that, so a form route cannot be used to exhaust memory. The
 * messages are for the person who sent the form; the product renders them on its own page.
 */
import { readBodyLimited } from '../http/read-body.ts';

const MAX_FORM_BYTES = 64 * 1024;

export type FormRead = { ok: true; form: URLSearchParams } | { ok: false; status: 413 | 415 | 400; message: string };

export async function readForm(request: Request): Promise<FormRead> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') {
    return { ok: false, status: 415, message: 'Send this form from its page (application/x-www-form-urlencoded).' };
  }
  const body = await readBodyLimited(request, MAX_FORM_BYTES);
  if (!body.ok) {
    return body.reason === 'too_large'
      ? { ok: false, status: 413, message: 'This form is larger than 64 KiB.' }
      : { ok: false, status: 400, message: 'The form could not be read.' };
  }
  return { ok: true, form: new URLSearchParams(body.text) };
}
