/**
 * The traveler's page: the immutable snapshot of a confirmed plan, and the honest pages for a
 * link that has expired or stopped being shared. Never indexed, never sends a referrer.
 *
 * The plan comes first: a day overview, then each day with a map of its scenes' points (and the
 * same points as a list with straight-line distances, which is all that remains when tiles
 * fail), then its scenes with one "Getting there" line per point (station · line · the distance
 * the catalog states), the catalog's arrival note folded away, a large Chinese name to show a
 * taxi driver, and destination links to the maps people use in China beside OpenStreetMap. The
 * limitations are said once, in a section at the end (a line at the top points to it), with the
 * link's expiry. A traveler who gives the first day of the trip in the page's form
 * (`?start=YYYY-MM-DD`, optional) sees each day's date, and a warning when the trip runs past the
 * link's expiry, and a day that falls on a scene's weekly closure is flagged; nothing is stored. Each day is folded under its heading and the names of its
 * scenes, so a three-day plan fits a phone's scroll; it opens with a tap, without JavaScript.
 * The page prints cleanly, every day unfolded (site.css, print rules).
 */
import type { PageSnapshot } from '../planning/page-snapshot.ts';
import { ChengduPage } from './layout.tsx';
import { destinationLinks, pointFromOsmLink } from './map-links.ts';
import type { TileSettings } from './map-tiles.ts';
import { gettingThereLine, statedDistances } from './getting-there.ts';
import { MapAssets, PointsMap, aboutDistance, type MapPoint } from './points-map.tsx';
import { addDays, closedOn, isoWeekday, weekdayName } from './trip-dates.ts';

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

/** The calendar day (China time) an instant falls on, as YYYY-MM-DD. */
function chinaDay(iso: string): string {
  return new Date(iso).toLocaleDateString('en-CA', { timeZone: 'Asia/Shanghai' });
}

/** The first day of the trip that falls on or after the day the link stops working, if any. */
function firstDayAfterExpiry(start: string, dayCount: number, expiresAt: string): number | undefined {
  const lastDay = chinaDay(expiresAt);
  for (let day = 1; day <= dayCount; day++) {
    const date = new Date(Date.parse(`${start}T00:00:00Z`) + (day - 1) * 86_400_000).toISOString().slice(0, 10);
    if (date >= lastDay) return day;
  }
  return undefined;
}

/** «Friday 4 December» in English, for a page date. */
function longDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { timeZone: 'Asia/Shanghai', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
}

export function TravelerPage({
  snapshot,
  token,
  start,
  startAsked,
  tiles,
}: {
  snapshot: PageSnapshot;
  /** The page's link token: its downloads live under the same link (plan-download-routes.tsx). */
  token: string;
  start: string | null;
  startAsked: boolean;
  tiles: TileSettings;
}) {
  const { preferences } = snapshot;
  const days = `${preferences.dayCount} day${preferences.dayCount > 1 ? 's' : ''}`;
  const pastExpiry = start ? firstDayAfterExpiry(start, snapshot.days.length, snapshot.expiresAt) : undefined;
  return (
    <ChengduPage title="Your Chengdu days" robots="noindex" nav="traveler" limitsInFooter={false}>
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
      <form method="get" class="dates-form" id="dates">
        <label for="start">First day of your trip (optional, to see each day’s date)</label>
        <input type="date" id="start" name="start" value={start ?? ''} />
        <button type="submit" class="quiet">
          Show dates
        </button>
        {startAsked && !start ? <p class="small">That date could not be read; pick it from the calendar.</p> : null}
      </form>
      <Downloads token={token} start={start} />
      {pastExpiry ? (
        <p class="notice expiry-warning" role="status">
          This link stops working on {longDate(snapshot.expiresAt)} (China time), before day {pastExpiry} of your trip. Print this page or save it as a PDF to
          keep it, or ask for a new plan nearer the time.
        </p>
      ) : null}
      <p class="limits-line">
        Points are approximate, distances are straight lines and map links open a place, never a route. <a href="#not-checked">What this plan does not check</a>
      </p>
      {snapshot.days.map((day) => (
        <section class="day" data-day={day.day} id={`day-${day.day}`} aria-labelledby={`day-${day.day}-title`}>
          {/* Folded, so a phone scrolls past a day rather than through it; a link to a scene inside opens it. */}
          <details class="day-fold">
            <summary>
              <h2 id={`day-${day.day}-title`}>
                Day {day.day} <span lang="zh-CN">{DAY_ZH[day.day - 1]}</span>
                {start ? <span class="day-date"> · {dayDate(start, day.day)}</span> : null}
              </h2>
              <span class="day-scenes small">
                {day.scenes.length === 0 ? 'Open for your own exploring' : day.scenes.map((scene) => scene.name.en).join(' · ')}
              </span>
              {start ? <ClosureWarning scenes={day.scenes} date={addDays(start, day.day - 1)} /> : null}
            </summary>
            {day.scenes.length === 0 ? <p>No scene on this day: it is yours to explore.</p> : <DayMap day={day} tiles={tiles} token={token} />}
            {day.scenes.map((scene) => (
              <SceneBlock scene={scene} />
            ))}
          </details>
        </section>
      ))}
      <MapAssets />
      <section id="not-checked" class="not-checked" aria-labelledby="not-checked-title">
        <h2 id="not-checked-title">What this plan does not check</h2>
        <ul>
          {snapshot.limitations.map((l) => (
            <li>{l}</li>
          ))}
        </ul>
        <p>
          This link is unlisted: anyone who has it can read the plan, until {longDate(snapshot.expiresAt)} (China time). Share it only with the people
          travelling. To keep a copy, print the page or save it as a PDF from your browser’s print menu.
        </p>
        <p class="small">
          Confirmed {longDate(snapshot.confirmedAt)}. A saved copy: later catalog updates do not change it (catalog {snapshot.catalogVersion}, revision{' '}
          {snapshot.revision}).
        </p>
      </section>
    </ChengduPage>
  );
}

