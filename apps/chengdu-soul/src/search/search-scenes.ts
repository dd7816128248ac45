/**
 * Bounded keyword search over one release. Every recognized term and every filter must match;
 * the answer is one of four statuses, and the three empty ones name the words that caused them:
 *
 * - `ok`: scenes matching every term and filter.
 * - `unsupported_request`: the query asks for something this service cannot verify (opening
 *   hours, tickets, crowds...). We never drop such a constraint to produce a match.
 * - `needs_clarification`: words the lexicon does not know, or nothing searchable at all.
 * - `no_match`: every word is understood but no scene satisfies them together.
 *
 * Matches are ordered by a field-weighted relevance score (see term-scoring.ts); only when two
 * scores are equal do city scenes come before selectionOnly outings, then iconic before others,
 * then card ID. Each hit says in `why` which terms matched in which fields.
 */
import type { Atmosphere, Discovery } from '../catalog/vocabulary.ts';
import type { LoadedRelease } from '../catalog/loaded-release.ts';
import type { Scene } from '../catalog/release-schema.ts';
import { detailPathFor } from '../catalog/vocabulary.ts';
import { termMatchers, type TermMatcher } from './term-scoring.ts';
import { tokenizeQuery, type QueryToken } from './tokenize.ts';

export type SearchStatus = 'ok' | 'needs_clarification' | 'unsupported_request' | 'no_match';

export interface SearchRequest {
  query: string;
  limit: number;
  atmosphere?: Atmosphere | undefined;
  discovery?: Discovery | undefined;
}

export interface SearchHit {
  cardId: string;
  name: { en: string; zh: string };
  summary: string;
  atmosphere: Atmosphere;
  discovery: Discovery;
  selectionOnly: boolean;
  matchedTerms: string[];
  /** Which terms matched in which fields, in ranking order of importance: the reason for the order. */
  why: string;
  detailPath: string;
  catalogVersion: string;
}

export interface InterpretedTerm {
  term: string;
  meaning: string;
  /** Present when spelling tolerance read a typed word as another: "monastary → monastery". */
  correctedFrom?: string;
}

export interface SearchOutcome {
  status: SearchStatus;
  catalogVersion: string;
  query: string;
  results: SearchHit[];
  totalMatches: number;
  hasMore: boolean;
  interpretedTerms: InterpretedTerm[];
  unrecognizedTerms: string[];
  unsupportedTerms: Array<{ term: string; constraint: string }>;
  conflictingTerms: string[];
  appliedFilters: { atmosphere?: Atmosphere; discovery?: Discovery };
  explanation: string;
}

/** One requirement a scene must satisfy, with the words that produced it. */
interface Requirement {
  label: string;
  test: (scene: Scene) => boolean;
}

