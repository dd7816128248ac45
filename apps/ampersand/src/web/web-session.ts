/**
 * The andee's browser session, on the kit's web room: the session cookie is a `SiteCookies`
 * cookie (HttpOnly, SameSite=Lax — so arriving at the approval page from a client's redirect
 * keeps the session — and Secure with the `__Host-` prefix when & is served over https), resumed
 * by the kit's `loadSession` (which marks every answer to a signed-in browser `private,
 * no-store`). A form that changes something is read by the kit (strictly: NUL or broken UTF-8
 * is refused naming the field) and must carry the session's CSRF token, compared in constant
 * time. Refusals are thrown as & errors; the app renders them (problem-page.tsx).
 */
import type { Context, MiddlewareHandler } from 'hono';
import { readBodyLimited, type AppEnv } from '@agent-products/kit/http';
import { platformErrors } from '@agent-products/kit/errors';
import { cookieMaxAge, loadSession, readForm, tokensEqual, type SiteCookies, type StartedSession } from '@agent-products/kit/web';
import type { WebSession, WebSessions } from '../andees/web-sessions.ts';
import { fail } from '../errors.ts';

export const SESSION_COOKIE = 'amp_session';

export type WebEnv = AppEnv & { Variables: AppEnv['Variables'] & { session: WebSession | undefined; sessionId: string | undefined } };

export function loadAndeeSession(sessions: WebSessions, cookies: SiteCookies, now: () => Date): MiddlewareHandler<WebEnv> {
  // The kit's step sets only `session` and `sessionId`, which WebEnv declares beside the app's own variables.
  return loadSession<WebSession>({
    cookies,
    cookieName: SESSION_COOKIE,
    resume: (sessionId) => sessions.resume(sessionId, now()),
  }) as unknown as MiddlewareHandler<WebEnv>;
}

export function startSession(c: Context<WebEnv>, cookies: SiteCookies, started: StartedSession, now: Date): void {
  cookies.write(c, SESSION_COOKIE, started.sessionId, cookieMaxAge(started, now));
}

export function endSession(c: Context<WebEnv>, cookies: SiteCookies): void {
  cookies.clear(c, SESSION_COOKIE);
}

/** The posted form's fields (the last of a repeated name; `params` keeps them all), or the refusal thrown. */
export async function postedForm(c: Context<WebEnv>): Promise<{ fields: Record<string, string>; params: URLSearchParams }> {
  const read = await readForm(c.req.raw);
  if (read.ok) return { fields: Object.fromEntries(read.form), params: read.form };
  if (read.status === 413) throw fail('form_too_large', read.message);
  if (read.status === 415) throw fail('form_unsupported', read.message);
  throw platformErrors.fail('invalid_arguments', read.message, { fields: [{ field: read.field ?? 'form', problem: read.problem ?? 'cannot be read' }] });
}

/** The posted form of the signed-in browser, when it carries that session's CSRF token; otherwise `csrf_invalid` is thrown. */
export async function checkedForm(c: Context<WebEnv>): Promise<{ session: WebSession; form: Record<string, string>; params: URLSearchParams }> {
  const { fields, params } = await postedForm(c);
  const session = c.get('session');
  if (!session || !tokensEqual(fields.csrf, session.csrfToken)) throw fail('csrf_invalid', 'This form is no longer valid; reload the page and try again.');
  return { session, form: fields, params };
}

/** The largest file upload a form takes: a phone's whole address book as vCard (5,000 contacts) fits. */
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;

/**
 * A signed-in browser's multipart form (a file upload), read up to MAX_UPLOAD_BYTES, when it
 * carries the session's CSRF token: its text fields, and the named file's text (undefined when
 * none was sent). Refusals are thrown like `checkedForm`'s.
 */
export async function checkedUpload(
  c: Context<WebEnv>,
  fileField: string,
): Promise<{ session: WebSession; form: Record<string, string>; file: string | undefined }> {
  const type = c.req.header('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(type)) throw fail('form_unsupported', 'Send this form from its page (multipart/form-data).');
  const body = await readBodyLimited(c.req.raw, MAX_UPLOAD_BYTES);
  if (!body.ok) {
    if (body.reason === 'too_large') throw fail('form_too_large', `This upload is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MiB.`);
    throw platformErrors.fail('invalid_arguments', 'The upload could not be read.', { fields: [{ field: fileField, problem: 'cannot be read' }] });
  }
  let data: FormData;
  try {
    data = await new Response(body.text, { headers: { 'content-type': type } }).formData();
  } catch {
    throw platformErrors.fail('invalid_arguments', 'The upload could not be read.', { fields: [{ field: fileField, problem: 'cannot be read' }] });
  }
  const form: Record<string, string> = {};
  let file: string | undefined;
  for (const [name, value] of data) {
    if (typeof value === 'string') form[name] = value;
    else if (name === fileField) file = await value.text();
  }
  const session = c.get('session');
  if (!session || !tokensEqual(form.csrf, session.csrfToken)) throw fail('csrf_invalid', 'This form is no longer valid; reload the page and try again.');
  return { session, form, file };
}
