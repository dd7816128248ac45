/**
 * The traveler's page: the immutable snapshot of a confirmed plan, and the honest pages for a
 * link that has expired or stopped being shared. Never indexed, never sends a referrer.
 *
 * The plan comes first: a day overview, then each day's scenes with how to get there (the
 * catalog's arrival note, which names the station and line and says once what the point is not),
 * a large Chinese name to show a taxi driver, and destination links to the maps people use in
 * China beside OpenStreetMap. The limitations are one line at the top and a section at the end,
 * every one of them still there. A traveler who gives the first day of the trip in the page's
 * form (`?start=YYYY-MM-DD`, optional) sees each day's date; nothing is stored.
 */
import type { PageSnapshot } from '../planning/page-snapshot.ts';
import { ChengduPage } from './layout.tsx';
import { destinationLinks, pointFromOsmLink } from './map-links.ts';

type SnapshotScene = PageSnapshot['days'][number]['scenes'][number];

const ARRIVAL_LABEL: Readonly<Record<string, string>> = {
  metro_arrivals: 'By metro',
  area_anchor: 'Meeting point',
  scenic_area: 'Scenic area',
  exact_place: 'The place',
};

const DAY_ZH = ['第一天', '第二天', '第三天'];

/**
 * An outing most travelers make with a night away must not read as a day out and back. Only
 * snapshots taken from release 2026-12-01.2 on carry the mark, so older saved pages render as they did.
 */
export const OVERNIGHT_SHORT = 'usually with a night away, not a same-day return';

function sceneAnchor(scene: SnapshotScene): string {
  return `scene-${scene.cardId}`;
}

/** The first day the traveler gave, when it is a real calendar date. */
export function startDateFrom(value: string | undefined): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  const year = date.getUTCFullYear();
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && year >= 2000 && year <= 2100 ? value : null;
}

