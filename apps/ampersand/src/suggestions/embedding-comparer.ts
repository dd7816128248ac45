/**
 * The meaning comparer over an OpenAI-compatible embeddings endpoint
 * (`POST <AMPERSAND_EMBEDDING_URL>/embeddings`, Bearer `AMPERSAND_EMBEDDING_KEY`, model
 * `AMPERSAND_EMBEDDING_MODEL`): the candidate and its priors are embedded in one request and
 * compared by cosine similarity against one threshold. Claims that take opposite sides ("loves"
 * against "dislikes") never match, as in the default comparer, because embeddings place them
 * close together. When the endpoint fails or answers something unusable, the deterministic
 * comparer decides instead and a warning is logged: a suggestion is never drafted or dropped on
 * the strength of an answer the endpoint did not give.
 */
import type { Logger } from '@agent-products/kit/log';
import { canonicalClaim, polarity } from './canonical-claim.ts';
import type { MeaningComparer, Prior } from './meaning-comparer.ts';
import { tracedFetch } from '@agent-products/kit/observe';

export interface EmbeddingSettings {
  url: string;
  model: string;
  key: string | undefined;
  /** Cosine similarity at or above which two claims are the same claim. */
  threshold: number;
  timeoutMs?: number;
}

export function embeddingComparer(settings: EmbeddingSettings, fallback: MeaningComparer, log: Logger): MeaningComparer {
  const endpoint = `${settings.url.replace(/\/+$/, '')}/embeddings`;

  async function embed(texts: string[]): Promise<number[][]> {
    const response = await tracedFetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(settings.key ? { Authorization: `Bearer ${settings.key}` } : {}) },
      body: JSON.stringify({ model: settings.model, input: texts }),
      signal: AbortSignal.timeout(settings.timeoutMs ?? 10_000),
    });
    const body = (await response.json().catch(() => undefined)) as { data?: Array<{ index?: unknown; embedding?: unknown }> } | undefined;
    if (!response.ok) throw new Error(`embedding endpoint answered ${response.status}`);
    const vectors = new Array<number[] | undefined>(texts.length);
    for (const [position, item] of (body?.data ?? []).entries()) {
      const index = typeof item.index === 'number' ? item.index : position;
      if (Array.isArray(item.embedding) && item.embedding.every((x) => typeof x === 'number' && Number.isFinite(x)))
        vectors[index] = item.embedding as number[];
    }
    const dimension = vectors[0]?.length ?? 0;
    if (dimension === 0 || !vectors.every((v) => v?.length === dimension))
      throw new Error(`embedding endpoint did not answer ${texts.length} vectors of one dimension`);
    return vectors as number[][];
  }

  async function scores(candidate: string, others: readonly string[]): Promise<number[] | undefined> {
    if (others.length === 0) return [];
    try {
      const [mine, ...theirs] = await embed([candidate, ...others]);
      const side = polarity(canonicalClaim(candidate));
      return theirs.map((vector, i) => {
        const other = polarity(canonicalClaim(others[i]!));
        return side && other && side !== other ? 0 : Math.max(0, cosine(mine!, vector));
      });
    } catch (error) {
      log.warn({ err: error }, 'embedding comparison failed; the deterministic comparer decides');
      return undefined;
    }
  }

  return {
    async duplicateOf(candidate: string, priors: readonly Prior[]) {
      const all = await scores(
        candidate,
        priors.map((p) => p.text),
      );
      if (!all) return fallback.duplicateOf(candidate, priors);
      let best = -1;
      all.forEach((s, i) => {
        if (s >= settings.threshold && (best < 0 || s > all[best]!)) best = i;
      });
      return best < 0 ? undefined : { prior: priors[best]!, score: all[best]! };
    },
    async similarity(a: string, b: string) {
      return (await scores(a, [b]))?.[0] ?? fallback.similarity(a, b);
    },
  };
}

function cosine(a: number[], b: number[]): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    normA += a[i]! * a[i]!;
    normB += b[i]! * b[i]!;
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}
