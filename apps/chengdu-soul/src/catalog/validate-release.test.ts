/**
 * The reviewed release in the repository is valid and broad enough; a broken release is refused
 * whole, with every problem listed, never partly loaded.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RELEASES_DIR } from '../config.ts';
import { newestBundledRelease } from './bundled-releases.ts';
import { readReleaseFolder } from './read-release.ts';
import type { ReleaseDocument } from './release-schema.ts';
import { ReleaseInvalidError, validateRelease } from './validate-release.ts';

const release = readReleaseFolder(newestBundledRelease());

function problemsOf(change: (draft: ReleaseDocument) => void): string[] {
  const draft = structuredClone(release) as ReleaseDocument;
  change(draft);
  try {
    validateRelease(draft);
  } catch (error) {
    expect(error).toBeInstanceOf(ReleaseInvalidError);
    return [...(error as ReleaseInvalidError).problems];
  }
  throw new Error('expected the release to be refused');
}

describe('the bundled release', () => {
  it('holds at least 45 real scenes across every atmosphere and discovery value', () => {
    expect(release.scenes.length).toBeGreaterThanOrEqual(45);
    for (const atmosphere of ['quiet', 'mixed', 'lively']) expect(release.scenes.some((s) => s.atmosphere === atmosphere)).toBe(true);
    for (const discovery of ['local', 'blend', 'iconic']) expect(release.scenes.some((s) => s.discovery === discovery)).toBe(true);
  });

  it('marks the day-trip outings selectionOnly and explains their journey (release 2026-12-01.1)', () => {
    const outings = readReleaseFolder(join(RELEASES_DIR, '2026-12-01.1')).scenes.filter((s) => s.selectionOnly);
    expect(outings.map((s) => s.cardId).sort()).toEqual([
      'anren',
      'dujiangyan',
      'dujiangyan-panda-valley',
      'huanglongxi',
      'jiezi',
      'leshan-giant-buddha',
      'luodai',
      'mount-emei',
      'pingle',
      'qingcheng-mountain',
      'sanxingdui',
    ]);
    for (const outing of outings) expect(outing.visitCaveat).toMatch(/day/i);
  });

  it('marks the day-trip outings selectionOnly and explains their journey (the newest release)', () => {
    const outings = release.scenes.filter((s) => s.selectionOnly);
    expect(outings.map((s) => s.cardId).sort()).toEqual([
      'anren',
      'dujiangyan',
      'dujiangyan-panda-base',
      'dujiangyan-panda-valley',
      'huanglongxi',
      'jiezi',
      'leshan-giant-buddha',
      'luodai',
      'mount-emei',
      'pingle',
      'qingcheng-back-mountain',
      'qingcheng-mountain',
      'sanxingdui',
      'sichuan-cuisine-museum',
      'xiling-snow-mountain',
    ]);
    for (const outing of outings) expect(outing.visitCaveat).toMatch(/day/i);
  });

  it('never presents an estimated point as an exact place', () => {
    const exact = new Set(release.places.filter((p) => p.precision === 'exact').map((p) => p.providerPlaceId));
    for (const scene of release.scenes) {
      if ('providerPlaceId' in scene.location) expect(exact.has(scene.location.providerPlaceId)).toBe(true);
      else expect(scene.location.navigation.note.length).toBeGreaterThan(20);
    }
  });

  it('states no opening hours or prices as facts in overviews', () => {
    for (const scene of release.scenes) {
      expect(scene.overview, scene.cardId).not.toMatch(/\b\d{1,2}(:\d{2})?\s?(am|pm)\b|¥\s?\d|\d+\s?(yuan|rmb)\b/i);
    }
  });
});

describe('refusing a broken release', () => {
  it('lists every problem across files', () => {
    const problems = problemsOf((draft) => {
      draft.scenes[0]!.tags.push('no-such-tag');
      draft.scenes[1]!.atmosphere = 'noisy' as never;
      draft.scenes[2]!.cardId = draft.scenes[3]!.cardId;
    });
    expect(problems.length).toBeGreaterThanOrEqual(2);
    expect(problems.join('\n')).toMatch(/atmosphere/);
  });

  it('refuses unknown tags, duplicate ids and unresolved places', () => {
    const problems = problemsOf((draft) => {
      draft.scenes[0]!.tags.push('no-such-tag');
      draft.scenes[2]!.cardId = draft.scenes[3]!.cardId;
      const nav = draft.scenes[4]!.location as { navigation: { points: Array<{ providerPlaceId: string }> } };
      nav.navigation.points[0]!.providerPlaceId = 'cdsp:metro:nowhere';
    });
    const text = problems.join('\n');
    expect(text).toMatch(/tag no-such-tag is not a lexicon concept/);
    expect(text).toMatch(/duplicate cardId/);
    expect(text).toMatch(/cdsp:metro:nowhere is not in places.json/);
  });

  it('refuses an exact-place branch whose point is only approximate', () => {
    const problems = problemsOf((draft) => {
      const place = draft.places[0]!;
      draft.scenes[0]!.location = { providerPlaceId: place.providerPlaceId };
    });
    expect(problems.join('\n')).toMatch(/only approximate; use navigation/);
  });

  it('refuses a search term claimed twice', () => {
    const problems = problemsOf((draft) => {
      draft.lexicon.concepts[0]!.en.push(draft.lexicon.concepts[1]!.en[0]!);
    });
    expect(problems.join('\n')).toMatch(/belongs to both/);
  });
});

describe('format-2 fields', () => {
  const releaseOne = readReleaseFolder(join(RELEASES_DIR, '2026-11-30.1'));
  const problemsOfFirst = (change: (draft: ReleaseDocument) => void) => {
    const draft = structuredClone(releaseOne) as ReleaseDocument;
    change(draft);
    try {
      validateRelease(draft);
      return [];
    } catch (error) {
      return [...(error as ReleaseInvalidError).problems];
    }
  };

  it('a format-2 release needs primarySubjects and visitKind in every scene', () => {
    const text = problemsOf((draft) => {
      delete draft.scenes[0]!.primarySubjects;
      delete draft.scenes[1]!.visitKind;
    }).join('\n');
    expect(text).toMatch(new RegExp(`scene ${release.scenes[0]!.cardId}: a format-2 release needs primarySubjects`));
    expect(text).toMatch(new RegExp(`scene ${release.scenes[1]!.cardId}: a format-2 release needs visitKind`));
  });

  it('a format-1 release is valid without them, and checked in full where they appear', () => {
    expect(problemsOfFirst(() => {})).toEqual([]);
    const text = problemsOfFirst((draft) => {
      draft.scenes[0]!.visitKind = 'spa' as never;
      draft.scenes[1]!.primarySubjects = ['no-such-subject'];
    }).join('\n');
    expect(text).toMatch(/visitKind/);
    expect(text).toMatch(/primary subject no-such-subject is not one of its tags/);
  });

  it('primary subjects come from the scene tags, once each', () => {
    const text = problemsOf((draft) => {
      draft.scenes[0]!.primarySubjects = [draft.scenes[0]!.tags[0]!, draft.scenes[0]!.tags[0]!];
      draft.scenes[1]!.primarySubjects = ['panda'];
      draft.scenes[1]!.tags = draft.scenes[1]!.tags.filter((t) => t !== 'panda');
    }).join('\n');
    expect(text).toMatch(/repeated primary subject/);
    expect(text).toMatch(/primary subject panda is not one of its tags/);
  });

  it('a go-early mark must also be said in the visit caveat the traveler reads', () => {
    const text = problemsOf((draft) => {
      const scene = draft.scenes.find((s) => s.goEarly)!;
      scene.visitCaveat = 'Expect crowds.';
    }).join('\n');
    expect(text).toMatch(/goEarly is set but the visitCaveat does not tell the traveler to go early/);
  });

  it('a usually-overnight mark is only for outings, and the visit caveat must say so too', () => {
    const text = problemsOf((draft) => {
      const outing = draft.scenes.find((s) => s.usuallyOvernight)!;
      outing.visitCaveat = 'A long journey that fills the day.';
      draft.scenes.find((s) => !s.selectionOnly)!.usuallyOvernight = true;
    }).join('\n');
    expect(text).toMatch(/usuallyOvernight is set but the visitCaveat does not mention the night away/);
    expect(text).toMatch(/usuallyOvernight is only for selectionOnly outings/);
  });

  it('a weekly closure is ISO weekdays, ascending, and the visit caveat must say it in words', () => {
    const text = problemsOf((draft) => {
      const [first, second, third] = draft.scenes;
      first!.closedWeekdays = [1];
      first!.visitCaveat = 'Expect crowds at weekends.';
      second!.closedWeekdays = [2, 1];
      third!.closedWeekdays = [0];
    }).join('\n');
    expect(text).toMatch(new RegExp(`scene ${release.scenes[0]!.cardId}: closedWeekdays is set but the visitCaveat does not say closed`));
    expect(text).toMatch(new RegExp(`scene ${release.scenes[0]!.cardId}: closed on Mondays but the visitCaveat does not name Monday`));
    expect(text).toMatch(/closedWeekdays must be ascending without repeats/);
    expect(text).toMatch(new RegExp(`${release.scenes[2]!.cardId}.*closedWeekdays`));
  });

  it('accepts a weekly closure said in the caveat', () => {
    const draft = structuredClone(release) as ReleaseDocument;
    const scene = draft.scenes[0]!;
    scene.closedWeekdays = [1, 2];
    scene.visitCaveat = `${scene.visitCaveat} Closed on Mondays and Tuesdays.`.slice(-800);
    expect(() => validateRelease(draft)).not.toThrow();
  });
});