export function searchScenes(release: LoadedRelease, request: SearchRequest): SearchOutcome {
  const tokens = tokenizeQuery(request.query, release.lexicon, release.text);
  const interpretedTerms = tokens.filter((t) => t.meaning).map(describe);
  const empty = (status: SearchStatus, explanation: string, extra: Partial<SearchOutcome> = {}): SearchOutcome =>
    outcome(release.catalogVersion, request.query, interpretedTerms, { status, explanation, ...extra });

  const unsupported = tokens.flatMap((t) => (t.meaning?.kind === 'unsupported' ? [{ term: t.term, constraint: t.meaning.constraint }] : []));
  const unrecognized = tokens.filter((t) => t.meaning === null).map((t) => t.term);
  if (unsupported.length > 0) {
    const constraints = [...new Set(unsupported.map((u) => u.constraint.replace(/_/g, ' ')))];
    return empty(
      'unsupported_request',
      `This catalog cannot verify ${constraints.join(', ')} (asked by ${quoteList(unsupported.map((u) => u.term))}). ` +
        'It holds reviewed overviews only; ask the traveler whether to search without that requirement rather than dropping it silently.',
      { unsupportedTerms: unsupported, unrecognizedTerms: unrecognized },
    );
  }
  if (unrecognized.length > 0) {
    return empty(
      'needs_clarification',
      `Not recognized: ${quoteList(unrecognized)}. Search understands scene names and a reviewed list of English and Chinese keywords; ask the traveler to rephrase those words.`,
      { unrecognizedTerms: unrecognized },
    );
  }

  const atmosphereWords = collect(tokens, 'atmosphere');
  const discoveryWords = collect(tokens, 'discovery');
  const conflicts = [...filterConflicts('atmosphere', atmosphereWords, request.atmosphere), ...filterConflicts('discovery', discoveryWords, request.discovery)];
  if (conflicts.length > 0) {
    return empty('no_match', `These ask for different values of the same label, so no scene can match: ${quoteList(conflicts)}.`, {
      conflictingTerms: conflicts,
    });
  }
  const atmosphere = request.atmosphere ?? atmosphereWords[0]?.value;
  const discovery = request.discovery ?? discoveryWords[0]?.value;
  const appliedFilters = { ...(atmosphere ? { atmosphere } : {}), ...(discovery ? { discovery } : {}) };

  const matchers = termMatchers(tokens, release);
  const searchable = tokens.some((t) => t.meaning && t.meaning.kind !== 'stopword');
  if (!searchable && !request.atmosphere && !request.discovery) {
    return empty(
      'needs_clarification',
      `The query has no searchable words${tokens.length ? ` (${quoteList(tokens.map((t) => t.term))} ${tokens.length === 1 ? 'is' : 'are'} too general)` : ''}. Ask the traveler for a scene name or a keyword such as a park, temple or teahouse.`,
    );
  }

  const ranked = rankMatches(release, matchers, atmosphere, discovery);
  if (ranked.length === 0) {
    const culprits = findConflict(release.scenes, buildRequirements(tokens, matchers, atmosphere, discovery, request));
    const explanation =
      culprits.length === 1
        ? `Every word was understood, but no scene in this catalog matches ${quoteList(culprits)}. Ask the traveler for another keyword.`
        : `Every word was understood, but no scene matches ${quoteList(culprits)} together. Ask the traveler which matters more.`;
    return empty('no_match', explanation, {
      conflictingTerms: culprits,
      appliedFilters,
    });
  }

  const matchedTerms = tokens.filter((t) => t.meaning && t.meaning.kind !== 'stopword').map((t) => t.term);
  const shown = Math.min(request.limit, ranked.length);
  const results: SearchHit[] = [];
  for (let i = 0; i < shown; i++) {
    const scene = ranked[i]!.scene;
    results.push(toHit(scene, release.catalogVersion, matchedTerms, explainScore(scene, matchers, atmosphere, discovery)));
  }
  const hasMore = ranked.length > request.limit;
  return outcome(release.catalogVersion, request.query, interpretedTerms, {
    status: 'ok',
    results,
    totalMatches: ranked.length,
    hasMore,
    appliedFilters,
    explanation:
      spellingNote(tokens) +
      (hasMore
        ? `${ranked.length} scenes match; showing ${results.length}. Raise limit (up to 30) to see more.`
        : `${ranked.length} scene${ranked.length === 1 ? '' : 's'} match${ranked.length === 1 ? 'es' : ''}.`) +
      ' Best match first.',
  });
}

/**
 * The answer, every field named in order. Written out rather than spread over a shared base:
 * on Node 20 each property added after a spread in an object literal costs about a microsecond
 * (measured), and this is built on every search.
 */
function outcome(
  catalogVersion: string,
  query: string,
  interpretedTerms: InterpretedTerm[],
  parts: Partial<SearchOutcome> & Pick<SearchOutcome, 'status' | 'explanation'>,
): SearchOutcome {
  return {
    catalogVersion,
    query,
    interpretedTerms,
    status: parts.status,
    results: parts.results ?? [],
    totalMatches: parts.totalMatches ?? 0,
    hasMore: parts.hasMore ?? false,
    unrecognizedTerms: parts.unrecognizedTerms ?? [],
    unsupportedTerms: parts.unsupportedTerms ?? [],
    conflictingTerms: parts.conflictingTerms ?? [],
    appliedFilters: parts.appliedFilters ?? {},
    explanation: parts.explanation,
  };
}

/** The requirements one by one, to name the one (or the pair) no scene meets when nothing matches. */
function buildRequirements(
  tokens: QueryToken[],
  matchers: TermMatcher[],
  atmosphere: Atmosphere | undefined,
  discovery: Discovery | undefined,
  request: SearchRequest,
): Requirement[] {
  const requirements: Requirement[] = matchers.map((m) => ({ label: m.label, test: (s) => m.posting.has(s.cardId) }));
  if (atmosphere) {
    const label = request.atmosphere ? `atmosphere=${atmosphere}` : termFor(tokens, 'atmosphere');
    requirements.push({ label, test: (s) => s.atmosphere === atmosphere });
  }
  if (discovery) {
    const label = request.discovery ? `discovery=${discovery}` : termFor(tokens, 'discovery');
    requirements.push({ label, test: (s) => s.discovery === discovery });
  }
  return requirements;
}

/** The smallest explanation: a requirement nothing meets, else the first pair that excludes each other. */
function findConflict(scenes: readonly Scene[], requirements: Requirement[]): string[] {
  for (const r of requirements) if (!scenes.some(r.test)) return [r.label];
  for (let i = 0; i < requirements.length; i++) {
    for (let j = i + 1; j < requirements.length; j++) {
      const a = requirements[i]!;
      const b = requirements[j]!;
      if (!scenes.some((s) => a.test(s) && b.test(s))) return [a.label, b.label];
    }
  }
  return requirements.map((r) => r.label);
}

