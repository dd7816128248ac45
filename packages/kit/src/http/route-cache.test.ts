/**
 * The remembering router: the same handlers and parameters as Hono's own router for every path,
 * whether the answer was remembered or not, and no stale answer once a route is added.
 */
import { Hono } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';
import { describe, expect, it, vi } from 'vitest';
import { cachedRouter } from './route-cache.ts';

/** Routes the RegExpRouter refuses (a parameter beside a wildcard), as a product's app has. */
function withRoutes(app: Hono) {
  app.use('*', async (c, next) => {
    await next();
    c.header('X-Seen', 'yes');
  });
  app.get('/loops/:loopId/skill', (c) => c.text(`skill of ${c.req.param('loopId')}`));
  app.get('/loops/*', (c) => c.text('any loop page'));
  app.post('/v1/loops/read', (c) => c.text('read'));
  return app;
}

describe('a router that remembers its answers', () => {
  it('answers every path as Hono answers it, the first time and every time after', async () => {
    const plain = withRoutes(new Hono());
    const cached = withRoutes(new Hono({ router: cachedRouter() }));
    const requests: Array<[string, string]> = [
      ['GET', '/loops/l1/skill'],
      ['GET', '/loops/l2/skill'],
      ['GET', '/loops/l1/other'],
      ['POST', '/v1/loops/read'],
      ['GET', '/v1/loops/read'],
      ['GET', `/loops/${'x'.repeat(300)}/skill`],
    ];
    for (let round = 0; round < 2; round++) {
      for (const [method, path] of requests) {
        const [expected, actual] = await Promise.all([plain.request(path, { method }), cached.request(path, { method })]);
        expect([actual.status, await actual.text(), actual.headers.get('X-Seen')], `${method} ${path}`).toEqual([
          expected.status,
          await expected.text(),
          expected.headers.get('X-Seen'),
        ]);
      }
    }
  });

  it('walks the routes once for a path it has seen', () => {
    const trie = new TrieRouter<string>();
    const match = vi.spyOn(trie, 'match');
    const router = cachedRouter(trie);
    router.add('GET', '/a/:id', 'a');
    expect(router.match('GET', '/a/1')).toEqual(router.match('GET', '/a/1'));
    expect(match).toHaveBeenCalledTimes(1);
    router.match('GET', '/a/2');
    expect(match).toHaveBeenCalledTimes(2);
  });

  it('forgets what it remembered when a route is added', () => {
    const router = cachedRouter(new TrieRouter<string>());
    router.add('GET', '/a/*', 'any');
    expect(router.match('GET', '/a/b')[0].map(([handler]) => handler)).toEqual(['any']);
    router.add('GET', '/a/b', 'exact');
    expect(router.match('GET', '/a/b')[0].map(([handler]) => handler)).toEqual(['any', 'exact']);
  });
});
