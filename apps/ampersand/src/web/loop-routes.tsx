/**
 * The andee's Loop pages and the explicit actions that start or stop a turn (Send, Run now,
 * Cancel), change the Loop (Share, Archive — the owner's) or answer an invitation to one (Accept,
 * Decline): forms carrying the session's CSRF token, each answered with a redirect to the one
 * Loop page. A route never decides identity: every path here resolves the Loop by its id.
 */
import { Hono, type Context } from 'hono';
import type { Kysely } from 'kysely';
import { platformErrors } from '@agent-products/kit/errors';
import { fail } from '../errors.ts';
import { conversationPage } from '../loops/conversation.ts';
import { loopComposition } from '../loops/loop-composition.ts';
import { itemHistories, listItems } from '../loops/loop-items.ts';
import type { LoopOperations } from '../loops/loop-operations.ts';
import { listRuns, readRun } from '../loops/runs.ts';
import { STARTER_SKILLS, starterById, type StarterSkill } from '../loops/starter-skills.ts';
import type { TurnEngine } from '../loops/turn-engine.ts';
import type { AmpersandDatabase } from '../store/schema.ts';
import { loopPage, shelfPage } from './loop-pages.tsx';
import { shelfDetails } from '../loops/shelf-details.ts';
import { LIST_PAGE } from './older-link.tsx';
import { beforeParam, replySpeaker } from './conversation-list.tsx';
import { runtimeSpeakers } from './runtime-speakers.ts';
import { requestZone } from './time-zone.tsx';
import { andeeNames, messageAuthors, ownFactsByQuote } from '../loops/page-references.ts';
import { formFields, sessionOf, signedForm, signedIn, type FormEnv } from './form-steps.ts';
import type { WebEnv } from './web-session.ts';

/** The starter a form names, or the field error saying which ones there are. */
function chosenStarter(form: Record<string, string>): StarterSkill {
  const starter = starterById(form.starter ?? '');
  if (!starter)
    throw platformErrors.fail('invalid_arguments', `Choose one of the starter skills: ${STARTER_SKILLS.map((s) => s.title).join(', ')}.`, {
      fields: [{ field: 'starter', problem: `is not one of ${STARTER_SKILLS.map((s) => s.starterId).join(', ')}` }],
    });
  return starter;
}

type LoopWebDeps = { db: Kysely<AmpersandDatabase>; operations: LoopOperations; engine: TurnEngine; now: () => Date };

export function loopWebRoutes(deps: LoopWebDeps): Hono<WebEnv> {
  const app = new Hono<WebEnv>();
  mountLoopPages(app, deps);
  mountLoopActions(app, deps);
  return app;
}

/** The shelf and one Loop's page, and the answers to an invitation that lead to them. */
function mountLoopPages(app: Hono<WebEnv>, deps: LoopWebDeps): void {
  const { operations } = deps;

  app.get('/loops', signedIn, async (c) => {
    const session = sessionOf(c);
    const andeeId = session.andee.andeeId;
    const [active, archived, invitations] = await Promise.all([
      operations.loops.shelfPage(andeeId, 'active', { limit: LIST_PAGE.loops, after: c.req.query('active') }),
      operations.loops.shelfPage(andeeId, 'archived', { limit: LIST_PAGE.loops, after: c.req.query('archived') }),
      operations.loops.invitations.waitingPage(andeeId, { limit: LIST_PAGE.invitations, after: c.req.query('invitations') }),
    ]);
    const details = await shelfDetails(deps.db, [...active.loops, ...archived.loops]);
    return c.html(
      shelfPage({
        invitations: invitations.invitations,
        active: active.loops,
        archived: archived.loops,
        olderInvitations: invitations.next,
        olderActive: active.next,
        olderArchived: archived.next,
        paged: { active: c.req.query('active') !== undefined, archived: c.req.query('archived') !== undefined },
        details,
        now: deps.now(),
        zone: requestZone(c),
        csrf: session.csrfToken,
      }),
    );
  });

  // An invitation to someone else's Loop (loops/loop-invitations.ts): accepting makes the andee a member and opens it.
  app.post('/loops/:loopId/accept', signedForm, async (c) => {
    const loopId = c.req.param('loopId');
    await operations.loops.invitations.accept(sessionOf(c).andee.andeeId, loopId, deps.now());
    return c.redirect(`/loops/${encodeURIComponent(loopId)}`, 303);
  });
  app.post('/loops/:loopId/decline', signedForm, async (c) => {
    await operations.loops.invitations.decline(sessionOf(c).andee.andeeId, c.req.param('loopId'), deps.now());
    return c.redirect('/loops#invitations', 303);
  });

  app.get('/loops/:loopId', signedIn, async (c) => {
    const session = sessionOf(c);
    const loopId = c.req.param('loopId');
    const loop = await operations.loops.summary(session.andee.andeeId, loopId);
    const runs = await listRuns(deps.db, loopId, 20);
    const items = await listItems(deps.db, loopId, loop.role === 'owner');
    const viewerId = session.andee.andeeId;
    const conversation = await conversationPage(deps.db, loopId, { limit: LIST_PAGE.messages, before: beforeParam(c.req.query('before')) });
    const authors = await messageAuthors(
      deps.db,
      conversation.messages.map((m) => m.messageId),
    );
    const runtimeNames = await runtimeSpeakers(deps.db, conversation.messages, viewerId);
    const names = await andeeNames(deps.db, [...runs.map((r) => r.envelope.andeeId), ...[...authors.values()].map((a) => a.andeeId)]);
    return c.html(
      loopPage({
        loop,
        items,
        histories: await itemHistories(
          deps.db,
          items.filter((i) => i.version > 1).map((i) => i.itemId),
        ),
        composition: await loopComposition(deps.db, loopId),
        members: (await operations.members(session.andee.andeeId, { loopId })).members,
        invitees: loop.role === 'owner' ? await operations.loops.invitations.invitees(loopId) : [],
        conversation,
        running: runs.filter((r) => r.state === 'running'),
        csrf: session.csrfToken,
        clock: { now: deps.now(), zone: requestZone(c) },
        runs,
        people: { viewerId, names },
        speakerOf: (m) => {
          if (m.role !== 'andee') return replySpeaker(runtimeNames, m);
          const author = authors.get(m.messageId);
          return !author || author.andeeId === viewerId ? 'You' : author.name;
        },
        citedFacts: await ownFactsByQuote(
          deps.db,
          viewerId,
          items.flatMap((i) => i.grounding),
        ),
      }),
    );
  });
}

