/**
 * Hono's router with its answers remembered per method and path. A product's app mixes patterns
 * Hono's RegExpRouter refuses (`/loops/:loopId/skill` beside a wildcard), so its SmartRouter
 * settles on the TrieRouter, which walks the tree on every request: about 2% of the & API's
 * non-database CPU per call (measured under the tool-call benchmark). A product serves a handful
 * of paths over and over, so the walk's answer for a path is kept and handed out again.
 *
 * An answer depends on nothing but the method, the path and the routes added: adding a route
 * forgets every answer. Only short paths are kept, and at most MAX_ENTRIES (the oldest goes), so
 * a client inventing paths costs a walk each, as before, and bounded memory.
 */
import type { Router } from 'hono/router';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { SmartRouter } from 'hono/router/smart-router';
import { TrieRouter } from 'hono/router/trie-router';

const MAX_ENTRIES = 512;
const MAX_PATH_LENGTH = 256;

/** Hono's default router (the first of RegExpRouter and TrieRouter that takes every route), remembering its answers. */
export function cachedRouter<T>(router: Router<T> = new SmartRouter<T>({ routers: [new RegExpRouter(), new TrieRouter()] })): Router<T> {
  const answers = new Map<string, ReturnType<Router<T>['match']>>();
  return {
    get name() {
      return `cached ${router.name}`;
    },
    add(method, path, handler) {
      answers.clear();
      router.add(method, path, handler);
    },
    match(method, path) {
      if (path.length > MAX_PATH_LENGTH) return router.match(method, path);
      const key = `${method} ${path}`;
      const known = answers.get(key);
      if (known) return known;
      const answer = router.match(method, path);
      if (answers.size >= MAX_ENTRIES) answers.delete(answers.keys().next().value!);
      answers.set(key, answer);
      return answer;
    },
  };
}
