/**
 * `/agents`: the human-readable search display over the same search service the tool uses,
 * written for the person reading it. Without a query it lists the whole catalog, the city's
 * scenes by area and then the optional day trips; with one it shows the results or, when none
 * can be given, what to do next: the words it understood as a one-click search, a few keywords
 * from the reviewed lexicon, and the words it could not use, named plainly. The labels on each
 * scene are explained once, below the list. Each area is folded under its name and count (open
 * when the list is filtered), so the whole catalog is a short page on a phone.
 */
import type { SceneListing } from '../queries/catalog-queries.ts';
import type { LoadedRelease } from '../catalog/loaded-release.ts';
import type { UNSUPPORTED_CONSTRAINTS } from '../catalog/release-schema.ts';
import type { SearchOutcome } from '../search/search-scenes.ts';
import { ATMOSPHERES, DISCOVERIES } from '../catalog/vocabulary.ts';
import { ATMOSPHERE_TITLE, ATMOSPHERE_WORDS, DISCOVERY_TITLE, DISCOVERY_WORDS } from './label-words.ts';
import { sceneDetail } from '../catalog/scene-detail.ts';
import { ChengduPage } from './layout.tsx';
import type { TileSettings } from './map-tiles.ts';
import { MapAssets, PointsMap, type MapPoint } from './points-map.tsx';
import { cityGroups } from './scene-groups.ts';

export interface SearchFormValues {
  q: string;
  atmosphere: string;
  discovery: string;
  limit: string;
}

const STATUS_TITLE: Record<SearchOutcome['status'], string> = {
  ok: 'Results',
  needs_clarification: 'Some words were not understood',
  unsupported_request: 'This asks for something we cannot check',
  no_match: 'No scene matches all of these together',
};

const UNSUPPORTED_WORDS: Readonly<Record<(typeof UNSUPPORTED_CONSTRAINTS)[number], string>> = {
  opening_hours: 'opening hours or times of day',
  accessibility: 'accessibility',
  tickets: 'tickets',
  prices: 'prices',
  bookings: 'bookings',
  hotels: 'hotels',
  live_crowds: 'how crowded a place is right now',
  transport_times: 'travel times',
  weather: 'the weather',
  restaurants_reservations: 'restaurants or reservations',
  guides: 'guides',
};

/** How many lexicon keywords an empty search suggests. */
const SUGGESTIONS = 6;
/** How many neighbouring keywords a recognised word no scene is about suggests. */
const NEIGHBOURS = 4;
/** The most results one search page shows (the search tool's own limit). */
const MOST_RESULTS = 30;

type SceneItem = SceneListing['scenes'][number];

export function AgentsPage(props: {
  robots: 'index' | 'noindex-follow';
  form: SearchFormValues;
  release: LoadedRelease;
  tiles: TileSettings;
  outcome?: SearchOutcome;
  listing?: SceneListing;
  inputProblem?: string;
}) {
  const { release } = props;
  const problem = props.inputProblem ? (
    <p class="explain" role="alert">
      {props.inputProblem}
    </p>
  ) : null;
  return (
    <ChengduPage title="Chengdu scenes" robots={props.robots} description="Search reviewed overviews of real Chengdu scenes by English or Chinese keyword.">
      <h1>
        Chengdu scenes <span lang="zh-CN">成都场景</span>
      </h1>
      {props.outcome ? (
        // A search's answer comes first (on a phone the form would push it a screen down); the form follows to search again.
        <>
          <Outcome outcome={props.outcome} release={release} form={props.form} />
          <SearchForm form={props.form} again />
        </>
      ) : (
        <>
          <p>
            Reviewed overviews of {release.scenes.filter((s) => !s.selectionOnly).length} places in Chengdu and{' '}
            {release.scenes.filter((s) => s.selectionOnly).length} outings out of the city. Search in English or Chinese, for example{' '}
            <a href="/agents?q=%E7%86%8A%E7%8C%AB">熊猫</a>, <a href="/agents?q=quiet+park">quiet park</a> or{' '}
            <a href="/agents?q=industrial+architecture">industrial architecture</a>. Every word you type must match.
          </p>
          <SearchForm form={props.form} />
          {problem}
        </>
      )}
      {props.listing ? <Listing listing={props.listing} release={release} tiles={props.tiles} /> : null}
      <Legend />
      <p class="small">
        Catalog {release.catalogVersion}, published {release.publishedAt.toISOString().slice(0, 10)}. Building an agent?{' '}
        <a href="/for-agents">Chengdu Soul for agents</a>.
      </p>
    </ChengduPage>
  );
}

