/**
 * A short page that says why something was refused or did not work, and what to do next. Used
 * for refused forms, sign-in problems and planning failures outside the planning form.
 */
import type { Child } from 'hono/jsx';
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
      <p>
        It did not carry this site’s form token, or the token has expired. Nothing was changed. Go back, reload the page and send
        the form again.
      </p>
    </MessagePage>
  );
}
