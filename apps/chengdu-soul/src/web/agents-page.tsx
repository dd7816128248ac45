/**
 * `/agents`: the human-readable search display over the same search service the tool uses.
 * Without a query it lists the whole catalog; with one it shows the results or, for the three
 * empty statuses, which words caused them.
 */
import type { SceneListing } from '../catalog/catalog-queries.ts';
import type { SearchOutcome } from '../search/search-scenes.ts';
import { ATMOSPHERES, DISCOVERIES } from '../catalog/vocabulary.ts';
import { ChengduPage } from './layout.tsx';

export interface SearchFormValues {
  q: string;
  atmosphere: string;
  discovery: string;
  limit: string;
}

const STATUS_TITLE: Record<SearchOutcome['status'], string> = {
  ok: 'Results',
  needs_clarification: 'Some words were not understood',
  unsupported_request: 'This asks for something we cannot verify',
  no_match: 'No scene matches all of these together',
};

export function AgentsPage(props: { form: SearchFormValues; outcome?: SearchOutcome; listing?: SceneListing; inputProblem?: string }) {
  return (
    <ChengduPage
      title="Scenes for agents and travelers"
      description="Search reviewed overviews of real Chengdu scenes by English or Chinese keyword."
    >
      <h1>Chengdu scenes 成都场景</h1>
      <p>
        Keyword search over reviewed overviews, in English or Chinese (for example <code>熊猫</code>, <code>quiet park</code>,{' '}
        <code>industrial architecture</code>). Every recognized word and filter must match. This is the same search agents call
        through <code>search_chengdu_scenes</code>.
      </p>
      <SearchForm form={props.form} />
      {props.inputProblem ? (
        <p class="explain" role="alert">
          {props.inputProblem}
        </p>
      ) : null}
      {props.outcome ? <Outcome outcome={props.outcome} /> : null}
      {props.listing ? <Listing listing={props.listing} /> : null}
    </ChengduPage>
  );
}

function SearchForm({ form }: { form: SearchFormValues }) {
  return (
    <form class="search-form" method="get" action="/agents" role="search">
      <label for="q">Search words</label>
      <input type="search" id="q" name="q" value={form.q} maxlength={200} placeholder="e.g. teahouse, 熊猫, quiet park" />
      <div class="row">
        <label>
          Atmosphere{' '}
          <select name="atmosphere">
            <option value="">any</option>
            {ATMOSPHERES.map((a) => (
              <option value={a} selected={form.atmosphere === a}>
                {a}
              </option>
            ))}
          </select>
        </label>
        <label>
          Discovery{' '}
          <select name="discovery">
            <option value="">any</option>
            {DISCOVERIES.map((d) => (
              <option value={d} selected={form.discovery === d}>
                {d}
              </option>
            ))}
          </select>
        </label>
        <label>
          Show{' '}
          <input type="number" name="limit" class="limit" min={1} max={30} value={form.limit} />
        </label>
        <button type="submit">Search</button>
      </div>
    </form>
  );
}

function Outcome({ outcome }: { outcome: SearchOutcome }) {
  return (
    <section aria-live="polite" data-status={outcome.status}>
      <h2>{STATUS_TITLE[outcome.status]}</h2>
      <p class={outcome.status === 'ok' ? '' : 'explain'}>{outcome.explanation}</p>
      {outcome.unrecognizedTerms.length > 0 ? <TermList label="Not recognized" terms={outcome.unrecognizedTerms} /> : null}
      {outcome.unsupportedTerms.length > 0 ? (
        <TermList label="Cannot verify" terms={outcome.unsupportedTerms.map((u) => `${u.term} (${u.constraint.replace(/_/g, ' ')})`)} />
      ) : null}
      {outcome.conflictingTerms.length > 0 ? <TermList label="Conflicting" terms={outcome.conflictingTerms} /> : null}
      {outcome.results.length > 0 ? (
        <ul class="results">
          {outcome.results.map((r) => (
            <li>
              <a href={r.detailPath}>
                <strong>{r.name.en}</strong> <span class="zh" lang="zh-CN">{r.name.zh}</span>
              </a>
              <div>{r.summary}</div>
              <div>
                <span class="tag">{r.atmosphere}</span>
                <span class="tag">{r.discovery}</span>
                {r.selectionOnly ? <span class="tag">optional day trip</span> : null}
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {outcome.hasMore ? <p>More scenes match. Raise “Show” (up to 30) to see them.</p> : null}
      <p class="terms">
        Catalog version <code>{outcome.catalogVersion}</code>
      </p>
    </section>
  );
}

function TermList({ label, terms }: { label: string; terms: string[] }) {
  return (
    <p class="terms">
      {label}:{' '}
      {terms.map((t) => (
        <>
          <code>{t}</code>{' '}
        </>
      ))}
    </p>
  );
}

function Listing({ listing }: { listing: SceneListing }) {
  return (
    <section>
      <h2>
        {listing.counts.returned === listing.counts.total
          ? `All ${listing.counts.total} scenes`
          : `${listing.counts.returned} of ${listing.counts.total} scenes`}{' '}
        (catalog {listing.catalogVersion})
      </h2>
      <p class="notice">{listing.notice}</p>
      <ul class="results">
        {listing.scenes.map((s) => (
          <li>
            <a href={s.detailPath}>
              <strong>{s.name.en}</strong> <span class="zh" lang="zh-CN">{s.name.zh}</span>
            </a>
            <div>{s.summary}</div>
            <div>
              <span class="tag">{s.atmosphere}</span>
              <span class="tag">{s.discovery}</span>
              {s.selectionOnly ? <span class="tag">optional day trip</span> : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
