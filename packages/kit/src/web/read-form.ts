/**
 * Reads an HTML form POST: URL-encoded only (the pages send nothing else), and at most 64 KiB,
 * read without buffering more than that, so a form route cannot be used to exhaust memory. Every
 * field is decoded strictly (strict-text.ts): a NUL byte or broken UTF-8 is a 400 naming the
 * field, before a handler could store it. The messages are for the person who sent the form;
 * the product renders them on its own page.
 */
import { readBodyLimited } from '../http/read-body.ts';
import { strictParams, type TextProblem } from './strict-text.ts';

const MAX_FORM_BYTES = 64 * 1024;

export type FormRead =
  | { ok: true; form: URLSearchParams }
  | {
      ok: false;
      status: 413 | 415 | 400;
      message: string;
      /** The field that could not be read as text, and what is wrong with it, when one is to blame. */
      field?: string;
      problem?: TextProblem;
    };

export interface ReadFormOptions {
  /**
   * `strict` (the default): a field with a NUL or broken UTF-8 is refused. `as-sent`: fields are
   * decoded as `URLSearchParams` does (broken UTF-8 becomes U+FFFD, a NUL stays), for a form
   * whose own validation refuses such text and re-renders it with the person's other input.
   */
  text?: 'strict' | 'as-sent';
}

export async function readForm(request: Request, options: ReadFormOptions = {}): Promise<FormRead> {
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
  if (options.text === 'as-sent') return { ok: true, form: new URLSearchParams(body.text) };
  const parsed = strictParams(body.text);
  if (!parsed.ok) {
    const { field, problem } = parsed.malformed;
    return { ok: false, status: 400, message: `The field “${field}” ${problem}; nothing was saved.`, field, problem };
  }
  return { ok: true, form: parsed.params };
}