function SearchForm({ form, again }: { form: SearchFormValues; again?: boolean }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with role=search is the search landmark every screen reader knows; the <search> element is too new for some.
    <form class="search-form" method="get" action="/agents" role="search">
      <label for="q">{again ? 'Search again' : 'Search words'}</label>
      <input type="search" id="q" name="q" value={form.q} maxlength={200} placeholder="e.g. teahouse, 熊猫, quiet park" />
      <div class="row">
        <label>
          {ATMOSPHERE_TITLE}{' '}
          <select name="atmosphere">
            <option value="">any mood</option>
            {ATMOSPHERES.map((a) => (
              <option value={a} selected={form.atmosphere === a}>
                {ATMOSPHERE_WORDS[a].label}: {ATMOSPHERE_WORDS[a].means}
              </option>
            ))}
          </select>
        </label>
        <label>
          {DISCOVERY_TITLE}{' '}
          <select name="discovery">
            <option value="">any kind</option>
            {DISCOVERIES.map((d) => (
              <option value={d} selected={form.discovery === d}>
                {DISCOVERY_WORDS[d].label}: {DISCOVERY_WORDS[d].means}
              </option>
            ))}
          </select>
        </label>
        <button type="submit">Search</button>
      </div>
    </form>
  );
}

function searchHref(q: string, form?: SearchFormValues, limit?: number): string {
  const params = new URLSearchParams({ q });
  if (form?.atmosphere) params.set('atmosphere', form.atmosphere);
  if (form?.discovery) params.set('discovery', form.discovery);
  if (limit !== undefined) params.set('limit', String(limit));
  return `/agents?${params.toString()}`;
}

/**
 * Keywords beside a concept in the reviewed lexicon that some scene carries. The lexicon lists its
 * concepts by theme (hotpot sits among food, snacks and the night market), so its neighbours
 * are the related words that lead somewhere.
 */
function neighbours(release: LoadedRelease, tag: string): Array<{ en: string; zh: string }> {
  const concepts = release.document.lexicon.concepts;
  const at = concepts.findIndex((c) => c.tag === tag);
  if (at < 0) return [];
  return concepts
    .map((concept, index) => ({ concept, distance: Math.abs(index - at) }))
    .filter(
      ({ concept, distance }) =>
        distance > 0 && (release.lexicon.scenesByTag.get(concept.tag)?.size ?? 0) > 0 && concept.en.length > 0 && concept.zh.length > 0,
    )
    .sort((a, b) => a.distance - b.distance)
    .slice(0, NEIGHBOURS)
    .map(({ concept }) => ({ en: concept.en[0]!, zh: concept.zh[0]! }));
}

/** The lexicon concept a recognised word stands for, when the search read it as one. */
function conceptOf(outcome: SearchOutcome, term: string): string | undefined {
  const meaning = outcome.interpretedTerms.find((t) => t.term === term)?.meaning;
  return meaning?.startsWith('keyword:') ? meaning.slice('keyword:'.length) : undefined;
}

/** Keywords from the reviewed lexicon that lead somewhere: the concepts most scenes carry. */
function suggestions(release: LoadedRelease): Array<{ en: string; zh: string }> {
  return [...release.document.lexicon.concepts]
    .map((c) => ({ concept: c, scenes: release.lexicon.scenesByTag.get(c.tag)?.size ?? 0 }))
    .filter((c) => c.scenes > 0 && c.concept.en.length > 0 && c.concept.zh.length > 0)
    .sort((a, b) => b.scenes - a.scenes || a.concept.tag.localeCompare(b.concept.tag))
    .slice(0, SUGGESTIONS)
    .map((c) => ({ en: c.concept.en[0]!, zh: c.concept.zh[0]! }));
}

