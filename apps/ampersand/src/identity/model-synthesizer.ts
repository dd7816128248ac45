/**
 * ask_question phrased by an OpenAI-compatible chat endpoint (`POST <AMPERSAND_MODEL_URL>/chat/completions`,
 * Bearer `AMPERSAND_MODEL_KEY`, model `AMPERSAND_MODEL`). The model sees only the facts retrieval
 * selected from what the caller may see, never anything else, and is told to use nothing else.
 * The audience ranking stays the deterministic one (its reasons cite real facts). When the
 * endpoint fails or answers nonsense, the deterministic answer is given instead: an answer from
 * visible facts is always possible, so a model outage is not the andee's problem.
 */
import type { Logger } from '@agent-products/kit/log';
import { DeterministicSynthesizer, personLabel, rank, retrieve, type AnswerSynthesizer, type Synthesis, type SynthesisInput } from './answer-synthesizer.ts';
import { tracedFetch } from '@agent-products/kit/observe';

export interface ModelSettings {
  url: string;
  model: string;
  key: string | undefined;
  timeoutMs?: number;
}

const SYSTEM = [
  'You answer questions about people using ONLY the facts listed in the user message.',
  'Say which person each point is about. If the facts do not answer the question, say so plainly.',
  'Never invent facts. Answer in at most five short sentences.',
].join(' ');

export class ModelSynthesizer implements AnswerSynthesizer {
  private readonly fallback = new DeterministicSynthesizer();

  constructor(
    private readonly settings: ModelSettings,
    private readonly log: Logger,
  ) {}

  async synthesize(input: SynthesisInput): Promise<Synthesis> {
    const retrieved = retrieve(input);
    const basedOnFacts = retrieved.reduce((n, r) => n + r.facts.length, 0);
    const ranking = input.mode === 'audience' ? rank(retrieved) : null;
    if (basedOnFacts === 0) return this.fallback.synthesize(input);
    const factsText = retrieved
      .filter((r) => r.facts.length > 0)
      .map((r) => `${personLabel(r.person)}:\n${r.facts.map((f) => `- ${f.text}`).join('\n')}`)
      .join('\n');
    try {
      const response = await tracedFetch(`${this.settings.url.replace(/\/+$/, '')}/chat/completions`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(this.settings.key ? { Authorization: `Bearer ${this.settings.key}` } : {}) },
        body: JSON.stringify({
          model: this.settings.model,
          temperature: 0,
          messages: [
            { role: 'system', content: SYSTEM },
            { role: 'user', content: `Facts:\n${factsText}\n\nQuestion: ${input.question}` },
          ],
        }),
        signal: AbortSignal.timeout(this.settings.timeoutMs ?? 15_000),
      });
      const body = (await response.json().catch(() => undefined)) as { choices?: Array<{ message?: { content?: unknown } }> } | undefined;
      const content = body?.choices?.[0]?.message?.content;
      if (!response.ok || typeof content !== 'string' || !content.trim()) throw new Error(`model endpoint answered ${response.status} without a message`);
      return { answer: content.trim().slice(0, 4000), basedOnFacts, ranking };
    } catch (error) {
      this.log.warn({ err: error }, 'model synthesis failed; answering deterministically');
      return this.fallback.synthesize(input);
    }
  }
}
