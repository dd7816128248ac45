/**
 * The andee's Loop pages and the explicit actions that start or stop a turn (Send, Run now,
 * Cancel): forms carrying the session's CSRF token, each answered with a redirect to the one
 * Loop page. A route never decides identity: every path here resolves the Loop by its id.
 */
import { Hono, type Context } from 'hono';
import type { Kysely } from 'kysely';
import { platformErrors } from '@agent-products/kit/errors';
import { fail } from '../errors.ts';
import { listMessages } from '../loops/conversation.ts';
import { loopComposition } from '../loops/loop-composition.ts';
import { listItems } from '../loops/loop-items.ts';
import type { LoopOperations } from '../loops/loop-operations.ts';
import { listRuns, readRun } from '../loops/runs.ts';
import type { TurnEngine } from '../loops/turn-engine.ts';
import type { AmpersandDatabase } from '../store/schema.ts';
import { loopPage, shelfPage } from './loop-pages.tsx';
import { checkedForm, type WebEnv } from './web-session.ts';

export function loopWebRoutes(deps: { db: Kysely<AmpersandDatabase>; operations: LoopOperations; engine: TurnEngine }): Hono<WebEnv> {
  const app = new Hono<WebEnv>();
  const { operations } = deps;

  app.get('/loops', async (c) => {
    const session = c.get('session');
    if (!session) return c.redirect('/sign-in?next=/loops', 303);
    return c.html(shelfPage(await operations.loops.shelf(session.andee.andeeId)));
  });

  app.get('/loops/:loopId', async (c) => {
    const session = c.get('session');
    const loopId = c.req.param('loopId');
    if (!session) return c.redirect(`/sign-in?next=/loops/${encodeURIComponent(loopId)}`, 303);
    const loop = await operations.loops.summary(session.andee.andeeId, loopId);
    const runs = await listRuns(deps.db, loopId, 20);
    return c.html(
      loopPage({
        loop,
        items: await listItems(deps.db, loopId, loop.role === 'owner'),
        composition: await loopComposition(deps.db, loopId),
        members: await operations.loops.members(session.andee.andeeId, loopId),
        conversation: await listMessages(deps.db, loopId, 100),
        running: runs.filter((r) => r.state === 'running'),
        csrf: session.csrfToken,
      }),
    );
  });

  interface Action {
    andeeId: string;
    tag: string;
    loopId: string;
    runId: string | undefined;
    form: Record<string, string>;
    correlationId: string;
  }
  const action = (run: (a: Action) => Promise<unknown>) => async (c: Context<WebEnv>) => {
    const { session, form } = await checkedForm(c);
    const loopId = c.req.param('loopId')!;
    await run({ andeeId: session.andee.andeeId, tag: session.andee.tag, loopId, runId: c.req.param('runId'), form, correlationId: c.get('correlationId') });
    return c.redirect(`/loops/${encodeURIComponent(loopId)}`, 303);
  };

  app.post(
    '/loops/:loopId/run',
    action((a) => deps.engine.start({ loopId: a.loopId, andeeId: a.andeeId, trigger: 'run_now', correlationId: a.correlationId })),
  );
  app.post(
    '/loops/:loopId/send',
    action((a) => {
      const message = (a.form.message ?? '').trim();
      if (!message || message.length > 2000)
        throw platformErrors.fail('invalid_arguments', 'Write a message of 1 to 2,000 characters.', {
          fields: [{ field: 'message', problem: 'is not 1 to 2,000 characters' }],
        });
      return deps.engine.start({ loopId: a.loopId, andeeId: a.andeeId, trigger: 'send', message, correlationId: a.correlationId });
    }),
  );
  app.post(
    '/loops/:loopId/runs/:runId/cancel',
    action(async (a) => {
      await operations.loops.summary(a.andeeId, a.loopId);
      const run = a.runId ? await readRun(deps.db, a.runId) : undefined;
      if (!run || run.loopId !== a.loopId) throw fail('loop_not_found', 'No such run in this Loop.');
      return deps.engine.cancel(run.runId, `&${a.tag}`);
    }),
  );

  return app;
}