/** The day's scenes on one map, each at its first point, numbered in the day's order, with the same points as a list. */
function DayMap({ day, tiles, token }: { day: PageSnapshot['days'][number]; tiles: TileSettings; token: string }) {
  const placed = day.scenes.flatMap((scene) => {
    const first = scene.location.points[0];
    const point = first ? pointFromOsmLink(first.mapUrl) : null;
    return point && first ? [{ scene, point, near: first.name.en }] : [];
  });
  if (placed.length === 0) return null;
  const points: MapPoint[] = placed.map((p, i) => ({ ...p.point, badge: String(i + 1), title: `${i + 1}. ${p.scene.name.en}` }));
  const origin = placed[0]!;
  return (
    <>
      <PointsMap
        points={points}
        tiles={tiles}
        label={`Map of day ${day.day}`}
        caption={`Day ${day.day}’s scenes, each at its first point below. Go in any order; the map shows no route.`}
      />
      <ol class="day-points small">
        {placed.map((p, i) => (
          <li>
            <a href={`#${sceneAnchor(p.scene)}`}>{p.scene.name.en}</a>: near {p.near}
            {i > 0 ? `, ${aboutDistance(origin.point, p.point)} from ${origin.scene.name.en}’s point in a straight line` : ''}
          </li>
        ))}
      </ol>
      <p class="small">
        <a href={`${downloadBase(token)}/points.gpx?day=${day.day}`} download>
          Day {day.day}’s points for an offline map app (GPX)
        </a>
      </p>
    </>
  );
}

/**
 * A day that falls on a scene's weekly closure, said where the traveler sees the day even folded:
 * the plan keeps its order-free days, so the fix is the traveler's (swap days, or skip the scene).
 */
function ClosureWarning({ scenes, date }: { scenes: readonly SnapshotScene[]; date: string }) {
  const closed = closedOn(scenes, date);
  if (closed.length === 0) return null;
  const names = closed.map((scene) => scene.name.en).join(' and ');
  return (
    <span class="closure-warning">
      {names} {closed.length === 1 ? 'is' : 'are'} closed on {weekdayName(isoWeekday(date))}s: this day falls on one. Swap it with another day, or plan without{' '}
      {closed.length === 1 ? 'it' : 'them'}.
    </span>
  );
}

function downloadBase(token: string): string {
  return `/p/${encodeURIComponent(token)}`;
}

/**
 * The plan to carry away: the days in the traveler's calendar once they have given the first day,
 * and every point for an offline map app (mobile data in China is not a given for visitors).
 */
function Downloads({ token, start }: { token: string; start: string | null }) {
  return (
    <p class="downloads">
      {start ? (
        <a href={`${downloadBase(token)}/calendar.ics?start=${start}`} download>
          Add these days to your calendar (.ics)
        </a>
      ) : (
        <span class="small">Give the first day above to add these days to your calendar.</span>
      )}
      {' · '}
      <a href={`${downloadBase(token)}/points.gpx`} download>
        Every point for an offline map app (GPX)
      </a>
    </p>
  );
}

function SceneBlock({ scene }: { scene: SnapshotScene }) {
  const { location } = scene;
  const first = location.points[0];
  // A driver needs the place's name, not the metro line it is on.
  const nearName = first?.name.zh.replace(/（[^）]*）|\([^)]*\)/g, '').trim();
  const near = nearName && nearName !== scene.name.zh ? nearName : null;
  const distances = statedDistances(
    location.note,
    location.points.map((p) => p.name.en),
  );
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
        <ul class="points">
          {location.points.map((p, index) => {
            const point = pointFromOsmLink(p.mapUrl);
            const links = point ? destinationLinks(point, p.name.zh, p.mapUrl) : [{ label: 'OpenStreetMap', href: p.mapUrl }];
            return (
              <li>
                <span class="point-name">
                  {gettingThereLine(p.name.en, distances[index])} <span lang="zh-CN">{p.name.zh}</span>
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
        <details class="arrival-note">
          <summary>About these points</summary>
          <p>{location.note}</p>
        </details>
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
    <ChengduPage title={text[0]!} robots="noindex" nav="traveler">
      <h1>{text[0]}</h1>
      <p>{text[1]}</p>
    </ChengduPage>
  );
}
