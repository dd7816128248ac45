/**
 * What a proposal turns into before any draft exists, against the newest bundled release: the
 * scenes the traveler required (in their order), the exclusions, and the day's capacity; and each
 * refusal with its code, its message and every offending ID, so nothing asked for is dropped.
 */
import { describe, expect, it } from 'vitest';
import { newestBundledRelease } from '../catalog/bundled-releases.ts';
import { loadRelease } from '../catalog/loaded-release.ts';
import { readReleaseFolder } from '../catalog/read-release.ts';
import { resolveProposal } from './resolve-proposal.ts';
import type { ProposeInput } from './proposal-input.ts';

const release = loadRelease(readReleaseFolder(newestBundledRelease()), new Date());
const current = release.catalogVersion;
type Proposal = Omit<ProposeInput, 'idempotencyKey'>;
const proposal = (extra: Partial<Proposal> = {}): Proposal => ({ dayCount: 2, rhythm: 'balanced', discovery: 'blend', atmosphere: 'mixed', ...extra });
const resolve = (extra: Partial<Proposal> = {}, published: ReadonlySet<string> = new Set()) => resolveProposal(release, proposal(extra), published);

/** The refusal `resolve` throws, as code, message and details. */
function refusal(extra: Partial<Proposal>, published: ReadonlySet<string> = new Set()) {
  try {
    resolve(extra, published);
  } catch (error) {
    const { code, message, details } = error as { code: string; message: string; details: unknown };
    return { code, message, details };
  }
  throw new Error('resolveProposal accepted the proposal');
}

describe('a proposal the release can honour', () => {
  it('with no selection requires nothing and excludes nothing', () => {
    expect(resolve()).toEqual({ required: [], excludedCardIds: [], scenesPerDay: 2 });
  });

  it('gives the scenes per day of each rhythm', () => {
    expect(resolve({ rhythm: 'spacious' }).scenesPerDay).toBe(1);
    expect(resolve({ rhythm: 'balanced' }).scenesPerDay).toBe(2);
    expect(resolve({ rhythm: 'full' }).scenesPerDay).toBe(3);
  });

  it('requires the scenes of one selection, in the order given', () => {
    const resolved = resolve({ sceneSelection: { catalogVersion: current, requiredCardIds: ['wenshu-monastery', 'jinli'] } });
    expect(resolved.required).toEqual([release.sceneById.get('wenshu-monastery'), release.sceneById.get('jinli')]);
  });

  it('joins several selections of the current catalog, in order', () => {
    const resolved = resolve({
      sceneSelection: [
        { catalogVersion: current, requiredCardIds: ['panda-base'] },
        { catalogVersion: current, requiredCardIds: ['jinli', 'wenshu-monastery'] },
      ],
    });
    expect(resolved.required.map((s) => s.cardId)).toEqual(['panda-base', 'jinli', 'wenshu-monastery']);
  });

  it('keeps each excluded scene once, sorted', () => {
    expect(resolve({ excludedCardIds: ['jinli', 'chunxi-road', 'jinli'] }).excludedCardIds).toEqual(['chunxi-road', 'jinli']);
  });

  it('takes exactly as many required scenes as the days hold', () => {
    const resolved = resolve({
      dayCount: 1,
      rhythm: 'full',
      sceneSelection: { catalogVersion: current, requiredCardIds: ['panda-base', 'jinli', 'wenshu-monastery'] },
    });
    expect(resolved.required).toHaveLength(3);
    expect(resolved.scenesPerDay).toBe(3);
  });
});

