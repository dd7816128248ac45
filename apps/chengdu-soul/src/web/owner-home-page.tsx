/**
 * `/` for the signed-in owner: the drafts waiting for review first when there are any (proposed
 * here or by the owner's agents), any failure of the last proposal with its code, the direct
 * planning form (the same service the tools call), and the saved plans with their sharing controls.
 */
import type { LoadedRelease } from '../catalog/loaded-release.ts';
import type { DraftView } from '../planning/draft-view.ts';
import type { DraftOrigin } from '../planning/open-drafts.ts';
import type { SavedPage } from '../planning/page-repository.ts';
import { ChengduPage } from './layout.tsx';
import { OWNER_SCRIPT_PATH } from './owner-script.ts';
import { PlanningForm, type PlanningFormValues } from './planning-form.tsx';
import { OpenDraftsList } from './open-drafts.tsx';
import { SavedPlans } from './saved-plans.tsx';
import { ProblemAlert, type ServiceProblem } from './service-problem.tsx';

export interface OwnerHomeProps {
  email: string;
  csrfToken: string;
  release: LoadedRelease;
  values: PlanningFormValues;
  idempotencyKey: string;
  drafts: DraftView[];
  pages: SavedPage[];
  /** The link to the next, older page of saved plans; undefined on the last page. */
  olderPlansHref: string | undefined;
  /** True when this page of saved plans is not the newest one. */
  olderPlansShown: boolean;
  madeBy: ReadonlyMap<string, DraftOrigin>;
  now: Date;
  publicUrl: string;
  problem?: ServiceProblem | undefined;
}

export function OwnerHomePage(props: OwnerHomeProps) {
  return (
    <ChengduPage title="Plan Chengdu days" robots="noindex">
      <h1>Plan Chengdu days 计划</h1>
      <div class="signed-in">
        Signed in as <strong>{props.email}</strong>.{' '}
        <form method="post" action="/signout" class="inline">
          <input type="hidden" name="csrf" value={props.csrfToken} />
          <button type="submit" class="quiet">
            Sign out
          </button>
        </form>
      </div>
      <p>
        Propose one to three flexible exploration days from the reviewed scenes of catalog {props.release.catalogVersion}. This is the same planning service
        agents use. Nothing is published until you review the draft and confirm it; then you get an unlisted link that works for seven days from the draft.
      </p>
      {props.problem ? <ProblemAlert problem={props.problem} /> : null}
      {/* What waits for the owner comes before what they might start: on a phone, below the form is far away. */}
      {props.drafts.length > 0 ? <OpenDraftsList drafts={props.drafts} madeBy={props.madeBy} csrfToken={props.csrfToken} /> : null}
      <PlanningForm release={props.release} values={props.values} csrfToken={props.csrfToken} idempotencyKey={props.idempotencyKey} />
      <SavedPlans
        pages={props.pages}
        now={props.now}
        publicUrl={props.publicUrl}
        csrfToken={props.csrfToken}
        madeBy={props.madeBy}
        olderHref={props.olderPlansHref}
        olderShown={props.olderPlansShown}
      />
      {props.drafts.length === 0 ? <OpenDraftsList drafts={props.drafts} madeBy={props.madeBy} csrfToken={props.csrfToken} /> : null}
      <script src={OWNER_SCRIPT_PATH} defer />
    </ChengduPage>
  );
}
