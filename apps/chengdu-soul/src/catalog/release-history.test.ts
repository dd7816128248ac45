/**
 * What every release from 2026-12-01.2 on owes its readers, run over each one: its CHANGES.md
 * names every scene it added or changed and its notes point there; every station or place distance
 * a note states is the distance between the release's own points; and each release older than the
 * newest is byte for byte the folder that was published. A new release adds one row here and keeps
 * only its own corrections in a test of its own.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundledReleaseFolders, newestBundledRelease } from './bundled-releases.ts';
import { changedScenes, distanceMismatches, folderDigest, readRelease, releaseFolder } from '../../test/support/release-checks.ts';

const RELEASES = [
  {
    catalogVersion: '2026-12-01.2',
    previous: '2026-12-01.1',
    changed: [
      'dufu-cottage',
      'dujiangyan-panda-base',
      'dujiangyan-panda-valley',
      'huaxiba',
      'jinjiang-night-cruise',
      'jinjiang-theatre',
      'kuanzhai-alley',
      'mount-emei',
      'qingcheng-back-mountain',
      'qingcheng-mountain',
      'sichuan-cuisine-museum',
      'tianfu-art-park',
      'tibetan-quarter',
      'xiling-snow-mountain',
    ],
    distancesChecked: 40,
  },
  {
    catalogVersion: '2026-12-07.1',
    previous: '2026-12-01.2',
    changed: [
      'anren',
      'chengdu-botanical-garden',
      'chengdu-museum',
      'chengdu-natural-history-museum',
      'dujiangyan-panda-base',
      'eastern-suburb-memory',
      'huaxiba',
      'qingcheng-back-mountain',
      'sichuan-cuisine-museum',
      'sichuan-museum',
      'tibetan-quarter',
      'xiling-snow-mountain',
    ],
    distancesChecked: 40,
  },
];

/** Published releases are immutable: the digest of each folder as published. */
const PUBLISHED_DIGESTS: Record<string, string> = {
  '2026-11-30.1': '2c7bc5a20ab8a06ad97730a9ce6d2bac538aa3452c5bae5d9cf911895ed6f33d',
  '2026-12-01.1': '0380feb72b73530903d72406176a004dbda4b481dc4f892895bd65bb9ac7f543',
  '2026-12-01.2': 'de879463645d288058ca378d76f7280ed945144119c28c9dcaec4c8eca8aacaa',
};

describe('the releases in the repository', () => {
  it('are the published ones in order, the newest last, and every one but the newest is unchanged', () => {
    const versions = bundledReleaseFolders().map((folder) => folder.split('/').at(-1)!);
    const newest = RELEASES.at(-1)!.catalogVersion;
    expect(versions).toEqual([...Object.keys(PUBLISHED_DIGESTS), newest]);
    expect(newestBundledRelease()).toBe(releaseFolder(newest));
    for (const [version, digest] of Object.entries(PUBLISHED_DIGESTS)) expect(folderDigest(releaseFolder(version)), version).toBe(digest);
  });
});

describe.each(RELEASES)('release $catalogVersion', ({ catalogVersion, previous, changed, distancesChecked }) => {
  const release = readRelease(catalogVersion);
  const before = readRelease(previous);

  it('is format 2 and keeps every scene of the release before it', () => {
    expect(release.manifest).toMatchObject({ catalogVersion, format: 2 });
    expect(release.scenes.map((s) => s.cardId)).toEqual(expect.arrayContaining(before.scenes.map((s) => s.cardId)));
  });

  it('records every scene it added or changed in CHANGES.md, and its notes point there and to the candidate data', () => {
    expect(changedScenes(before, release)).toEqual(changed);
    const changes = readFileSync(join(releaseFolder(catalogVersion), 'CHANGES.md'), 'utf8');
    for (const cardId of changed) expect(changes, cardId).toContain(cardId);
    expect(release.manifest.notes).toMatch(/CHANGES\.md/);
    expect(release.manifest.notes).toMatch(/chengdu-scene-candidates\.tsv/);
  });

  it('states only distances measured from its own points', () => {
    const { checked, mismatches } = distanceMismatches(release);
    expect(mismatches).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(distancesChecked);
  });
});