/** The forms of a Loop page: start one from a starter, pick its skill, run, send, share, archive, cancel a run. */
function mountLoopActions(app: Hono<WebEnv>, deps: LoopWebDeps): void {
  const { operations } = deps;

  // Starting a Loop from a built-in starter: reuse before create (the same title and skill id
  // return the andee's existing one), then pin the starter's release — & authors it, so the pin
  // is first-party although the andee pressed the button.
  app.post('/loops/start', signedForm, async (c) => {
    const loop = await operations.startFromStarter(sessionOf(c).andee.andeeId, chosenStarter(formFields(c)), deps.now());
    return c.redirect(`/loops/${encodeURIComponent(loop.loopId)}`, 303);
  });

  interface Action {
    andeeId: string;
    tag: string;
    loopId: string;
    runId: string | undefined;
    form: Record<string, string>;
    correlationId: string;
  }
  const action = (run: (a: Action) => Promise<unknown>) => async (c: Context<FormEnv>) => {
    const session = sessionOf(c);
    const form = formFields(c);
    const loopId = c.req.param('loopId')!;
    await run({ andeeId: session.andee.andeeId, tag: session.andee.tag, loopId, runId: c.req.param('runId'), form, correlationId: c.get('correlationId') });
    return c.redirect(`/loops/${encodeURIComponent(loopId)}`, 303);
  };

  // A Loop born without a pinned skill (an outside client's loop_create): its owner picks a starter for it.
  app.post(
    '/loops/:loopId/skill',
    signedForm,
    action((a) => operations.pinStarter(a.andeeId, a.loopId, chosenStarter(a.form), deps.now())),
  );
  app.post(
    '/loops/:loopId/run',
    signedForm,
    action((a) => deps.engine.start({ loopId: a.loopId, andeeId: a.andeeId, trigger: 'run_now', correlationId: a.correlationId })),
  );
  app.post(
    '/loops/:loopId/send',
    signedForm,
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
    '/loops/:loopId/share',
    signedForm,
    action((a) => operations.share(a.andeeId, { loopId: a.loopId, tag: (a.form.tag ?? '').trim() }, deps.now())),
  );
  app.post(
    '/loops/:loopId/archive',
    signedForm,
    action((a) => operations.archive(a.andeeId, { loopId: a.loopId, archived: a.form.archived !== 'no' }, deps.now())),
  );
  app.post(
    '/loops/:loopId/runs/:runId/cancel',
    signedForm,
    action(async (a) => {
      await operations.loops.summary(a.andeeId, a.loopId);
      const run = a.runId ? await readRun(deps.db, a.runId) : undefined;
      if (!run || run.loopId !== a.loopId) throw fail('loop_not_found', 'No such run in this Loop.');
      return deps.engine.cancel(run.runId, `&${a.tag}`);
    }),
  );
}
