/**
 * Ranking metrics over a graded relevance set: status accuracy, top-1, MRR and nDCG@3. Grades are
 * 3/2/1 (0 when unlisted); gain is 2^grade − 1. "Top-1" and MRR look for a scene of the query's
 * highest grade, so an answer that is merely related does not count as the answer.
 */

export interface GradedQuery {
  query: string;
  filters?: { atmosphere?: 'quiet' | 'mixed' | 'lively'; discovery?: 'local' | 'blend' | 'iconic' };
  status: 'ok' | 'needs_clarification' | 'unsupported_request' | 'no_match';
  grades?: Record<string, number>;
  /** The scene that must come first: a name or alias query whose answer is not a matter of degree. */
  first?: string;
}

export interface RankedAnswer {
  status: string;
  cardIds: string[];
}

export interface RelevanceFigures {
  queries: number;
  statusAccuracy: number;
  rankedQueries: number;
  top1: number;
  mrr: number;
  ndcg3: number;
}

export function evaluate(set: readonly GradedQuery[], answer: (q: GradedQuery) => RankedAnswer): { figures: RelevanceFigures; misses: string[] } {
  let statusHits = 0;
  let top1 = 0;
  let mrr = 0;
  let ndcg = 0;
  let ranked = 0;
  const misses: string[] = [];
  for (const q of set) {
    const got = answer(q);
    if (got.status === q.status) statusHits++;
    else misses.push(`${q.query}: status ${got.status}, expected ${q.status}`);
    if (q.status !== 'ok' || !q.grades) continue;
    ranked++;
    const grades = q.grades;
    const best = Math.max(...Object.values(grades));
    const rank = got.cardIds.findIndex((id) => (grades[id] ?? 0) === best);
    if (rank === 0) top1++;
    if (rank >= 0) mrr += 1 / (rank + 1);
    const score = ndcgAt(3, got.cardIds, grades);
    ndcg += score;
    if (score < 1) misses.push(`${q.query}: nDCG@3 ${score.toFixed(2)} — got ${got.cardIds.slice(0, 3).join(', ') || '(nothing)'}`);
  }
  return {
    figures: {
      queries: set.length,
      statusAccuracy: statusHits / set.length,
      rankedQueries: ranked,
      top1: top1 / ranked,
      mrr: mrr / ranked,
      ndcg3: ndcg / ranked,
    },
    misses,
  };
}

function ndcgAt(k: number, cardIds: readonly string[], grades: Record<string, number>): number {
  const gain = (grade: number) => 2 ** grade - 1;
  const dcg = cardIds.slice(0, k).reduce((sum, id, i) => sum + gain(grades[id] ?? 0) / Math.log2(i + 2), 0);
  const ideal = Object.values(grades)
    .sort((a, b) => b - a)
    .slice(0, k)
    .reduce((sum, grade, i) => sum + gain(grade) / Math.log2(i + 2), 0);
  return ideal === 0 ? 0 : dcg / ideal;
}