describe('a proposal refused, naming every offending ID', () => {
  it('selections from two catalog versions', () => {
    expect(
      refusal({
        sceneSelection: [
          { catalogVersion: current, requiredCardIds: ['jinli'] },
          { catalogVersion: '2026-11-30.1', requiredCardIds: ['panda-base', 'daci-temple'] },
          { catalogVersion: current, requiredCardIds: ['wenshu-monastery'] },
        ],
      }),
    ).toEqual({
      code: 'mixed_catalog_versions',
      message: `sceneSelection mixes catalog versions ${current}, 2026-11-30.1; combine selections from ${current} only.`,
      details: { byVersion: { [current]: ['jinli', 'wenshu-monastery'], '2026-11-30.1': ['panda-base', 'daci-temple'] }, currentCatalogVersion: current },
    });
  });

  it('a catalog version never published', () => {
    expect(refusal({ sceneSelection: { catalogVersion: '1999-01-01.1', requiredCardIds: ['jinli'] } })).toEqual({
      code: 'unknown_catalog_version',
      message: `sceneSelection names catalog 1999-01-01.1, which was never published; the current catalog is ${current}. Read the scenes and copy their current selection.`,
      details: { requestedCatalogVersion: '1999-01-01.1', currentCatalogVersion: current },
    });
  });

  it('a catalog version published before the current one', () => {
    const published = new Set(['2026-11-30.1']);
    expect(refusal({ sceneSelection: { catalogVersion: '2026-11-30.1', requiredCardIds: ['jinli', 'panda-base'] } }, published)).toEqual({
      code: 'stale_catalog_version',
      message: `sceneSelection is from catalog 2026-11-30.1; the current catalog is ${current}. Read the scenes again and copy their current selection.`,
      details: { requestedCatalogVersion: '2026-11-30.1', currentCatalogVersion: current, cardIds: ['jinli', 'panda-base'] },
    });
  });

  it('the current version needs no entry among the published ones', () => {
    expect(resolve({ sceneSelection: { catalogVersion: current, requiredCardIds: ['jinli'] } }, new Set(['2026-11-30.1'])).required).toHaveLength(1);
  });

  it('a scene required twice, named once however often it repeats', () => {
    expect(
      refusal({
        dayCount: 3,
        rhythm: 'full',
        sceneSelection: [
          { catalogVersion: current, requiredCardIds: ['jinli', 'panda-base', 'jinli'] },
          { catalogVersion: current, requiredCardIds: ['jinli', 'wenshu-monastery', 'panda-base'] },
        ],
      }),
    ).toEqual({ code: 'duplicate_card_ids', message: 'Required more than once: jinli, panda-base.', details: { cardIds: ['jinli', 'panda-base'] } });
  });

  it('required or excluded scenes the catalog does not have, each named once', () => {
    expect(
      refusal({
        sceneSelection: { catalogVersion: current, requiredCardIds: ['jinli', 'no-such-scene'] },
        excludedCardIds: ['nowhere', 'chunxi-road', 'no-such-scene', 'nowhere'],
      }),
    ).toEqual({
      code: 'unknown_card_ids',
      message: `Not in catalog ${current}: no-such-scene, nowhere.`,
      details: { cardIds: ['no-such-scene', 'nowhere'], currentCatalogVersion: current },
    });
  });

  it('scenes both required and excluded', () => {
    expect(
      refusal({
        sceneSelection: { catalogVersion: current, requiredCardIds: ['jinli', 'panda-base', 'wenshu-monastery'] },
        excludedCardIds: ['wenshu-monastery', 'chunxi-road', 'jinli'],
        rhythm: 'full',
      }),
    ).toEqual({
      code: 'selection_conflict',
      message: 'Both required and excluded: jinli, wenshu-monastery. Ask the traveler which they mean.',
      details: { cardIds: ['jinli', 'wenshu-monastery'] },
    });
  });

  it('one required scene more than the days hold', () => {
    expect(
      refusal({ dayCount: 1, rhythm: 'balanced', sceneSelection: { catalogVersion: current, requiredCardIds: ['jinli', 'panda-base', 'wenshu-monastery'] } }),
    ).toEqual({
      code: 'too_many_required_scenes',
      message:
        '3 required scenes do not fit 1 balanced day(s) (capacity 2). They need at least 2 balanced day(s). Add days, choose a fuller rhythm or require fewer scenes.',
      details: {
        cardIds: ['jinli', 'panda-base', 'wenshu-monastery'],
        capacity: 2,
        dayCount: 1,
        rhythm: 'balanced',
        scenesPerDay: 2,
        fewestDays: 2,
        doableDays: [['jinli', 'wenshu-monastery'], ['panda-base']],
        apart: [],
      },
    });
  });
});
