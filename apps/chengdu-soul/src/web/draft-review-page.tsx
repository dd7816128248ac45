/**
 * The owner's review of a draft revision: every day group with its scenes, caveats and an
 * "exclude this scene" button per scene first, then the plan's limitations right before
 * "confirm and publish". Every button posts the exact revision and content hash shown here, so a
 * stale page can never confirm or revise a draft that changed since; each carries its own
 * idempotency key.
 */
import type { DraftView } from '../planning/draft-view.ts';
import { ChengduPage } from './layout.tsx';
import { chinaTime } from './plan-name.tsx';
import { OVERNIGHT_SHORT } from './traveler-page.tsx';

export interface ReviewKeys {
  confirm: string;
  exclude: Record<string, string>;
}

export function DraftReviewPage(props: { draft: DraftView; csrfToken: string; keys: ReviewKeys }) {
  const { draft } = props;
  const { preferences } = draft;
  return (
    <ChengduPage title="Review your draft" robots="noindex">
      <h1>Review your draft</h1>
      <p>
        {preferences.dayCount} {preferences.rhythm} day{preferences.dayCount > 1 ? 's' : ''}, {preferences.discovery}, {preferences.atmosphere}. Revision{' '}
        <span class="revision">{draft.revision}</span> of draft <code>{draft.draftRef}</code>, catalog {draft.catalogVersion}. Nothing is published yet.
      </p>
      <p class="small">
        This draft stays at <a href={`/plan/drafts/${draft.draftRef}`}>its own address</a> until you confirm it or it expires on {chinaTime(draft.expiresAt)};{' '}
        <a href="/plan">/plan</a> always opens your newest open draft.
      </p>
      {draft.openSlots > 0 ? (
        <p class="explain">
          {draft.openSlots} open slot{draft.openSlots > 1 ? 's' : ''}: not enough scenes fit your preferences and exclusions, so some days leave room for your
          own exploring.
        </p>
      ) : null}
      {draft.days.map((day) => (
        <section class="day" data-day={day.day}>
          <h2>Day {day.day}</h2>
          {day.scenes.length === 0 ? <p>No scene on this day.</p> : null}
          {day.scenes.map((scene) => (
            <article class="scene" data-card-id={scene.cardId} data-placement={scene.placement}>
              <h3>
                {scene.name.en}{' '}
                <span class="zh" lang="zh-CN">
                  {scene.name.zh}
                </span>
              </h3>
              <p>
                <span class="tag">{scene.placement === 'required' ? 'you chose this' : 'suggested from your preferences'}</span>
                {scene.usuallyOvernight ? (
                  <span class="tag">optional outing, {OVERNIGHT_SHORT}</span>
                ) : scene.selectionOnly ? (
                  <span class="tag">optional day trip</span>
                ) : null}
              </p>
              <p>{scene.summary}</p>
              <p class="notice">{scene.visitCaveat}</p>
              <p>
                <a href={scene.detailPath}>Overview, location and unknowns</a>
              </p>
              <form method="post" action="/plan/exclude" class="inline">
                <DraftPointer draft={draft} csrfToken={props.csrfToken} idempotencyKey={props.keys.exclude[scene.cardId]!} />
                <input type="hidden" name="cardId" value={scene.cardId} />
                <button type="submit" class="quiet">
                  Exclude this scene
                </button>
              </form>
            </article>
          ))}
        </section>
      ))}
      <section class="notice">
        <h2>Before you confirm</h2>
        <ul class="limitations">
          {draft.limitations.map((l) => (
            <li>{l}</li>
          ))}
        </ul>
      </section>
      <h2>Publish</h2>
      <p>
        Confirming publishes this exact revision as an unlisted page. Anyone holding its link can read it until {chinaTime(draft.expiresAt)}, seven days after
        the draft was created. You can stop sharing it at any time from the start page.
      </p>
      <form method="post" action="/plan/confirm">
        <DraftPointer draft={draft} csrfToken={props.csrfToken} idempotencyKey={props.keys.confirm} />
        <button type="submit">Confirm and publish</button>
      </form>
      <p>
        <a href="/">Start a different plan</a>
      </p>
    </ChengduPage>
  );
}

function DraftPointer(props: { draft: DraftView; csrfToken: string; idempotencyKey: string }) {
  return (
    <>
      <input type="hidden" name="csrf" value={props.csrfToken} />
      <input type="hidden" name="idempotencyKey" value={props.idempotencyKey} />
      <input type="hidden" name="draftRef" value={props.draft.draftRef} />
      <input type="hidden" name="expectedRevision" value={String(props.draft.revision)} />
      <input type="hidden" name="expectedContentHash" value={props.draft.contentHash} />
    </>
  );
}
