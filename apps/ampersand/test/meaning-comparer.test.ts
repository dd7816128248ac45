/**
 * The deterministic meaning comparer (canonical words + pg_trgm on the real database) over the
 * labelled paraphrase set: precision and recall of "duplicate", reported and held to a floor, and
 * the broad-topic and noise verdicts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '@agent-products/kit/testing';
import { ampersandMigrations } from '../src/store/migrations.ts';
import type { AmpersandDatabase } from '../src/store/schema.ts';
import { claimVerdict } from '../src/suggestions/canonical-claim.ts';
import { DUPLICATE_THRESHOLD, trigramComparer } from '../src/suggestions/meaning-comparer.ts';
import { PARAPHRASE_PAIRS } from './support/paraphrase-pairs.ts';

let database: TestDatabase<AmpersandDatabase>;
beforeAll(async () => {
  database = await openTestDatabase<AmpersandDatabase>(ampersandMigrations, 'ampersand_meaning');
});
afterAll(async () => {
  await database?.dispose();
});

describe('the labelled paraphrase set', () => {
  it('has at least 60 pairs of both kinds', () => {
    expect(PARAPHRASE_PAIRS.length).toBeGreaterThanOrEqual(60);
    expect(PARAPHRASE_PAIRS.filter((p) => p.duplicate).length).toBeGreaterThanOrEqual(25);
    expect(PARAPHRASE_PAIRS.filter((p) => !p.duplicate).length).toBeGreaterThanOrEqual(25);
  });

  it('the comparer finds duplicates with precision and recall above their floors', async () => {
    const comparer = trigramComparer(database.db);
    let tp = 0;
    let fp = 0;
    let fn = 0;
    const misses: string[] = [];
    for (const pair of PARAPHRASE_PAIRS) {
      const score = await comparer.similarity(pair.a, pair.b);
      const said = score >= DUPLICATE_THRESHOLD;
      if (said && pair.duplicate) tp++;
      else if (said) {
        fp++;
        misses.push(`false duplicate ${score.toFixed(2)}: ${pair.a} | ${pair.b}`);
      } else if (pair.duplicate) {
        fn++;
        misses.push(`missed ${score.toFixed(2)}: ${pair.a} | ${pair.b}`);
      }
    }
    const precision = tp / (tp + fp);
    const recall = tp / (tp + fn);
    console.log(`meaning comparer on ${PARAPHRASE_PAIRS.length} pairs: precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)}\n${misses.join('\n')}`);
    expect(precision).toBeGreaterThanOrEqual(0.9);
    expect(recall).toBeGreaterThanOrEqual(0.75);
  });
});

describe('claims without distinguishing detail', () => {
  it('calls broad topics and noise by name', () => {
    expect(claimVerdict('I like music.')).toEqual({ ok: false, reason: 'broad_topic' });
    expect(claimVerdict('I love food and travel.')).toEqual({ ok: false, reason: 'broad_topic' });
    expect(claimVerdict('asdf!!!! ????')).toEqual({ ok: false, reason: 'noise' });
    expect(claimVerdict('aaaaaaaaaaaaa')).toEqual({ ok: false, reason: 'noise' });
    expect(claimVerdict('I play the cello in a community orchestra.')).toEqual({ ok: true });
  });
});
