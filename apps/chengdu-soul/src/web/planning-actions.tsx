/**
 * The planning web's actions, each behind the owner steps (session, form and CSRF token, the
 * shared write limit): propose from the planning form, exclude a scene from a draft, confirm and
 * publish it, discard an open draft. They go through the same zod inputs and DraftService as the
 * MCP tools, so a refusal shows the code an agent gets: a refused proposal on `/` with the form
 * as sent, a refused change or confirmation on a page of its own.
 */
import type { Hono } from 'hono';
import type { AppEnv } from '@agent-products/kit/http';
import { ToolError, invalidArguments } from '@agent-products/kit/errors';
import { htmlDocument } from '@agent-products/kit/web';
import type { OwnerSession } from '../access/owner-sessions.ts';
import { ConfirmInput, ProposeInput, ReviseInput } from '../planning/proposal-input.ts';
import { DRAFT_REF, draftProblemView, draftReviewView } from './draft-review.tsx';
import { showOwnerHome } from './owner-home.tsx';
import { signedIn } from './owner-steps.tsx';
import { planningValuesFrom, proposeArgumentsFrom } from './planning-form.tsx';
import type { PlanningRouteOptions } from './planning-route-options.ts';
import { PublishedPage } from './published-page.tsx';
import { problemOf } from './service-problem.tsx';

export function mountPlanningActions(app: Hono<AppEnv>, o: PlanningRouteOptions): void {
  const { loadOwner, requireOwner, ownerForm, writeLimit } = o.steps;

  app.post('/plan', loadOwner, requireOwner, ownerForm, writeLimit, async (c) => {
    const { session, form } = signedIn(c);
    const values = planningValuesFrom(form);
    const args = proposeArgumentsFrom(values, form.get('catalogVersion') ?? '', form.get('idempotencyKey') ?? '');
    const parsed = ProposeInput.safeParse(args);
    if (!parsed.success) return showOwnerHome(c, o, session, values, problemOf(invalidArguments(parsed.error)));
    try {
      return draftReviewView(c, session, await counted(o, session, (onReplay) => o.drafts.propose(session.accountId, parsed.data, o.clock(), onReplay)));
    } catch (error) {
      if (error instanceof ToolError) return showOwnerHome(c, o, session, values, problemOf(error));
      throw error;
    }
  });

  app.post('/plan/exclude', loadOwner, requireOwner, ownerForm, writeLimit, async (c) => {
    const { session, form } = signedIn(c);
    const parsed = ReviseInput.safeParse({
      ...draftPointerFrom(form),
      revisionIntent: { type: 'exclude_card', cardId: form.get('cardId') ?? '' },
    });
    if (!parsed.success) return draftProblemView(c, 'The draft was not changed', problemOf(invalidArguments(parsed.error)));
    try {
      return draftReviewView(c, session, await counted(o, session, (onReplay) => o.drafts.revise(session.accountId, parsed.data, o.clock(), onReplay)));
    } catch (error) {
      if (error instanceof ToolError) return draftProblemView(c, 'The draft was not changed', problemOf(error));
      throw error;
    }
  });

  app.post('/plan/confirm', loadOwner, requireOwner, ownerForm, writeLimit, async (c) => {
    const { session, form } = signedIn(c);
    const parsed = ConfirmInput.safeParse({ ...draftPointerFrom(form), confirmation: { action: 'publish' } });
    if (!parsed.success) return draftProblemView(c, 'The draft was not published', problemOf(invalidArguments(parsed.error)));
    try {
      const confirmation = await counted(o, session, (onReplay) => o.drafts.confirm(session.accountId, parsed.data, o.clock(), onReplay));
      return c.html(htmlDocument(<PublishedPage confirmation={confirmation} />));
    } catch (error) {
      if (error instanceof ToolError) return draftProblemView(c, 'The draft was not published', problemOf(error));
      throw error;
    }
  });

  app.post('/plan/discard', loadOwner, requireOwner, ownerForm, writeLimit, async (c) => {
    const { session, form } = signedIn(c);
    // Only the owner's own open drafts match; one already confirmed, expired or discarded is left as it is. The list shows the outcome.
    const draftRef = form.get('draftRef') ?? '';
    if (DRAFT_REF.test(draftRef)) await o.openDrafts.discard(session.accountId, draftRef, o.clock());
    return c.redirect('/#open-drafts', 303);
  });
}

/** Runs a planning write; one answered from storage (a resent form) wrote nothing, so its write goes back to the allowance. */
async function counted<R>(o: PlanningRouteOptions, session: OwnerSession, write: (onReplay: () => void) => Promise<R>): Promise<R> {
  let replay = false;
  const answer = await write(() => {
    replay = true;
  });
  if (replay) await o.refundWrite(session.accountId);
  return answer;
}

function draftPointerFrom(form: URLSearchParams) {
  return {
    draftRef: form.get('draftRef') ?? '',
    expectedRevision: Number(form.get('expectedRevision')),
    expectedContentHash: form.get('expectedContentHash') ?? '',
    idempotencyKey: form.get('idempotencyKey') ?? '',
  };
}