function Outcome({ outcome, release, form }: { outcome: SearchOutcome; release: LoadedRelease; form: SearchFormValues }) {
  const unsupported = new Set(outcome.unsupportedTerms.map((u) => u.term));
  const understood = outcome.interpretedTerms.map((t) => t.term).filter((term) => !unsupported.has(term));
  // One recognised word that no scene is about is not a conflict: nothing else is in its way.
  const lone = outcome.status === 'no_match' && outcome.conflictingTerms.length === 1 ? outcome.conflictingTerms[0]! : undefined;
  if (lone !== undefined && !/^(atmosphere|discovery)=/.test(lone)) return <NoSceneAbout term={lone} outcome={outcome} release={release} form={form} />;
  return (
    <section aria-live="polite" data-status={outcome.status}>
      <h2>{STATUS_TITLE[outcome.status]}</h2>
      {outcome.status === 'ok' ? (
        <p>
          {outcome.totalMatches} scene{outcome.totalMatches === 1 ? ' matches' : 's match'}
          {outcome.hasMore ? `; showing ${outcome.results.length}.` : '.'}
        </p>
      ) : (
        <div class="explain">
          {outcome.unsupportedTerms.length > 0 ? (
            <p class="terms">
              Cannot check:{' '}
              {outcome.unsupportedTerms.map((u) => (
                <>
                  <strong>{UNSUPPORTED_WORDS[u.constraint as keyof typeof UNSUPPORTED_WORDS] ?? u.constraint.replace(/_/g, ' ')}</strong> (you wrote{' '}
                  <q>{u.term}</q>){' '}
                </>
              ))}
              — these overviews hold no such information, so no scene can be promised to meet it.
            </p>
          ) : null}
          {outcome.unrecognizedTerms.length > 0 ? (
            <p class="terms">
              Not recognized:{' '}
              {outcome.unrecognizedTerms.map((t) => (
                <>
                  <q>{t}</q>{' '}
                </>
              ))}
              — search knows scene names and a reviewed list of English and Chinese keywords.
            </p>
          ) : null}
          {outcome.status === 'needs_clarification' && outcome.unrecognizedTerms.length === 0 ? (
            <p>These words are too general to search by. Try a scene name or a kind of place.</p>
          ) : null}
          {outcome.conflictingTerms.length > 0 ? (
            <p class="terms">
              Conflicting:{' '}
              {outcome.conflictingTerms.map((t) => (
                <>
                  <ConflictingTerm term={t} />{' '}
                </>
              ))}
              — every word is known, but no scene is all of these at once.
            </p>
          ) : null}
          <NextSteps outcome={outcome} understood={understood} release={release} form={form} />
        </div>
      )}
      {outcome.results.length > 0 ? (
        <ul class="results">
          {outcome.results.map((r) => (
            <SceneLine scene={r} overnight={release.sceneById.get(r.cardId)?.usuallyOvernight === true} />
          ))}
        </ul>
      ) : null}
      {outcome.hasMore ? (
        <p>
          More scenes match.{' '}
          <a href={searchHref(outcome.query, form, Math.min(outcome.totalMatches, MOST_RESULTS))}>
            {outcome.totalMatches <= MOST_RESULTS ? `Show all ${outcome.totalMatches}` : `Show the first ${MOST_RESULTS} of ${outcome.totalMatches}`}
          </a>
        </p>
      ) : null}
    </section>
  );
}

/** A recognised word no scene is about ("hotpot", "火锅"): said plainly, with the related keywords that lead somewhere. */
function NoSceneAbout({ term, outcome, release, form }: { term: string; outcome: SearchOutcome; release: LoadedRelease; form: SearchFormValues }) {
  const tag = conceptOf(outcome, term);
  const near = tag ? neighbours(release, tag) : [];
  const others = outcome.interpretedTerms.map((t) => t.term).filter((t) => t !== term);
  return (
    <section aria-live="polite" data-status={outcome.status}>
      <h2>
        No scene is about <q>{term}</q>
      </h2>
      <div class="explain">
        <p>
          Search knows the word, but none of the reviewed scenes is about it
          {others.length > 0 || form.atmosphere || form.discovery ? ' together with the rest of your search' : ''}.
        </p>
        <div class="next-steps">
          <h3>What you can do</h3>
          <ul>
            {near.length > 0 ? (
              <li>
                Try a related keyword:{' '}
                {near.map((s, index) => (
                  <>
                    {index > 0 ? ' · ' : ''}
                    <a href={searchHref(s.en, form)}>{s.en}</a>{' '}
                    <a href={searchHref(s.zh, form)} lang="zh-CN">
                      {s.zh}
                    </a>
                  </>
                ))}
              </li>
            ) : null}
            {others.length > 0 ? (
              <li>
                Search without it: <a href={searchHref(others.join(' '), form)}>{others.join(' ')}</a>
              </li>
            ) : null}
            <li>
              <a href="/agents">Browse all scenes by area</a>
            </li>
          </ul>
        </div>
      </div>
    </section>
  );
}

