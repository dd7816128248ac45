/**
 * A failure of the planning service shown on a page: the same code and message an agent gets
 * from the tools, with each invalid field named, at the HTTP status the error table gives it.
 */
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { problemOf as kitProblemOf, type ErrorProblem, type ToolError } from '@agent-products/kit/errors';

/** A problem as the owner's pages show it; its status is the error table's (errors.ts). */
export type ServiceProblem = ErrorProblem & { status: ContentfulStatusCode };

export function problemOf(error: ToolError): ServiceProblem {
  return kitProblemOf(error) as ServiceProblem;
}

export function ProblemAlert({ problem }: { problem: ServiceProblem }) {
  return (
    <div class="explain" role="alert" data-code={problem.code}>
      <p>
        <strong>{problem.message}</strong>
      </p>
      {problem.fields.length > 0 ? (
        <ul>
          {problem.fields.map((f) => (
            <li>
              <code>{f.field}</code>: {f.problem}
            </li>
          ))}
        </ul>
      ) : null}
      <p class="terms">
        Error code <code>{problem.code}</code>
      </p>
    </div>
  );
}
