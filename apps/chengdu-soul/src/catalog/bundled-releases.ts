/** The reviewed releases kept in the repository under `catalog/releases/<catalogVersion>/`. */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { RELEASES_DIR } from '../config.ts';

export function bundledReleaseFolders(root = RELEASES_DIR): string[] {
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort(compareVersions)
    .map((name) => join(root, name));
}

export function newestBundledRelease(root = RELEASES_DIR): string {
  const folders = bundledReleaseFolders(root);
  const newest = folders.at(-1);
  if (!newest) throw new Error(`No catalog release folder in ${root}`);
  return newest;
}

/** `2026-11-30.2` after `2026-11-30.1`, and `.10` after `.9`. */
function compareVersions(a: string, b: string): number {
  const [dateA = '', seqA = '0'] = a.split('.');
  const [dateB = '', seqB = '0'] = b.split('.');
  return dateA.localeCompare(dateB) || Number(seqA) - Number(seqB);
}
