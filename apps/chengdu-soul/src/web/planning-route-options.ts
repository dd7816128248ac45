/**
 * What the owner's planning routes are given (planning-routes.tsx): the catalog, the planning
 * services, the owner's saved pages and the steps every owner request passes. Each page, action
 * and view of the planning web reads the part it needs.
 */
import type { SiteCookies } from '@agent-products/kit/web';
import type { CatalogQueries } from '../queries/catalog-queries.ts';
import type { DraftService } from '../planning/draft-service.ts';
import type { OpenDrafts } from '../planning/open-drafts.ts';
import type { PageRepository } from '../planning/page-repository.ts';
import type { OwnerSteps } from './owner-steps.tsx';

export interface PlanningRouteOptions {
  queries: CatalogQueries;
  drafts: DraftService;
  openDrafts: OpenDrafts;
  pages: PageRepository;
  cookies: SiteCookies;
  clock: () => Date;
  publicUrl: string;
  steps: OwnerSteps;
  /** Gives back a write answered from its stored answer (a resent form), which wrote nothing. */
  refundWrite: (accountId: string) => Promise<void>;
}