/** A query word as typed, or a form filter (`atmosphere=quiet`) by the name the form gives it. */
function ConflictingTerm({ term }: { term: string }) {
  const filter = /^(atmosphere|discovery)=(.+)$/.exec(term);
  if (!filter) return <q>{term}</q>;
  return (
    <>
      the {filter[1] === 'atmosphere' ? 'Mood' : 'Kind of place'} filter <q>{filter[2]}</q>
    </>
  );
}

function NextSteps({ outcome, understood, release, form }: { outcome: SearchOutcome; understood: string[]; release: LoadedRelease; form: SearchFormValues }) {
  const alone = outcome.status === 'no_match' ? understood : [];
  const recognized = outcome.status !== 'no_match' && understood.length > 0 ? understood.join(' ') : null;
  return (
    <div class="next-steps">
      <h3>What you can do</h3>
      <ul>
        {recognized ? (
          <li>
            Search only the words we know: <a href={searchHref(recognized, form)}>{recognized}</a>
          </li>
        ) : null}
        {alone.length > 1 ? (
          <li>
            Search one word at a time:{' '}
            {alone.map((term, index) => (
              <>
                {index > 0 ? ' · ' : ''}
                <a href={searchHref(term, form)}>{term}</a>
              </>
            ))}
          </li>
        ) : null}
        {form.atmosphere || form.discovery ? (
          <li>
            <a href={searchHref(outcome.query)}>Search without the mood and kind filters</a>
          </li>
        ) : null}
        <li>
          Try a keyword:{' '}
          {suggestions(release).map((s, index) => (
            <>
              {index > 0 ? ' · ' : ''}
              <a href={searchHref(s.en)}>{s.en}</a>{' '}
              <a href={searchHref(s.zh)} lang="zh-CN">
                {s.zh}
              </a>
            </>
          ))}
        </li>
        <li>
          <a href="/agents">Browse all scenes by area</a>
        </li>
      </ul>
    </div>
  );
}

function SceneLine({ scene, overnight }: { scene: SceneItem; overnight?: boolean }) {
  return (
    <li>
      <a href={scene.detailPath}>
        <strong>{scene.name.en}</strong>{' '}
        <span class="zh" lang="zh-CN">
          {scene.name.zh}
        </span>
      </a>
      <div>{scene.summary}</div>
      <div>
        <span class="tag">{scene.atmosphere}</span>
        <span class="tag">{scene.discovery}</span>
        {overnight ? <span class="tag">optional outing, usually overnight</span> : scene.selectionOnly ? <span class="tag">optional day trip</span> : null}
      </div>
    </li>
  );
}

