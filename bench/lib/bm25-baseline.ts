/**
 * The comparison for search relevance: a plain BM25-family index (MiniSearch, BM25+ scoring) over
 * the same reviewed scene texts our search reads (names, aliases, summary, overview), with no
 * lexicon. Latin words are lower-cased; Chinese, which has no spaces, is indexed as character
 * bigrams (and single characters for one-character runs), the usual choice without a dictionary.
 * Filters are applied to its hits as ours are; it answers `ok` whenever anything scores.
 */
import MiniSearch from 'minisearch';
import type { ReleaseDocument } from '@agent-products/chengdu-soul/composition';
import type { GradedQuery, RankedAnswer } from './relevance-metrics.ts';

export function tokenizeForBaseline(text: string): string[] {
  const tokens: string[] = [];
  for (const match of text
    .normalize('NFKC')
    .toLowerCase()
    .matchAll(/(\p{Script=Han}+)|([\p{L}\p{N}]+)/gu)) {
    if (match[2]) tokens.push(match[2]);
    else if (match[1]) {
      const chars = [...match[1]];
      if (chars.length === 1) tokens.push(chars[0]!);
      for (let i = 0; i + 1 < chars.length; i++) tokens.push(chars[i]! + chars[i + 1]!);
    }
  }
  return tokens;
}

export function bm25Baseline(release: ReleaseDocument, limit: number): (q: GradedQuery) => RankedAnswer {
  const index = new MiniSearch<{ id: string; name: string; summary: string; overview: string }>({
    fields: ['name', 'summary', 'overview'],
    tokenize: tokenizeForBaseline,
    processTerm: (term) => term,
  });
  index.addAll(
    release.scenes.map((s) => ({
      id: s.cardId,
      name: [s.name.en, s.name.zh, ...(s.aliases?.en ?? []), ...(s.aliases?.zh ?? [])].join(' | '),
      summary: s.summary,
      overview: s.overview,
    })),
  );
  const byId = new Map(release.scenes.map((s) => [s.cardId, s]));
  return (q) => {
    const hits = index
      .search(q.query, { combineWith: 'OR' })
      .map((hit) => byId.get(String(hit.id))!)
      .filter((s) => (!q.filters?.atmosphere || s.atmosphere === q.filters.atmosphere) && (!q.filters?.discovery || s.discovery === q.filters.discovery));
    return { status: hits.length > 0 ? 'ok' : 'no_match', cardIds: hits.slice(0, limit).map((s) => s.cardId) };
  };
}