/** «Friday, 4 December 2026»: the calendar date of day `day` of a trip starting on `start`. */
function dayDate(start: string, day: number): string {
  const date = new Date(Date.parse(`${start}T00:00:00Z`) + (day - 1) * 86_400_000);
  return date.toLocaleDateString('en-GB', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
}

/** «Friday 4 December» in English, for a page date. */
function longDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { timeZone: 'Asia/Shanghai', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
}

export function TravelerPage({ snapshot, start, startAsked }: { snapshot: PageSnapshot; start: string | null; startAsked: boolean }) {
  const { preferences } = snapshot;
  const days = `${preferences.dayCount} day${preferences.dayCount > 1 ? 's' : ''}`;
  return (
    <ChengduPage title="Your Chengdu days" robots="noindex">
      <h1>
        Your Chengdu days <span lang="zh-CN">成都行程</span>
      </h1>
      <p class="lead">
        {days} of flexible exploration, {preferences.rhythm} pace. Go in any order and at your own speed.
      </p>
      <nav class="day-overview" aria-label="Your days at a glance">
        <ol>
          {snapshot.days.map((day) => (
            <li>
              <a href={`#day-${day.day}`}>
                <strong>Day {day.day}</strong>
              </a>
              {start ? <span class="day-date"> ({dayDate(start, day.day)})</span> : null}
              {day.scenes.length === 0 ? ': open for your own exploring' : ': '}
              {day.scenes.map((scene, index) => (
                <>
                  {index > 0 ? ' · ' : ''}
                  <a href={`#${sceneAnchor(scene)}`}>
                    {scene.name.en} <span lang="zh-CN">{scene.name.zh}</span>
                  </a>
                  {scene.usuallyOvernight ? <span class="overnight"> ({OVERNIGHT_SHORT})</span> : null}
                </>
              ))}
            </li>
          ))}
        </ol>
      </nav>
      <form method="get" class="dates-form">
        <label for="start">First day of your trip (optional, to see each day’s date)</label>
        <input type="date" id="start" name="start" value={start ?? ''} />
        <button type="submit" class="quiet">
          Show dates
        </button>
        {startAsked && !start ? <p class="small">That date could not be read; pick it from the calendar.</p> : null}
      </form>
      <p class="limits-line">
        A flexible plan, not a timed route: opening hours, tickets, access and travel times are not checked.{' '}
        <a href="#not-checked">What this plan does not check</a>
      </p>
      {snapshot.days.map((day) => (
        <section class="day" data-day={day.day} id={`day-${day.day}`} aria-labelledby={`day-${day.day}-title`}>
          <h2 id={`day-${day.day}-title`}>
            Day {day.day} <span lang="zh-CN">{DAY_ZH[day.day - 1]}</span>
            {start ? <span class="day-date"> · {dayDate(start, day.day)}</span> : null}
          </h2>
          {day.scenes.length === 0 ? <p>No scene on this day: it is yours to explore.</p> : null}
          {day.scenes.map((scene) => (
            <SceneBlock scene={scene} />
          ))}
        </section>
      ))}
      <section id="not-checked" class="not-checked" aria-labelledby="not-checked-title">
        <h2 id="not-checked-title">What this plan does not check</h2>
        <ul>
          {snapshot.limitations.map((l) => (
            <li>{l}</li>
          ))}
        </ul>
        <p>
          This link is unlisted: anyone who has it can read the plan, until {longDate(snapshot.expiresAt)} (China time). Share it only with the people
          travelling.
        </p>
        <p class="small">
          Confirmed {longDate(snapshot.confirmedAt)}. A saved copy: later catalog updates do not change it (catalog {snapshot.catalogVersion}, revision{' '}
          {snapshot.revision}).
        </p>
      </section>
    </ChengduPage>
  );
}

function SceneBlock({ scene }: { scene: SnapshotScene }) {
  const { location } = scene;
  const first = location.points[0];
  // A driver needs the place's name, not the metro line it is on.
  const nearName = first?.name.zh.replace(/（[^）]*）|\([^)]*\)/g, '').trim();
  const near = nearName && nearName !== scene.name.zh ? nearName : null;
  return (
    <article class="scene" id={sceneAnchor(scene)}>
      <h3>
        {scene.name.en}{' '}
        <span class="zh" lang="zh-CN">
          {scene.name.zh}
        </span>
      </h3>
      {scene.usuallyOvernight ? (
        <p class="tag">optional outing you chose · {OVERNIGHT_SHORT}</p>
      ) : scene.selectionOnly ? (
        <p class="tag">optional day trip you chose</p>
      ) : null}
      <p>{scene.summary}</p>
      <div class="arrival">
        <h4>Getting there · {ARRIVAL_LABEL[location.kind] ?? 'Where'}</h4>
        <p>{location.note}</p>
        <ul class="points">
          {location.points.map((p) => {
            const point = pointFromOsmLink(p.mapUrl);
            const links = point ? destinationLinks(point, p.name.zh, p.mapUrl) : [{ label: 'OpenStreetMap', href: p.mapUrl }];
            return (
              <li>
                <span class="point-name">
                  {p.name.en} <span lang="zh-CN">{p.name.zh}</span>
                </span>{' '}
                <small>({p.precision === 'exact' ? 'exact point' : 'approximate point'})</small>
                <span class="map-links">
                  Open in:{' '}
                  {links.map((link, index) => (
                    <>
                      {index > 0 ? ' · ' : ''}
                      <a href={link.href} rel="noopener noreferrer external">
                        {link.label}
                      </a>
                    </>
                  ))}
                </span>
              </li>
            );
          })}
        </ul>
        <p class="small">Map links open a destination, not a route.</p>
      </div>
      <section class="taxi" aria-label={`For a taxi driver: ${scene.name.en} in Chinese`}>
        <p class="taxi-label">
          Show a taxi driver · <span lang="zh-CN">请带我去</span>
        </p>
        <p class="taxi-name" lang="zh-CN">
          {scene.name.zh}
        </p>
        {near ? (
          <p class="taxi-near" lang="zh-CN">
            {near}附近
          </p>
        ) : null}
      </section>
      <p class="caveat">
        <strong>Before you go:</strong> {scene.visitCaveat}
      </p>
      <p class="small">Not known: {scene.unknowns.join('; ')}.</p>
    </article>
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
