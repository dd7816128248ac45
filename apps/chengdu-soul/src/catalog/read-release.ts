/** Reads a release folder from disk into one candidate document, remembering which file each scene came from. */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { validateRelease, ReleaseInvalidError } from './validate-release.ts';
import type { ReleaseDocument } from './release-schema.ts';

export function readReleaseFolder(folder: string): ReleaseDocument {
  const problems: string[] = [];
  const load = (file: string): unknown => {
    try {
      return JSON.parse(readFileSync(join(folder, file), 'utf8'));
    } catch (error) {
      problems.push(`${file}: ${(error as Error).message}`);
      return undefined;
    }
  };
  const manifest = load('release.json');
  const places = (load('places.json') as { places?: unknown } | undefined)?.places;
  const lexicon = load('lexicon.json');
  const origin: Record<string, string> = {};
  let sceneFiles: string[] = [];
  try {
    sceneFiles = readdirSync(join(folder, 'scenes'))
      .filter((f) => f.endsWith('.json'))
      .sort();
  } catch (error) {
    problems.push(`scenes/: ${(error as Error).message}`);
  }
  const scenes = sceneFiles.map((file) => {
    const scene = load(`scenes/${file}`);
    const id = (scene as { cardId?: unknown } | undefined)?.cardId;
    if (typeof id === 'string') origin[id] = `scenes/${file}`;
    return scene;
  });
  if (problems.length > 0) throw new ReleaseInvalidError(problems);
  return validateRelease({ manifest, scenes, places, lexicon }, origin);
}
