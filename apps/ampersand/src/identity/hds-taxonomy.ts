/**
 * The HDS taxonomy (taxonomy/hds-v1.json, reviewed and versioned in the repository): the codes
 * every identity signal is filed under, `top.leaf`. The file is validated when this module loads,
 * so a broken edit fails at start, not on some later write; every signal write validates its code
 * against it. The keywords let the deterministic synthesizer map a question's terms to codes and
 * suggest a code for a fact written without one.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as z from 'zod';
import { stem, words } from '../text/content-words.ts';

/** Found from the package itself, so the same code reads the file from src/ (tests, tsx) and from dist/ (npm start). */
const TAXONOMY_FILE = join(dirname(createRequire(import.meta.url).resolve('@agent-products/ampersand/package.json')), 'taxonomy', 'hds-v1.json');

const CODE_PART = /^[a-z][a-z_]{1,30}$/;

const taxonomyFile = z
  .object({
    name: z.string(),
    version: z.string().regex(/^\d+\.\d+\.\d+$/),
    reviewed: z.string(),
    notes: z.string(),
    fallbackCode: z.string(),
    topLevels: z.record(
      z.string().regex(CODE_PART),
      z.object({
        label: z.string().min(1),
        leaves: z.record(z.string().regex(CODE_PART), z.object({ label: z.string().min(1), keywords: z.array(z.string().min(1)) })),
      }),
    ),
  })
  .strict();

export interface HdsLeaf {
  code: string;
  top: string;
  label: string;
  keywords: readonly string[];
}

export const REQUIRED_TOP_LEVELS = ['preferences', 'relationships', 'places', 'work', 'interests', 'values'] as const;

function load(): { version: string; fallbackCode: string; leaves: Map<string, HdsLeaf>; areaLabels: Map<string, string> } {
  const parsed = taxonomyFile.parse(JSON.parse(readFileSync(TAXONOMY_FILE, 'utf8')));
  const leaves = new Map<string, HdsLeaf>();
  for (const [top, level] of Object.entries(parsed.topLevels)) {
    for (const [leaf, spec] of Object.entries(level.leaves)) {
      leaves.set(`${top}.${leaf}`, { code: `${top}.${leaf}`, top, label: spec.label, keywords: spec.keywords.map((k) => k.toLowerCase()) });
    }
  }
  for (const top of REQUIRED_TOP_LEVELS) if (![...leaves.values()].some((l) => l.top === top)) throw new Error(`HDS taxonomy lacks the top level ${top}`);
  if (!leaves.has(parsed.fallbackCode)) throw new Error(`HDS taxonomy fallbackCode ${parsed.fallbackCode} is not a leaf`);
  const areaLabels = new Map(Object.entries(parsed.topLevels).map(([top, level]) => [top, level.label]));
  return { version: parsed.version, fallbackCode: parsed.fallbackCode, leaves, areaLabels };
}

const taxonomy = load();

export const HDS_VERSION = taxonomy.version;
export const HDS_FALLBACK_CODE = taxonomy.fallbackCode;

export function hdsLeaves(): HdsLeaf[] {
  return [...taxonomy.leaves.values()];
}

export function isHdsLeaf(code: string): boolean {
  return taxonomy.leaves.has(code);
}

export function hdsLeaf(code: string): HdsLeaf | undefined {
  return taxonomy.leaves.get(code);
}

/**
 * A taxonomy label as said to the andee it is about: the file names the person in the third
 * person ("What they do", "Their field", "the andee re-codes them"); what the andee reads of their
 * own facts — Review's categories, the "Get to know me" synthesis — speaks to them ("What you do").
 * Only the words change: the codes stored with every fact are the file's.
 */
export function toYou(label: string): string {
  if (label.includes('the andee')) return label.replace(/the andee re-codes them/, 'you sort them');
  return label
    .replace(/\bthey\b/g, 'you')
    .replace(/\bThey\b/g, 'You')
    .replace(/\btheir\b/g, 'your')
    .replace(/\bTheir\b/g, 'Your')
    .replace(/\bthem\b/g, 'you');
}

/** The plain name of a code's top level ("Interests" for `interests.music`); "Other" for no code or an unknown one. */
export function hdsAreaLabel(code: string | null): string {
  const top = code?.split('.')[0];
  return (top && taxonomy.areaLabels.get(top)) || 'Other';
}

/** The leaves whose keywords a text mentions, best first (how many of its keywords it mentions). */
export function codesMentioned(text: string): string[] {
  const present = new Set(words(text));
  const found: Array<{ code: string; hits: number }> = [];
  for (const leaf of stemmedLeaves()) {
    let hits = 0;
    for (const keyword of leaf.keywords) if (present.has(keyword)) hits++;
    if (hits > 0) found.push({ code: leaf.code, hits });
  }
  return found.sort((a, b) => b.hits - a.hits || a.code.localeCompare(b.code)).map((r) => r.code);
}

let stemmed: Array<{ code: string; keywords: string[] }> | undefined;
/** Every leaf's keywords stemmed once: codesMentioned runs on each question and each written fact. */
function stemmedLeaves(): Array<{ code: string; keywords: string[] }> {
  stemmed ??= hdsLeaves().map((leaf) => ({ code: leaf.code, keywords: leaf.keywords.map(stem) }));
  return stemmed;
}

/**
 * Leaves a fact mentions in passing — when something happens — rather than what it is about:
 * "I love pasta late at night" is about food. Such a leaf files a fact only when no other leaf
 * is mentioned by a word of its own ("a night owl" is about routines: "night" is a routine word too).
 */
const CONTEXT_LEAVES = new Set(['preferences.schedule']);

/**
 * The code a fact written without one is filed under until the andee reviews it: the leaf its
 * words point to most specifically — a keyword shared by several leaves ("night": going out,
 * routines) counts for less than one only a single leaf has ("pasta") — never a context leaf
 * when another leaf is named by a word the context leaf does not have, and the fallback when
 * no leaf is mentioned.
 */
export function suggestCode(text: string): string {
  const present = new Set(words(text));
  const leaves = stemmedLeaves();
  const sharing = new Map<string, number>();
  for (const leaf of leaves) for (const keyword of new Set(leaf.keywords)) sharing.set(keyword, (sharing.get(keyword) ?? 0) + 1);
  const scored: Array<{ code: string; score: number; hits: string[] }> = [];
  for (const leaf of leaves) {
    const hits = [...new Set(leaf.keywords)].filter((k) => present.has(k));
    if (hits.length) scored.push({ code: leaf.code, hits, score: hits.reduce((sum, k) => sum + 1 / sharing.get(k)!, 0) });
  }
  scored.sort((a, b) => b.score - a.score || a.code.localeCompare(b.code));
  const best = scored[0];
  if (!best) return HDS_FALLBACK_CODE;
  if (!CONTEXT_LEAVES.has(best.code)) return best.code;
  const contextWords = new Set(best.hits);
  return scored.find((s) => !CONTEXT_LEAVES.has(s.code) && s.hits.some((k) => !contextWords.has(k)))?.code ?? best.code;
}
