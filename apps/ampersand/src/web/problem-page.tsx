/**
 * An & error as a page a person can read: a title in &'s words for the code, the error's own
 * message, the fields to fix, the code, and a safe next step. Every refusal on the andee's pages
 * is thrown as an error of &'s table (errors.ts) and answered here by the app's one error handler,
 * at the table's status (`webErrorRendering`); JSON API paths get the JSON body instead.
 */
import type { Context } from 'hono';
import type { ErrorProblem, ErrorSurface } from '@agent-products/kit/errors';
import type { AmpersandErrorCode } from '../errors.ts';
import { renderPage } from '../shell/layout.tsx';

const TITLES: Partial<Record<AmpersandErrorCode, string>> = {
  invalid_arguments: 'Check what you sent',
  not_found: 'Not found',
  rate_limited: 'Too many attempts',
  unavailable: 'Try again shortly',
  internal_error: 'Something went wrong',
  csrf_invalid: 'Form expired',
  form_too_large: 'Form too large',
  form_unsupported: 'Form not readable',
  invalid_tag: 'Sign-up refused',
  invalid_name: 'Sign-up refused',
  tag_taken: 'Sign-up refused',
  sign_in_link_unknown: 'Sign-in link refused',
  sign_in_link_used: 'Sign-in link refused',
  sign_in_link_expired: 'Sign-in link refused',
  interaction_expired: 'Request finished',
  interaction_used: 'Link already used',
  approval_number_wrong: 'Wrong number: request ended',
  invalid_client: 'Unknown app',
  grant_not_found: 'Nothing to revoke',
  loop_not_found: 'Loop not found',
  andee_not_found: 'No such andee',
  no_matching_request: 'No such request',
  not_connected: 'Not connected',
  signal_not_found: 'Already reviewed',
};

export function problemDocument(problem: ErrorProblem, signedIn: boolean): string {
  const title = TITLES[problem.code as AmpersandErrorCode] ?? 'Not done';
  return renderPage(
    title,
    <>
      <h1>{title}</h1>
      <p class="problem" role="alert">
        {problem.message}
      </p>
      {problem.fields.length ? (
        <ul>
          {problem.fields.map((f) => (
            <li>
              <code>{f.field}</code>: {f.problem}
            </li>
          ))}
        </ul>
      ) : null}
      <p>
        Error code: <code>{problem.code}</code>
      </p>
      <p>
        <a href="/">Back to &</a>
      </p>
    </>,
    { signedIn },
  );
}

/** JSON for the API (`/v1/*`), a page for everything else the app answers. */
/** The paths machines call (the JSON API, and the MCP service's revocation feed), answered in JSON. */
export function isApiPath(c: Context): boolean {
  return c.req.path.startsWith('/v1/') || c.req.path.startsWith('/internal/');
}

/** The API process's error surfaces, for the kit's error handler (`createHttpApp`). */
export const webErrorRendering = {
  errorSurface: (c: Context): ErrorSurface => (isApiPath(c) ? 'json' : 'html'),
  errorPage: (problem: ErrorProblem, c: Context): string => problemDocument(problem, c.get('session') !== undefined),
};
