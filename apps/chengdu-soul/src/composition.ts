/**
 * Chengdu Soul's composition entry (`@agent-products/chengdu-soul/composition`): what a harness
 * outside the product (the benchmarks in bench/) needs to assemble and feed it in-process — the
 * app itself, its database, the bundled catalog releases, and the search it serves — so that no
 * harness reaches into the product's rooms by path (`npm run lint:imports` checks it). Its settings
 * module, too: deploy/deploy-files.test.ts checks the deployment files against what it reads.
 */
export { createChengduApp, type ChengduApp, type ChengduAppOptions } from './app.ts';
export { configFromEnv, publicUrlFor } from './config.ts';
export { newestBundledRelease } from './catalog/bundled-releases.ts';
export { loadRelease, type LoadedRelease } from './catalog/loaded-release.ts';
export { readReleaseFolder } from './catalog/read-release.ts';
export type { ReleaseDocument } from './catalog/release-schema.ts';
export { searchScenes } from './search/search-scenes.ts';
export { openChengduDatabase } from './store/open-chengdu-database.ts';
