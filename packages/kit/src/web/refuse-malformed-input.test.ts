/**
 * A path segment or query parameter with a NUL byte or broken UTF-8 is refused at the door with
 * a 400 `invalid_arguments` naming it (on the product's page, or as the JSON body on its API
 * paths), and the route never runs; anything that is text, however unusual, passes.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { refuseMalformedInput } from './refuse-malformed-input.ts';

function app() {
  const reached: string[] = [];
  const web = new Hono();
  web.use(
    '*',
    refuseMalformedInput({
      page: (problem) => `<h1>${problem.code}</h1><p>${problem.message}</p><ul>${problem.fields.map((f) => `<li>${f.field}: ${f.problem}</li>`).join('')}</ul>`,
      json: (c) => c.req.path.startsWith('/v1/'),
    }),
  );
  web.all('*', (c) => {
    reached.push(c.req.path);
    return c.text('reached');
  });
  return { web, reached };
}

describe('refuseMalformedInput', () => {
  it.each([
    ['/p/%00', 'path', 'contains a NUL character or an unpaired surrogate'],
    ['/loops/%00', 'path', 'contains a NUL character or an unpaired surrogate'],
    ['/review/ab%00cd', 'path', 'contains a NUL character or an unpaired surrogate'],
    ['/p/%FF', 'path', 'is not valid UTF-8'],
    ['/p/%E7%86', 'path', 'is not valid UTF-8'],
    ['/sign-in?next=%00', 'query parameter next', 'contains a NUL character or an unpaired surrogate'],
    ['/t/abc?package=%C3', 'query parameter package', 'is not valid UTF-8'],
  ])('refuses %s with a 400 page naming the %s', async (url, field, problem) => {
    const { web, reached } = app();
    const answer = await web.request(url);
    expect(answer.status).toBe(400);
    expect(answer.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    expect([answer.headers.get('cache-control'), answer.headers.get('x-robots-tag')]).toEqual(['no-store', 'noindex']);
    expect(await answer.text()).toBe(`<h1>invalid_arguments</h1><p>The ${field} ${problem}; nothing was done.</p><ul><li>${field}: ${problem}</li></ul>`);
    expect(reached).toEqual([]);
  });

  it('answers an API path with the JSON error body', async () => {
    const { web, reached } = app();
    const answer = await web.request('/v1/loops/read?x=%00', { method: 'POST' });
    expect(answer.status).toBe(400);
    expect((await answer.json()).error).toMatchObject({
      code: 'invalid_arguments',
      retryable: false,
      details: { fields: [{ field: 'query parameter x', problem: 'contains a NUL character or an unpaired surrogate' }] },
    });
    expect(reached).toEqual([]);
  });

  it('lets through every path and query that is text', async () => {
    const { web, reached } = app();
    for (const url of ['/p/%E7%86%8A', '/a%2Fb?q=50%25+off&q=%F0%9F%98%80', '/x?bare&=v', '/%zz?a=%', '/']) {
      expect((await web.request(url)).status, url).toBe(200);
    }
    expect(reached).toHaveLength(5);
  });
});
