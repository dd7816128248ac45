/**
 * The signed-in owner's planning web: the planning form on `/`, draft review (exclude a scene,
 * confirm and publish; open drafts, the agents' too, can be reopened or discarded), and stopping
 * a saved plan's sharing after a confirmation. Every POST passes the owner steps (session, form
 * and CSRF token, and for planning writes the shared write limit) before its handler runs.
 * Planning goes through the same zod inputs and DraftService as the MCP tools, so a failure shows
 * the code an agent gets.
 *
 * Each page is a loader and a view (owner-home.tsx, draft-review.tsx) beside its routes: the reads
 * in planning-pages.tsx, the planning actions in planning-actions.tsx, stopping a share in
 * stop-sharing-routes.tsx.
 */
import type { Hono } from 'hono';
import type { AppEnv } from '@agent-products/kit/http';
import { mountPlanningActions } from './planning-actions.tsx';
import { mountPlanningPages } from './planning-pages.tsx';
import type { PlanningRouteOptions } from './planning-route-options.ts';
import { mountStopSharing } from './stop-sharing-routes.tsx';

export function registerPlanningRoutes(app: Hono<AppEnv>, o: PlanningRouteOptions): void {
  mountPlanningPages(app, o);
  mountPlanningActions(app, o);
  mountStopSharing(app, o);
}
