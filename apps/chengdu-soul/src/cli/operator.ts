/**
 * The operator's command line: `npm run operator -- <command>`.
 *
 *   publish-catalog [folder]   validate and publish a reviewed release (default: the newest in the repository)
 *   validate-catalog [folder]  validate a release folder without publishing it
 *   list-catalog               list published releases, newest (current) first
 */
import { readReleaseFolder } from '../catalog/read-release.ts';
import { newestBundledRelease } from '../catalog/bundled-releases.ts';
import { CatalogRepository } from '../catalog/catalog-repository.ts';
import { ReleaseInvalidError } from '../catalog/validate-release.ts';
import { configFromEnv } from '../config.ts';
import { openChengduDatabase } from '../store/open-chengdu-database.ts';
import { resolve } from 'node:path';

const HELP = `Chengdu Soul operator commands:
  publish-catalog [folder]   validate and publish a reviewed release (default: newest in catalog/releases)
  validate-catalog [folder]  validate a release folder without publishing
  list-catalog               list published releases, current first`;

export async function runOperator(argv: string[], out: (line: string) => void = console.log): Promise<number> {
  const [command, ...args] = argv;
  const folderArg = () => resolve(args[0] ?? newestBundledRelease());
  try {
    switch (command) {
      case 'validate-catalog': {
        const release = readReleaseFolder(folderArg());
        out(`valid: ${release.manifest.catalogVersion} (${release.scenes.length} scenes, ${release.places.length} places)`);
        return 0;
      }
      case 'publish-catalog': {
        const release = readReleaseFolder(folderArg());
        return await withRepository(async (repository) => {
          const outcome = await repository.publish(release);
          out(`${outcome.status}: ${outcome.catalogVersion} (sha256 ${outcome.contentHash.slice(0, 12)}…, ${release.scenes.length} scenes)`);
          return 0;
        });
      }
      case 'list-catalog':
        return await withRepository(async (repository) => {
          const versions = await repository.listVersions();
          if (versions.length === 0) out('no release published');
          versions.forEach((v, i) => out(`${v.catalogVersion}\t${v.publishedAt.toISOString()}\t${v.contentHash.slice(0, 12)}${i === 0 ? '\tcurrent' : ''}`));
          return 0;
        });
      case undefined:
      case 'help':
      case '--help':
        out(HELP);
        return command === undefined ? 2 : 0;
      default:
        out(`unknown command: ${command}\n${HELP}`);
        return 2;
    }
  } catch (error) {
    if (error instanceof ReleaseInvalidError) {
      out(error.message);
      return 1;
    }
    out(`failed: ${(error as Error).message}`);
    return 1;
  }
}

async function withRepository<T>(work: (repository: CatalogRepository) => Promise<T>): Promise<T> {
  const database = await openChengduDatabase(configFromEnv());
  try {
    return await work(new CatalogRepository(database.db));
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await runOperator(process.argv.slice(2));
}
