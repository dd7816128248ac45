/**
 * The reviewable content of a draft revision and its `contentHash`: SHA-256 over the RFC 8785
 * canonical JSON of exactly this content, so an agent can echo it and we can tell whether the
 * traveler reviewed what is being confirmed.
 */
import { hash } from 'node:crypto';
import { canonicalJson } from '@agent-products/kit/json';
import type { LoadedRelease } from '../catalog/loaded-release.ts';
import type { Atmosphere, Discovery } from '../catalog/vocabulary.ts';
import { detailPathFor } from '../catalog/vocabulary.ts';
import type { PlannedScene } from './plan-days.ts';

export const PLAN_LIMITATIONS = [
  'Flexible exploration days, not a timed route: no opening hours, travel times or visit durations are verified.',
  'No tickets, reservations, hotels or payments are included or checked.',
  'Scenes of a day are grouped by approximate location; map links show destinations, not verified routes.',
  'Accessibility and current crowd levels are not assessed; editorial quiet/local labels are not guarantees.',
  'Review dates cover identity and overview only, not current operating conditions.',
] as const;

export interface DraftScene {
  cardId: string;
  name: { en: string; zh: string };
  summary: string;
  visitCaveat: string;
  selectionOnly: boolean;
  /**
   * Only on an outing most travelers make with a night away (release 2026-12-01.2 on). Absent
   * otherwise, so drafts without such an outing keep exactly the content and hash they had.
   */
  usuallyOvernight?: true;
  placement: 'required' | 'recommended';
  detailPath: string;
}

export interface DraftContent {
  catalogVersion: string;
  preferences: { dayCount: number; rhythm: 'spacious' | 'balanced' | 'full'; discovery: Discovery; atmosphere: Atmosphere };
  requiredCardIds: string[];
  excludedCardIds: string[];
  days: Array<{ day: number; scenes: DraftScene[] }>;
  openSlots: number;
  limitations: string[];
}

export function buildDraftContent(
  release: LoadedRelease,
  preferences: DraftContent['preferences'],
  requiredCardIds: readonly string[],
  excludedCardIds: readonly string[],
  days: PlannedScene[][],
  scenesPerDay: number,
): DraftContent {
  // A day with an optional outing is full by design; elsewhere an unfilled slot is reported.
  const openSlots = days.reduce((n, day) => n + (day.some((p) => p.scene.selectionOnly) ? 0 : Math.max(0, scenesPerDay - day.length)), 0);
  return {
    catalogVersion: release.catalogVersion,
    preferences,
    requiredCardIds: [...requiredCardIds].sort(),
    excludedCardIds: [...excludedCardIds].sort(),
    days: days.map((day, index) => ({
      day: index + 1,
      scenes: day.map(({ scene, placement }) => ({
        cardId: scene.cardId,
        name: scene.name,
        summary: scene.summary,
        visitCaveat: scene.visitCaveat,
        selectionOnly: scene.selectionOnly,
        ...(scene.usuallyOvernight ? { usuallyOvernight: true as const } : {}),
        placement,
        detailPath: detailPathFor(scene.cardId),
      })),
    })),
    openSlots,
    limitations: [...PLAN_LIMITATIONS],
  };
}

/**
 * The draft's RFC 8785 canonical JSON and its SHA-256, the `contentHash`. The same text is what
 * gets stored, so a write serializes its content once.
 */
export function canonicalContent(content: DraftContent): { text: string; hash: string } {
  const text = canonicalJson(content);
  return { text, hash: hash('sha256', text, 'hex') };
}
