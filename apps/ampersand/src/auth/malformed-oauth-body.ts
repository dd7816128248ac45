/**
 * Finds the text in an OAuth request body that the authorization server must never see: a NUL,
 * an unpaired surrogate (JSON client metadata can carry one) or broken UTF-8 (a form can). The
 * provider stores client metadata and looks codes and tokens up in PostgreSQL, which refuses a
 * NUL deep inside the write or read (a 500, before anyone authenticated). The query string is
 * checked for every route by the kit's refuseMalformedInput; this does the same for the body, so
 * every OAuth field is refused alike, with the field named and nothing done.
 */
import { UNSTORABLE_TEXT } from '@agent-products/kit/mcp';
import { strictParams, type MalformedField, type TextProblem } from '@agent-products/kit/web';

const UNSTORABLE_PROBLEM: TextProblem = 'contains a NUL character or an unpaired surrogate';

/** The first malformed field of a form or JSON body, if any; a body of another kind is the provider's to refuse. */
export function malformedOAuthBody(contentType: string | undefined, body: string): MalformedField | undefined {
  const type = (contentType ?? '').toLowerCase();
  if (type.startsWith('application/x-www-form-urlencoded')) {
    const form = strictParams(body);
    return form.ok ? undefined : form.malformed;
  }
  if (!type.startsWith('application/json')) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  return unstorableIn(parsed, '');
}

/**
 * Walks the parsed JSON; its depth is already bounded by the pipeline's nesting guard
 * (provider-route.ts). A bad member name is reported as `(a name)` rather than echoed.
 */
function unstorableIn(value: unknown, path: string): MalformedField | undefined {
  if (typeof value === 'string') return UNSTORABLE_TEXT.test(value) ? { field: path || '(body)', problem: UNSTORABLE_PROBLEM } : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, child] of Object.entries(value)) {
    if (UNSTORABLE_TEXT.test(key)) return { field: `${path ? `${path}.` : ''}(a name)`, problem: UNSTORABLE_PROBLEM };
    const found = unstorableIn(child, path ? `${path}.${key}` : key);
    if (found) return found;
  }
  return undefined;
}
