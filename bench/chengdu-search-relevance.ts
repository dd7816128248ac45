/**
 * `npm run bench search-relevance`: our search and a BM25 baseline over the same scene texts,
 * scored in the same run on the labelled set in bench/data. Targets: status accuracy 100 %,
 * nDCG@3 ≥ 0.90 and at least 0.15 above the baseline.
 */
import { readFileSync } from 'node:fs';
import { loadRelease, newestBundledRelease, readReleaseFolder, searchScenes } from '@agent-products/chengdu-soul/composition';
import { bm25Baseline } from './lib/bm25-baseline.ts';
import { evaluate, type GradedQuery, type RelevanceFigures } from './lib/relevance-metrics.ts';

const LIMIT = 10;

export async function benchSearchRelevance(): Promise<string[]> {
  const set = JSON.parse(readFileSync(new URL('./data/chengdu-search-relevance.json', import.meta.url), 'utf8')) as {
    catalogVersion: string;
    queries: GradedQuery[];
  };
  const document = readReleaseFolder(newestBundledRelease());
  if (document.manifest.catalogVersion !== set.catalogVersion) {
    return [`relevance set graded for ${set.catalogVersion}, newest release is ${document.manifest.catalogVersion}: re-grade it`];
  }
  const release = loadRelease(document, new Date());
  const ours = evaluate(set.queries, (q) => {
    const outcome = searchScenes(release, { query: q.query, limit: LIMIT, ...q.filters });
    return { status: outcome.status, cardIds: outcome.results.map((r) => r.cardId) };
  });
  const baseline = evaluate(set.queries, bm25Baseline(document, LIMIT));

  console.log(`\nChengdu Soul search relevance (${set.queries.length} queries, ${ours.figures.rankedQueries} ranked; catalog ${set.catalogVersion})`);
  console.log(row('', ['status acc', 'top-1', 'MRR', 'nDCG@3']));
  console.log(row('search_chengdu_scenes', figures(ours.figures)));
  console.log(row('BM25 baseline (MiniSearch)', figures(baseline.figures)));
  const lead = ours.figures.ndcg3 - baseline.figures.ndcg3;
  console.log(`nDCG@3 lead over the baseline: ${lead.toFixed(3)} (target ≥ 0.150); our nDCG@3 target ≥ 0.900; status accuracy target 100 %`);
  if (process.env.BENCH_VERBOSE) for (const miss of ours.misses) console.log(`  ours: ${miss}`);
  return [
    ...(ours.figures.statusAccuracy < 1
      ? [`status accuracy ${(ours.figures.statusAccuracy * 100).toFixed(1)} % (${ours.misses.filter((m) => m.includes('status')).join('; ')})`]
      : []),
    ...(ours.figures.ndcg3 < 0.9 ? [`nDCG@3 ${ours.figures.ndcg3.toFixed(3)} below 0.900`] : []),
    ...(lead < 0.15 ? [`nDCG@3 lead ${lead.toFixed(3)} below 0.150`] : []),
  ];
}

function figures(f: RelevanceFigures): string[] {
  return [`${(f.statusAccuracy * 100).toFixed(1)} %`, f.top1.toFixed(3), f.mrr.toFixed(3), f.ndcg3.toFixed(3)];
}

function row(label: string, cells: string[]): string {
  return `${label.padEnd(28)}${cells.map((c) => c.padStart(11)).join('')}`;
}
