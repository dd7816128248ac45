/**
 * `/agents`: the human-readable search display over the same search service the tool uses,
 * written for the person reading it. Without a query it lists the whole catalog, the city's
 * scenes by area and then the optional day trips; with one it shows the results or, when none
 * can be given, what to do next: the words it understood as a one-click search, a few keywords
 * from the reviewed lexicon, and the words it could not use, named plainly. The labels on each
 * scene are explained once, below the list.
 */
import type { SceneListing } from '../queries/catalog-queries.ts';
import type { LoadedRelease } from '../catalog/loaded-release.ts';
import type { UNSUPPORTED_CONSTRAINTS } from '../catalog/release-schema.ts';
import type { SearchOutcome } from '../search/search-scenes.ts';
import { ATMOSPHERES, DISCOVERIES, type Atmosphere, type Discovery } from '../catalog/vocabulary.ts';
import { ChengduPage } from './layout.tsx';
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

const ATMOSPHERE_WORDS: Record<Atmosphere, { label: string; means: string }> = {
  quiet: { label: 'quiet', means: 'calmer places, good for slowing down' },
  mixed: { label: 'mixed', means: 'calm corners and busier parts' },
  lively: { label: 'lively', means: 'busy, with a lot going on' },
};

const DISCOVERY_WORDS: Record<Discovery, { label: string; means: string }> = {
  local: { label: 'local', means: 'everyday places people in Chengdu use' },
  blend: { label: 'blend', means: 'known to visitors and locals alike' },
  iconic: { label: 'iconic', means: 'the famous sights' },
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

type SceneItem = SceneListing['scenes'][number];

export function AgentsPage(props: {
  robots: 'index' | 'noindex-follow';
  form: SearchFormValues; release: LoadedRelease; outcome?: SearchOutcome; listing?: SceneListing; inputProblem?: string }) {
  const { release } = props;
  return (
    <ChengduPage title="Chengdu scenes" robots={props.robots} description="Search reviewed overviews of real Chengdu scenes by English or Chinese keyword.">
      <h1>
        Chengdu scenes <span lang="zh-CN">成都场景</span>
      </h1>
      <p>
        Reviewed overviews of {release.scenes.filter((s) => !s.selectionOnly).length} places in Chengdu and{' '}
        {release.scenes.filter((s) => s.selectionOnly).length} day trips out of the city. Search in English or Chinese, for example{' '}
        <a href="/agents?q=%E7%86%8A%E7%8C%AB">熊猫</a>, <a href="/agents?q=quiet+park">quiet park</a> or{' '}
        <a href="/agents?q=industrial+architecture">industrial architecture</a>. Every word you type must match.
      </p>
      <SearchForm form={props.form} />
      {props.inputProblem ? (
        <p class="explain" role="alert">
          {props.inputProblem}
        </p>
      ) : null}
      {props.outcome ? <Outcome outcome={props.outcome} release={release} form={props.form} /> : null}
      {props.listing ? <Listing listing={props.listing} release={release} /> : null}
      <Legend />
      <p class="small">
        Catalog {release.catalogVersion}, published {release.publishedAt.toISOString().slice(0, 10)}. Building an agent?{' '}
        <a href="/for-agents">Chengdu Soul for agents</a>.
      </p>
    </ChengduPage>
  );
}

function SearchForm({ form }: { form: SearchFormValues }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with role=search is the search landmark every screen reader knows; the <search> element is too new for some.
    <form class="search-form" method="get" action="/agents" role="search">
      <label for="q">Search words</label>
      <input type="search" id="q" name="q" value={form.q} maxlength={200} placeholder="e.g. teahouse, 熊猫, quiet park" />
      <div class="row">
        <label>
          Mood{' '}
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
          Kind of place{' '}
          <select name="discovery">
            <option value="">any kind</option>
            {DISCOVERIES.map((d) => (
              <option value={d} selected={form.discovery === d}>
                {DISCOVERY_WORDS[d].label}: {DISCOVERY_WORDS[d].means}
              </option>
            ))}
          </select>
        </label>
        <label>
          Results <input type="number" name="limit" class="limit" min={1} max={30} value={form.limit} placeholder="5" />
        </label>
        <button type="submit">Search</button>
      </div>
    </form>
  );
}

function searchHref(q: string, form?: SearchFormValues): string {
  const params = new URLSearchParams({ q });
  if (form?.atmosphere) params.set('atmosphere', form.atmosphere);
  if (form?.discovery) params.set('discovery', form.discovery);
  return `/agents?${params.toString()}`;
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
            <SceneLine scene={r} />
          ))}
        </ul>
      ) : null}
      {outcome.hasMore ? <p>More scenes match. Raise “Results” (up to 30) to see them.</p> : null}
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

function SceneLine({ scene }: { scene: SceneItem }) {
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
        {scene.selectionOnly ? <span class="tag">optional day trip</span> : null}
      </div>
    </li>
  );
}

function Listing({ listing, release }: { listing: SceneListing; release: LoadedRelease }) {
  const byId = new Map(listing.scenes.map((s) => [s.cardId, s]));
  const city = release.scenes.filter((s) => !s.selectionOnly && byId.has(s.cardId));
  const dayTrips = listing.scenes.filter((s) => s.selectionOnly);
  const filtered = listing.counts.returned !== listing.counts.total;
  return (
    <section class="listing">
      <h2>{filtered ? `${listing.counts.returned} of ${listing.counts.total} scenes` : `All ${listing.counts.total} scenes`}</h2>
      <p class="small">{listing.notice}</p>
      <p class="small">{listing.limits.coverage}</p>
      {city.length > 0 ? (
        <>
          <h2>
            In the city <span lang="zh-CN">市内</span>
          </h2>
          {cityGroups(city).map((group) => (
            <section class="area" aria-labelledby={`area-${group.key}`}>
              <h3 id={`area-${group.key}`}>
                {group.name.en} <span lang="zh-CN">{group.name.zh}</span>
              </h3>
              <ul class="results">
                {group.cardIds.map((id) => (
                  <SceneLine scene={byId.get(id)!} />
                ))}
              </ul>
            </section>
          ))}
          <p class="small">Areas group scenes by an approximate position for browsing; they are not district boundaries.</p>
        </>
      ) : null}
      {dayTrips.length > 0 ? (
        <section class="area" aria-labelledby="area-day-trips">
          <h2 id="area-day-trips">
            Day trips out of the city <span lang="zh-CN">周边一日游</span>
          </h2>
          <p class="small">Each takes a long journey that fills a whole day. A plan only includes one you choose.</p>
          <ul class="results">
            {dayTrips.map((s) => (
              <SceneLine scene={s} />
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
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
      </dl>
      <p class="small">These are editorial labels, not a promise about crowds on the day or an accessibility assessment.</p>
    </section>
  );
}
