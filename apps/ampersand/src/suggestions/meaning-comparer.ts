/**
 * Whether a drafted claim means what an earlier one says, behind one interface so an embedding
 * endpoint can replace the default. The default is deterministic: both claims reduced to their
 * canonical words (canonical-claim.ts), then compared by PostgreSQL's pg_trgm trigram similarity
 * and by the overlap of their word sets (claims taking opposite sides never match); the higher of the two against one threshold, chosen on
 * the labelled paraphrase set in the tests.
 */
import { sql, type Kysely } from 'kysely';
import type { AmpersandDatabase } from '../store/schema.ts';
import { canonicalClaim, polarity } from './canonical-claim.ts';

export interface Prior {
  id: string;
  text: string;
  status: string;
}

export interface MeaningComparer {
  /** The prior the candidate duplicates (the most similar one), or undefined. */
  duplicateOf(candidate: string, priors: readonly Prior[]): Promise<{ prior: Prior; score: number } | undefined>;
  /** The similarity of two claims in [0, 1] (for measuring the comparer). */
  similarity(a: string, b: string): Promise<number>;
}

export const DUPLICATE_THRESHOLD = 0.6;

export function trigramComparer(db: Kysely<AmpersandDatabase>, threshold = DUPLICATE_THRESHOLD): MeaningComparer {
  async function scores(candidate: string, others: readonly string[]): Promise<number[]> {
    if (others.length === 0) return [];
    const canon = canonicalClaim(candidate);
    const canonOthers = others.map(canonicalClaim);
    const rows = await sql<{ i: number; s: number }>`
      select ord::int - 1 as i, public.similarity(${canon}, other) as s
      from unnest(${canonOthers}::text[]) with ordinality as t(other, ord)`.execute(db);
    const trigram = new Array<number>(others.length).fill(0);
    for (const row of rows.rows) trigram[row.i] = Number(row.s);
    const mine = new Set(canon.split(' ').filter(Boolean));
    return canonOthers.map((other, i) => {
      const [a, b] = [polarity(canon), polarity(other)];
      if (a && b && a !== b) return 0;
      const theirs = new Set(other.split(' ').filter(Boolean));
      const shared = [...mine].filter((w) => theirs.has(w)).length;
      const overlap = shared / Math.max(1, new Set([...mine, ...theirs]).size);
      return Math.max(trigram[i]!, overlap);
    });
  }
  return {
    async duplicateOf(candidate, priors) {
      const all = await scores(
        candidate,
        priors.map((p) => p.text),
      );
      let best = -1;
      all.forEach((s, i) => {
        if (s >= threshold && (best < 0 || s > all[best]!)) best = i;
      });
      return best < 0 ? undefined : { prior: priors[best]!, score: all[best]! };
    },
    async similarity(a, b) {
      return (await scores(a, [b]))[0]!;
    },
  };
}
