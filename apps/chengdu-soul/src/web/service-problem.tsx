/**
 * A failure of the planning service shown on a page: the same code and message an agent gets
 * from the tools, with each invalid field named, and an HTTP status that fits the failure.
 */
import type { ToolError } from '@agent-products/kit/mcp';

export interface ServiceProblem {
  code: string;
  message: string;
  fields: Array<{ field: string; problem: string }>;
  status: 400 | 404 | 409 | 410 | 422 | 429 | 503;
}

const STATUS_BY_CODE: Record<string, ServiceProblem['status']> = {
  invalid_arguments: 400,
  draft_not_found: 404,
  revision_conflict: 409,
  idempotency_conflict: 409,
  draft_already_confirmed: 409,
  draft_catalog_stale: 409,
  stale_catalog_version: 409,
  draft_expired: 410,
  rate_limited: 429,
  catalog_unavailable: 503,
  unavailable: 503,
};

export function problemOf(error: ToolError): ServiceProblem {
  const fields = Array.isArray(error.details?.fields) ? (error.details.fields as ServiceProblem['fields']) : [];
  return { code: error.code, message: error.message, fields, status: STATUS_BY_CODE[error.code] ?? 422 };
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
