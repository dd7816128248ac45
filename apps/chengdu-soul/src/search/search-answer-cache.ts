/**
 * The answers of recent searches of the current release. A search repeated exactly (the same
 * query text, limit and filters, after input validation) is answered with the very same
 * keepable answer object, so the MCP layer reuses the result it checked, rendered and
 * serialized for it (kit kept-answers.ts) instead of searching, checking and serializing again.
 *
 * Searches are deterministic over an immutable release, so a kept answer is the answer; nothing
 * changes an answer once made (the web pages and the MCP layer only read it). The cache holds
 * at most `limit` answers (the least recently asked leaves first) and is emptied whenever the
 * current release changes, so no answer outlives its release. A limit of 0 keeps none: every
 * search is made afresh (how the throughput benchmark measures the search itself).
 */
import { keepableAnswer } from '@agent-products/kit/mcp';
import type { SearchOutcome, SearchRequest } from './search-scenes.ts';
import type { LoadedRelease } from '../catalog/loaded-release.ts';
import { SEARCH_ANSWERS_KEPT } from '../config.ts';

export class SearchAnswerCache {
  private release: LoadedRelease | undefined;
  private readonly answers = new Map<string, SearchOutcome>();

  constructor(private readonly limit = SEARCH_ANSWERS_KEPT) {}

  answer(release: LoadedRelease, request: SearchRequest, search: (release: LoadedRelease, request: SearchRequest) => SearchOutcome): SearchOutcome {
    if (this.limit === 0) return search(release, request);
    if (release !== this.release) {
      this.answers.clear();
      this.release = release;
    }
    const key = JSON.stringify([request.query, request.limit, request.atmosphere ?? null, request.discovery ?? null]);
    const known = this.answers.get(key);
    if (known) {
      // Re-inserted, so the Map's order is the order of last use.
      this.answers.delete(key);
      this.answers.set(key, known);
      return known;
    }
    const answer = keepableAnswer(search(release, request));
    if (this.answers.size >= this.limit) this.answers.delete(this.answers.keys().next().value!);
    this.answers.set(key, answer);
    return answer;
  }

  get size(): number {
    return this.answers.size;
  }
}
