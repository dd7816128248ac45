/** One error, four surfaces: the MCP tool result, the JSON body, the OAuth body and the HTML page all come from the same table entry. */
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { defineErrorTable } from './error-table.ts';
import { invalidArguments } from './invalid-arguments.ts';
import { jsonErrorResponse, oauthErrorResponse, problemPageResponse, toolErrorResult } from './render.ts';

const { fail, table } = defineErrorTable({
  shelf_empty: { status: 404, retryable: false, meaning: 'No item on this shelf.' },
  invalid_grant: { status: 400, retryable: false, meaning: 'The grant is expired, used or not this client’s.' },
});

describe('error rendering', () => {
  it('is an MCP tool result with the envelope and a text naming code, message, details and correlation id', () => {
    const result = toolErrorResult(fail('shelf_empty', 'Nothing on shelf 3.', { shelf: 3 }), 'corr-1');
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toEqual({
      error: { code: 'shelf_empty', message: 'Nothing on shelf 3.', retryable: false, details: { shelf: 3 }, correlationId: 'corr-1' },
    });
    expect(result.content).toEqual([{ type: 'text', text: 'Error shelf_empty: Nothing on shelf 3.\n{"shelf":3}\n(correlation id corr-1; retryable: false)' }]);
  });

  it('is a JSON body at the status of its table entry', async () => {
    const response = jsonErrorResponse(fail('shelf_empty', 'Nothing on shelf 3.'), 'corr-2');
    expect(response.status).toBe(table.shelf_empty.status);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(await response.json()).toEqual({ error: { code: 'shelf_empty', message: 'Nothing on shelf 3.', retryable: false, correlationId: 'corr-2' } });
  });

  it('the 429 carries details.retryAfterSeconds and the Retry-After header from it', async () => {
    const response = jsonErrorResponse(fail('rate_limited', 'Slow down.', { retryAfterSeconds: 7 }), 'corr-3');
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('7');
    expect((await response.json()).error).toMatchObject({ code: 'rate_limited', retryable: true, details: { retryAfterSeconds: 7 } });
  });

  it('refuses to build an error without the details its code promises', () => {
    expect(() => fail('rate_limited', 'Slow down.')).toThrow(/details\.retryAfterSeconds/);
    expect(() => fail('insufficient_scope', 'Needs more.', {})).toThrow(TypeError);
    expect(() => fail('no_such_code' as never, 'x')).toThrow(/Unknown error code/);
  });

  it('is an RFC 6749 error body on an OAuth endpoint, never cached', async () => {
    const grant = oauthErrorResponse(fail('invalid_grant', 'The code was already used.'));
    expect(grant.status).toBe(400);
    expect(grant.headers.get('cache-control')).toBe('no-store');
    expect(await grant.json()).toEqual({ error: 'invalid_grant', error_description: 'The code was already used.' });
    // A platform code speaks the RFC's word for it.
    const bad = invalidArguments(z.object({ client_id: z.string() }).safeParse({}).error!);
    expect(await oauthErrorResponse(bad).json()).toEqual({ error: 'invalid_request', error_description: 'Invalid arguments: client_id.' });
    expect(await oauthErrorResponse(fail('internal_error', 'Oops.')).json()).toMatchObject({ error: 'server_error' });
  });

  it('is an HTML page the product renders from the problem, at the table status', async () => {
    const bad = invalidArguments(z.strictObject({ days: z.number() }).safeParse({ days: 'x', extra: 1 }).error!);
    const response = await problemPageResponse(bad, (problem) => `<p data-code="${problem.code}">${problem.fields.map((f) => f.field).join(',')}</p>`);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    expect(await response.text()).toBe('<p data-code="invalid_arguments">days,extra</p>');
  });
});