function Listing({ listing, release, tiles }: { listing: SceneListing; release: LoadedRelease; tiles: TileSettings }) {
  const byId = new Map(listing.scenes.map((s) => [s.cardId, s]));
  const city = release.scenes.filter((s) => !s.selectionOnly && byId.has(s.cardId));
  const overnightIds = new Set(release.scenes.filter((s) => s.usuallyOvernight).map((s) => s.cardId));
  const dayTrips = listing.scenes.filter((s) => s.selectionOnly && !overnightIds.has(s.cardId));
  const overnight = listing.scenes.filter((s) => overnightIds.has(s.cardId));
  const groups = cityGroups(city);
  const filtered = listing.counts.returned !== listing.counts.total;
  // Each city scene at the first point the catalog gives for it (a station or meeting point).
  const points: MapPoint[] = city.flatMap((scene) => {
    const location = sceneDetail(release, scene).location;
    const first = 'providerPlaceId' in location ? location.place : location.navigation.points[0]?.place;
    return first ? [{ ...first.point, badge: '', title: scene.name.en }] : [];
  });
  return (
    <section class="listing">
      <h2>{filtered ? `${listing.counts.returned} of ${listing.counts.total} scenes` : `All ${listing.counts.total} scenes`}</h2>
      <nav class="jump-links" aria-label="Areas">
        {groups.map((group, index) => (
          <>
            {index > 0 ? ' · ' : ''}
            <a href={`#area-${group.key}`}>{group.name.en}</a>
          </>
        ))}
        {dayTrips.length > 0 ? (
          <>
            {groups.length > 0 ? ' · ' : ''}
            <a href="#area-day-trips">Day trips</a>
          </>
        ) : null}
        {overnight.length > 0 ? (
          <>
            {' · '}
            <a href="#area-overnight">Overnight outings</a>
          </>
        ) : null}
      </nav>
      <p class="small">{listing.notice}</p>
      <p class="small">{listing.limits.coverage}</p>
      {city.length > 0 ? (
        <>
          <h2>
            In the city <span lang="zh-CN">市内</span>
          </h2>
          <PointsMap
            points={points}
            tiles={tiles}
            label="Map of the city scenes"
            caption="The city scenes below, each at the first point the catalog gives for it (a station or meeting point, approximate). It shows where they are, not routes."
          />
          <MapAssets />
          {groups.map((group) => (
            <section class="area" aria-labelledby={`area-${group.key}`}>
              <details class="area-fold" open={filtered}>
                <summary>
                  <h3 id={`area-${group.key}`}>
                    {group.name.en} <span lang="zh-CN">{group.name.zh}</span>
                  </h3>{' '}
                  <span class="small">{sceneCount(group.cardIds.length)}</span>
                </summary>
                <ul class="results">
                  {group.cardIds.map((id) => (
                    <SceneLine scene={byId.get(id)!} />
                  ))}
                </ul>
              </details>
            </section>
          ))}
          <p class="small">Areas group scenes by an approximate position for browsing; they are not district boundaries.</p>
        </>
      ) : null}
      {dayTrips.length > 0 ? (
        <section class="area" aria-labelledby="area-day-trips">
          <details class="area-fold" open={filtered}>
            <summary>
              <h2 id="area-day-trips">
                Day trips out of the city <span lang="zh-CN">周边一日游</span>
              </h2>{' '}
              <span class="small">{sceneCount(dayTrips.length)}</span>
            </summary>
            <p class="small">Each takes a long journey that fills a whole day. A plan only includes one you choose.</p>
            <ul class="results">
              {dayTrips.map((s) => (
                <SceneLine scene={s} />
              ))}
            </ul>
          </details>
        </section>
      ) : null}
      {overnight.length > 0 ? (
        <section class="area" aria-labelledby="area-overnight">
          <details class="area-fold" open={filtered}>
            <summary>
              <h2 id="area-overnight">
                Longer outings, usually overnight <span lang="zh-CN">过夜行程</span>
              </h2>{' '}
              <span class="small">{sceneCount(overnight.length)}</span>
            </summary>
            <p class="small">
              Most travelers make these with at least one night away: a plan gives one a day, but not as a same-day return. Only when you choose it.
            </p>
            <ul class="results">
              {overnight.map((s) => (
                <SceneLine scene={s} overnight />
              ))}
            </ul>
          </details>
        </section>
      ) : null}
    </section>
  );
}

function sceneCount(count: number): string {
  return `${count} scene${count === 1 ? '' : 's'}`;
}

function Legend() {
  return (
    <section class="legend" aria-labelledby="legend-title">
      <h2 id="legend-title">What the labels mean</h2>
      <dl class="facts">
        {ATMOSPHERES.map((a) => (
          <>
            <dt>
              <span class="tag">{a}</span>
            </dt>
            <dd>{ATMOSPHERE_WORDS[a].means}</dd>
          </>
        ))}
        {DISCOVERIES.map((d) => (
          <>
            <dt>
              <span class="tag">{d}</span>
            </dt>
            <dd>{DISCOVERY_WORDS[d].means}</dd>
          </>
        ))}
        <dt>
          <span class="tag">optional day trip</span>
        </dt>
        <dd>a long journey out of the city, only in a plan when chosen</dd>
        <dt>
          <span class="tag">optional outing, usually overnight</span>
        </dt>
        <dd>further away, usually with a night away; only in a plan when chosen</dd>
      </dl>
      <p class="small">These are editorial labels, not a promise about crowds on the day or an accessibility assessment.</p>
    </section>
  );
}
