/**
 * A short page that says why something was refused or did not work, and what to do next. Used
 * for refused forms, unreadable addresses, sign-in problems and planning failures outside the
 * planning form.
 */
import type { Child } from 'hono/jsx';
import type { ErrorProblem } from '@agent-products/kit/errors';
import { htmlDocument } from '@agent-products/kit/web';
import { ChengduPage } from './layout.tsx';

export function MessagePage(props: { title: string; children?: Child }) {
  return (
    <ChengduPage title={props.title} robots="noindex">
      <h1>{props.title}</h1>
      {props.children}
      <p>
        <a href="/">Back to the start page</a>
      </p>
    </ChengduPage>
  );
}

/** A POST whose CSRF token is missing, wrong or expired: refused before anything changed. */
export function FormRefusedPage() {
  return (
    <MessagePage title="This form was refused">
      <p>It did not carry this site’s form token, or the token has expired. Nothing was changed. Go back, reload the page and send the form again.</p>
    </MessagePage>
  );
}

/** A request whose path, query or form carried a NUL byte or broken UTF-8: refused before anything ran. */
export function malformedInputPage(problem: ErrorProblem): string {
  return htmlDocument(
    <MessagePage title="This address could not be read">
      <p>{problem.message}</p>
      <ul>
        {problem.fields.map((f) => (
          <li>
            <code>{f.field}</code>: {f.problem}
          </li>
        ))}
      </ul>
    </MessagePage>,
  );
}
