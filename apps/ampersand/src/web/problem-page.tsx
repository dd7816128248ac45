/** A refusal as a page a person can read: what happened and a safe next step. */
import { renderPage } from './layout.tsx';

export function problemPage(title: string, message: string, options: { code?: string; signedIn?: boolean } = {}): string {
  return renderPage(
    title,
    <>
      <h1>{title}</h1>
      <p class="problem" role="alert">
        {message}
      </p>
      {options.code ? (
        <p>
          Error code: <code>{options.code}</code>
        </p>
      ) : null}
      <p>
        <a href="/">Back to &</a>
      </p>
    </>,
    { signedIn: options.signedIn ?? false },
  );
}
