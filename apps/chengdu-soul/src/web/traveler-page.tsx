/**
 * The traveler's page: the immutable snapshot of a confirmed plan, and the honest pages for a
 * link that has expired or stopped being shared. Never indexed, never sends a referrer.
 */
import type { PageSnapshot } from '../planning/page-snapshot.ts';
import { ChengduPage } from './layout.tsx';

export function TravelerPage({ snapshot }: { snapshot: PageSnapshot }) {
  const { preferences } = snapshot;
  return (
    <ChengduPage title="Your Chengdu days" robots="noindex">
      <h1>Your Chengdu days 成都行程</h1>
      <p>
        {preferences.dayCount} {preferences.rhythm} day{preferences.dayCount > 1 ? 's' : ''} of flexible exploration, confirmed{' '}
        {snapshot.confirmedAt.slice(0, 10)}. This link is unlisted and stops working on {snapshot.expiresAt.slice(0, 10)}.
      </p>
      <section class="notice">
        <h2>Before you go</h2>
        <ul>
          {snapshot.limitations.map((l) => (
            <li>{l}</li>
          ))}
        </ul>
      </section>
      {snapshot.days.map((day) => (
        <section class="day" data-day={day.day}>
          <h2>Day {day.day}</h2>
          {day.scenes.length === 0 ? <p>No scene on this day.</p> : null}
          {day.scenes.map((scene) => (
            <article class="scene">
              <h3>
                {scene.name.en} <span class="zh" lang="zh-CN">{scene.name.zh}</span>
              </h3>
              {scene.selectionOnly ? <p class="tag">optional day trip you chose</p> : null}
              <p>{scene.summary}</p>
              <p class="notice">{scene.visitCaveat}</p>
              <p>
                <strong>Getting there:</strong> {scene.location.meaning} {scene.location.note}
              </p>
              <ul class="points">
                {scene.location.points.map((p) => (
                  <li>
                    {p.name.en} <span class="zh" lang="zh-CN">{p.name.zh}</span> —{' '}
                    <a href={p.mapUrl} rel="noopener noreferrer external">
                      map ({p.precision === 'exact' ? 'exact point' : 'approximate point'}; a destination, not a route)
                    </a>
                  </li>
                ))}
              </ul>
              <p>
                <small>Not known: {scene.unknowns.join('; ')}.</small>
              </p>
            </article>
          ))}
        </section>
      ))}
      <p>
        <small>
          Catalog {snapshot.catalogVersion}, draft revision {snapshot.revision}. This page is a saved snapshot: later catalog updates do
          not change it.
        </small>
      </p>
    </ChengduPage>
  );
}

export function GonePage({ reason }: { reason: 'expired' | 'stopped' | 'missing' }) {
  const text = {
    expired: ['This plan link has expired', 'Plan links stop working seven days after the plan was drafted. Ask whoever shared it for a new plan.'],
    stopped: ['This plan is no longer shared', 'Its owner stopped sharing it. Ask them for a new link if you still need it.'],
    missing: ['Plan not found', 'There is no plan at this link. Check that it was copied completely.'],
  }[reason];
  return (
    <ChengduPage title={text[0]!} robots="noindex">
      <h1>{text[0]}</h1>
      <p>{text[1]}</p>
    </ChengduPage>
  );
}
