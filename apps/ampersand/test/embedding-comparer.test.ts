/**
 * The embeddings comparer against a local stand-in that speaks the OpenAI-compatible protocol:
 * what it sends, how it decides (cosine against the threshold, the most similar prior, opposite
 * sides never the same claim), and that every way the endpoint can fail leaves the decision to
 * the deterministic comparer, with a warning logged, never to an answer the endpoint did not give.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '@agent-products/kit/log';
import { openTestDatabase, type TestDatabase } from '@agent-products/kit/testing';
import { settingsFromEnv } from '../src/settings.ts';
import { ampersandMigrations } from '../src/store/migrations.ts';
import type { AmpersandDatabase } from '../src/store/schema.ts';
import { embeddingComparer } from '../src/suggestions/embedding-comparer.ts';
import { trigramComparer, type MeaningComparer, type Prior } from '../src/suggestions/meaning-comparer.ts';
import { startEmbeddingStandIn, type EmbeddingStandIn } from './support/embedding-stand-in.ts';

let database: TestDatabase<AmpersandDatabase>;
let standIn: EmbeddingStandIn;
let comparer: MeaningComparer;
const logged: Array<{ level: number; msg: string }> = [];

const prior = (id: string, text: string): Prior => ({ id, text, status: 'approved' });

beforeAll(async () => {
  database = await openTestDatabase<AmpersandDatabase>(ampersandMigrations, 'ampersand_embedding');
  standIn = await startEmbeddingStandIn();
  const log = createLogger({
    name: 'test',
    level: 'warn',
    destination: new Writable({
      write: (chunk, _enc, done) => {
        logged.push(JSON.parse(String(chunk)));
        done();
      },
    }),
  });
  comparer = embeddingComparer({ url: standIn.url, model: 'embed-test', key: 'sk-test', threshold: 0.9, timeoutMs: 300 }, trigramComparer(database.db), log);
});
afterAll(async () => {
  await standIn?.close();
  await database?.dispose();
});
beforeEach(() => {
  standIn.requests.length = 0;
  standIn.vectors.clear();
  logged.length = 0;
});

describe('the embeddings comparer', () => {
  it('embeds the candidate and its priors in one request with the model and the key', async () => {
    await comparer.duplicateOf('I like sushi', [prior('a', 'I enjoy sashimi'), prior('b', 'I play chess')]);
    expect(standIn.requests).toEqual([
      { body: { model: 'embed-test', input: ['I like sushi', 'I enjoy sashimi', 'I play chess'] }, authorization: 'Bearer sk-test' },
    ]);
  });

  it('answers the most similar prior at or above the threshold, and nothing below it', async () => {
    standIn.vectors.set('Loves raw fish', [1, 0, 0]);
    standIn.vectors.set('Enjoys sashimi', [0.95, 0.3122, 0]);
    standIn.vectors.set('Eats sushi weekly', [0.99, 0.141, 0]);
    standIn.vectors.set('Plays chess', [0, 0, 1]);
    const found = await comparer.duplicateOf('Loves raw fish', [
      prior('chess', 'Plays chess'),
      prior('sashimi', 'Enjoys sashimi'),
      prior('sushi', 'Eats sushi weekly'),
    ]);
    expect(found?.prior.id).toBe('sushi');
    expect(found?.score).toBeCloseTo(0.99, 2);
    expect(await comparer.duplicateOf('Loves raw fish', [prior('chess', 'Plays chess')])).toBeUndefined();
    standIn.vectors.set('Likes fish a bit', [0.85, 0.5268, 0]);
    expect(await comparer.duplicateOf('Loves raw fish', [prior('near', 'Likes fish a bit')])).toBeUndefined();
    expect(logged).toEqual([]);
  });

  it('never calls claims that take opposite sides the same claim, however close their vectors', async () => {
    standIn.vectors.set('I love olives', [1, 0]);
    standIn.vectors.set('I hate olives', [1, 0]);
    expect(await comparer.duplicateOf('I love olives', [prior('hate', 'I hate olives')])).toBeUndefined();
    expect(await comparer.similarity('I love olives', 'I hate olives')).toBe(0);
  });

  it('asks nothing when there is nothing to compare with', async () => {
    expect(await comparer.duplicateOf('I like tea', [])).toBeUndefined();
    expect(standIn.requests).toEqual([]);
  });

  for (const fault of [{ status: 500 }, { status: 401 }, 'one vector short', 'stall'] as const) {
    it(`leaves the decision to the deterministic comparer when the endpoint ${typeof fault === 'string' ? fault.replace('one vector short', 'answers one vector short').replace('stall', 'never answers') : `answers ${fault.status}`}`, async () => {
      // Vectors that would say "different": only the deterministic comparer calls these the same.
      standIn.vectors.set('I play the cello in an orchestra', [1, 0]);
      standIn.vectors.set('I play the cello in an orchestra.', [0, 1]);
      standIn.fault(fault);
      const found = await comparer.duplicateOf('I play the cello in an orchestra', [prior('same', 'I play the cello in an orchestra.')]);
      expect(found?.prior.id).toBe('same');
      expect(logged.map((l) => l.msg)).toEqual(['embedding comparison failed; the deterministic comparer decides']);
    });
  }
});

describe('its settings', () => {
  it('is configured by AMPERSAND_EMBEDDING_URL, MODEL, KEY and THRESHOLD, and refuses a threshold outside 0 to 1', () => {
    const base = { AMPERSAND_DATA_DIR: '/tmp/unused' };
    expect(settingsFromEnv(base).embeddingUrl).toBeUndefined();
    const set = settingsFromEnv({
      ...base,
      AMPERSAND_EMBEDDING_URL: 'http://127.0.0.1:9/v1/',
      AMPERSAND_EMBEDDING_MODEL: 'm',
      AMPERSAND_EMBEDDING_KEY: 'k',
      AMPERSAND_EMBEDDING_THRESHOLD: '0.8',
    });
    expect([set.embeddingUrl, set.embeddingModel, set.embeddingKey, set.embeddingThreshold]).toEqual(['http://127.0.0.1:9/v1', 'm', 'k', 0.8]);
    expect(() => settingsFromEnv({ ...base, AMPERSAND_EMBEDDING_THRESHOLD: '1.5' })).toThrow(/AMPERSAND_EMBEDDING_THRESHOLD must be a number from 0 to 1/);
  });
});
