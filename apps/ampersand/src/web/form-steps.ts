/**
 * &'s pages and forms on the kit's steps (kit web/form-steps.ts), as Chengdu Soul's owner pages
 * run them: a page that needs a signed-in andee sends a visitor without a session to sign in and
 * back (`signedIn`, the kit's `requireSession`); a form that changes something is read by the kit
 * (strictly: NUL or broken UTF-8 is refused naming the field) and must carry the session's CSRF
 * token (`sessionCsrfStep`), so a browser without a session is refused like a forged form. The
 * refusals are thrown as & errors, which the app's one error handler renders (problem-page.tsx).
 * Sign-in, sign-up and the approval page read their forms before any session exists (`postedForm`),
 * with the same refusals for an unreadable form.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { every } from 'hono/combine';
import { platformErrors } from '@agent-products/kit/errors';
import { readBodyLimited } from '@agent-products/kit/http';
import { readForm, readFormStep, requireSession, sessionCsrfStep, type FormVariables } from '@agent-products/kit/web';
import type { WebSession } from '../andees/web-sessions.ts';
import { fail } from '../errors.ts';
import type { WebEnv } from './web-session.ts';

/** What a form's handler reads after `signedForm` or `signedUpload`: the form beside the session. */
export type FormEnv = WebEnv & { Variables: WebEnv['Variables'] & FormVariables };
export type UploadEnv = FormEnv & { Variables: FormEnv['Variables'] & { upload: string | undefined } };

/**
 * A page that needs a signed-in andee: a visitor without a session is sent to sign in, and back
 * to this address after.
 */
export const signedIn = requireSession<WebSession>((c) => {
  const url = new URL(c.req.url);
  return c.redirect(`/sign-in?next=${encodeURIComponent(url.pathname + url.search)}`, 303);
}) as unknown as MiddlewareHandler<WebEnv>;

/** The session of a page or form behind `signedIn`, `signedForm` or `signedUpload`. */
export function sessionOf(c: { var: { session: WebSession | undefined } }): WebSession {
  const session = c.var.session;
  if (!session) throw new Error('A page behind signedIn ran without a session.');
  return session;
}

/** The kit's reason a form could not be read (`readForm`), as the & error that says so. */
function unreadableForm(failure: { status: number; message: string; field?: string | undefined; problem?: string | undefined }): Error {
  if (failure.status === 413) return fail('form_too_large', failure.message);
  if (failure.status === 415) return fail('form_unsupported', failure.message);
  return platformErrors.fail('invalid_arguments', failure.message, {
    fields: [{ field: failure.field ?? 'form', problem: failure.problem ?? 'cannot be read' }],
  });
}

const csrfRefused = sessionCsrfStep(() => {
  throw fail('csrf_invalid', 'This form is no longer valid; reload the page and try again.');
});

/** A signed-in browser's own URL-encoded form: read by the kit, carrying the session's CSRF token. */
export const signedForm = every(
  readFormStep((_c, failure) => {
    throw unreadableForm(failure);
  }),
  csrfRefused,
) as unknown as MiddlewareHandler<FormEnv>;

/**
 * The fields of a form behind `signedForm`, each name's last value (as & has always read a
 * repeated name); `c.var.form` keeps them all.
 */
export function formFields(c: { var: FormVariables }): Record<string, string> {
  return Object.fromEntries(c.var.form);
}

/** A form posted before there is a session (sign-in, sign-up, the approval page): its fields as `formFields` reads them, or the refusal thrown. */
export async function postedForm(c: Context<WebEnv>): Promise<{ fields: Record<string, string>; params: URLSearchParams }> {
  const read = await readForm(c.req.raw);
  if (!read.ok) throw unreadableForm(read);
  return { fields: Object.fromEntries(read.form), params: read.form };
}

/** The largest file upload a form takes: a phone's whole address book as vCard (5,000 contacts) fits. */
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;

/**
 * Reads a multipart form (a file upload) up to MAX_UPLOAD_BYTES: its text fields into `form`, for
 * the kit's CSRF step as any form, and the named file's text into `upload` (undefined when none
 * was sent).
 */
function readUploadStep(fileField: string): MiddlewareHandler<UploadEnv> {
  const unreadable = () =>
    platformErrors.fail('invalid_arguments', 'The upload could not be read.', { fields: [{ field: fileField, problem: 'cannot be read' }] });
  return async (c, next) => {
    const type = c.req.header('content-type') ?? '';
    if (!/^multipart\/form-data\s*;/i.test(type)) throw fail('form_unsupported', 'Send this form from its page (multipart/form-data).');
    const body = await readBodyLimited(c.req.raw, MAX_UPLOAD_BYTES);
    if (!body.ok) {
      if (body.reason === 'too_large') throw fail('form_too_large', `This upload is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MiB.`);
      throw unreadable();
    }
    let data: FormData;
    try {
      data = await new Response(body.text, { headers: { 'content-type': type } }).formData();
    } catch {
      throw unreadable();
    }
    const form = new URLSearchParams();
    let upload: string | undefined;
    for (const [name, value] of data) {
      if (typeof value === 'string') form.append(name, value);
      else if (name === fileField) upload = await value.text();
    }
    c.set('form', form);
    c.set('upload', upload);
    await next();
  };
}

/** A signed-in browser's own file upload (the named file field), carrying the session's CSRF token like `signedForm`. */
export function signedUpload(fileField: string): MiddlewareHandler<UploadEnv> {
  return every(readUploadStep(fileField), csrfRefused as unknown as MiddlewareHandler<UploadEnv>) as unknown as MiddlewareHandler<UploadEnv>;
}