function collect<K extends 'atmosphere' | 'discovery'>(tokens: QueryToken[], kind: K) {
  const words: Array<{ term: string; value: K extends 'atmosphere' ? Atmosphere : Discovery }> = [];
  for (const t of tokens) if (t.meaning?.kind === kind) words.push({ term: t.term, value: t.meaning.value as K extends 'atmosphere' ? Atmosphere : Discovery });
  return words;
}

function filterConflicts(label: string, words: Array<{ term: string; value: string }>, filter: string | undefined): string[] {
  const values = new Set(words.map((w) => w.value));
  if (filter) values.add(filter);
  if (values.size <= 1) return [];
  return [...words.map((w) => w.term), ...(filter ? [`${label}=${filter}`] : [])];
}

function termFor(tokens: QueryToken[], kind: string): string {
  return tokens.find((t) => t.meaning?.kind === kind)?.term ?? kind;
}

interface ScoredScene {
  scene: Scene;
  score: number;
}

/**
 * The scenes meeting every term and filter, scored and best first. Only the scenes of the
 * smallest posting can meet every term, so only those are looked at; without terms (filters
 * alone) every scene is.
 */
function rankMatches(release: LoadedRelease, matchers: TermMatcher[], atmosphere: Atmosphere | undefined, discovery: Discovery | undefined): ScoredScene[] {
  const ranked: ScoredScene[] = [];
  const consider = (scene: Scene) => {
    if ((atmosphere && scene.atmosphere !== atmosphere) || (discovery && scene.discovery !== discovery)) return;
    let score = 0;
    for (const matcher of matchers) {
      const evidence = matcher.posting.get(scene.cardId);
      if (!evidence) return;
      score += evidence.points;
    }
    // Rounded so that equal evidence compares equal whatever order the floats were added in.
    ranked.push({ scene, score: Math.round(score * 1e6) / 1e6 });
  };
  if (matchers.length === 0) {
    for (const scene of release.scenes) consider(scene);
  } else {
    let smallest = matchers[0]!.posting;
    for (const matcher of matchers) if (matcher.posting.size < smallest.size) smallest = matcher.posting;
    for (const cardId of smallest.keys()) consider(release.sceneById.get(cardId)!);
  }
  return ranked.sort(byRelevance);
}

/** The `why` of a returned hit (built only for the hits returned). */
function explainScore(scene: Scene, matchers: TermMatcher[], atmosphere: Atmosphere | undefined, discovery: Discovery | undefined): string {
  let why = '';
  for (const matcher of matchers) why += `${why ? '; ' : ''}${matcher.posting.get(scene.cardId)!.reason}`;
  if (atmosphere) why += `${why ? '; ' : ''}atmosphere ${atmosphere}`;
  if (discovery) why += `${why ? '; ' : ''}discovery ${discovery}`;
  return why;
}

/** Score first; ties: city scenes before optional outings, iconic before others, then card ID. */
function byRelevance(a: ScoredScene, b: ScoredScene): number {
  return (
    b.score - a.score ||
    Number(a.scene.selectionOnly) - Number(b.scene.selectionOnly) ||
    Number(b.scene.discovery === 'iconic') - Number(a.scene.discovery === 'iconic') ||
    (a.scene.cardId < b.scene.cardId ? -1 : a.scene.cardId > b.scene.cardId ? 1 : 0)
  );
}

function describe(token: QueryToken): InterpretedTerm {
  const m = token.meaning!;
  const meaning =
    m.kind === 'concept'
      ? `keyword:${m.tag}`
      : m.kind === 'scene'
        ? `scene:${m.cardId}`
        : m.kind === 'atmosphere'
          ? `atmosphere:${m.value}`
          : m.kind === 'discovery'
            ? `discovery:${m.value}`
            : m.kind === 'unsupported'
              ? `unsupported:${m.constraint}`
              : m.kind === 'text'
                ? `text:${m.term}`
                : 'ignored';
  if (!token.corrections) return { term: token.term, meaning };
  return { term: token.term, meaning, correctedFrom: token.corrections.map((c) => `${c.from} → ${c.to}`).join(', ') };
}

function toHit(scene: Scene, catalogVersion: string, matchedTerms: string[], why: string): SearchHit {
  return {
    cardId: scene.cardId,
    name: scene.name,
    summary: scene.summary,
    atmosphere: scene.atmosphere,
    discovery: scene.discovery,
    selectionOnly: scene.selectionOnly,
    matchedTerms,
    why,
    detailPath: detailPathFor(scene.cardId),
    catalogVersion,
  };
}

/** Corrections are never silent: the explanation repeats what interpretedTerms records. */
function spellingNote(tokens: QueryToken[]): string {
  const fixes = tokens.flatMap((t) => t.corrections ?? []);
  if (fixes.length === 0) return '';
  return `Read ${fixes.map((f) => `"${f.from}" as "${f.to}"`).join(', ')} (spelling tolerance). `;
}

function quoteList(terms: readonly string[]): string {
  return terms.map((t) => `"${t}"`).join(', ');
}
