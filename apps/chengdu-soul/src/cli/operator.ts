/**
 * The operator's command line: `npm run operator -- <command>`.
 *
 *   publish-catalog [folder]   validate and publish a reviewed release (default: the newest in the repository)
 *   validate-catalog [folder]  validate a release folder without publishing it
 *   list-catalog               list published releases, newest (current) first
 *   approve-account <email>    make <email> the sole approved account
 *   issue-credential [--hours N] [--label TEXT]   an Agent credential for the approved account
 *   list-credentials / revoke-credential <id>
 */
import { readReleaseFolder } from '../catalog/read-release.ts';
import { newestBundledRelease } from '../catalog/bundled-releases.ts';
import { CatalogRepository } from '../catalog/catalog-repository.ts';
import { ReleaseInvalidError } from '../catalog/validate-release.ts';
import { configFromEnv } from '../config.ts';
import { openChengduDatabase } from '../store/open-chengdu-database.ts';
import { resolve } from 'node:path';
import type { Kysely } from 'kysely';
import { CredentialService } from '../access/credential-service.ts';
import { mcpAudience } from '../app.ts';
import type { ChengduDatabase } from '../store/schema.ts';

const HELP = `Chengdu Soul operator commands:
  publish-catalog [folder]   validate and publish a reviewed release (default: newest in catalog/releases)
  validate-catalog [folder]  validate a release folder without publishing
  list-catalog               list published releases, current first
  approve-account <email>    make <email> the sole approved account (others lose approval)
  issue-credential [--hours N] [--label TEXT]
                             issue an Agent credential (at most 24 h) for the approved account,
                             bound to this server's /mcp audience; printed once, stored as a hash
  list-credentials           list credentials (never their secret)
  revoke-credential <id>     revoke a credential at once`;

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
      case 'approve-account': {
        if (!args[0]) throw new TypeError('approve-account needs an email address');
        return await withDatabase(async (db) => {
          const accountId = await new CredentialService(db).approveAccount(args[0]!);
          out(`approved: ${args[0]} (${accountId}); every other account lost approval`);
          return 0;
        });
      }
      case 'issue-credential': {
        const hours = Number(option(args, '--hours') ?? 24);
        const label = option(args, '--label') ?? 'agent';
        const audience = mcpAudience(configFromEnv().publicUrl);
        return await withDatabase(async (db) => {
          const issued = await new CredentialService(db).issue({ audience, hours, label, now: new Date() });
          out(`credential ${issued.credentialId} for ${audience}, expires ${issued.expiresAt.toISOString()}`);
          out(`Authorization: Bearer ${issued.token}`);
          out('This secret is shown once and stored only as a hash.');
          return 0;
        });
      }
      case 'list-credentials':
        return await withDatabase(async (db) => {
          const now = Date.now();
          for (const c of await new CredentialService(db).list()) {
            const state = c.revokedAt ? `revoked ${c.revokedAt.toISOString()}` : c.expiresAt.getTime() <= now ? 'expired' : 'active';
            out(`${c.credentialId}\t${c.email}\t${c.label}\t${state}\texpires ${c.expiresAt.toISOString()}\t${c.audience}`);
          }
          return 0;
        });
      case 'revoke-credential': {
        if (!args[0]) throw new TypeError('revoke-credential needs a credential id');
        return await withDatabase(async (db) => {
          const revoked = await new CredentialService(db).revoke(args[0]!, new Date());
          out(revoked ? `revoked: ${args[0]}` : `not revoked: ${args[0]} is unknown or already revoked`);
          return revoked ? 0 : 1;
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

async function withDatabase<T>(work: (db: Kysely<ChengduDatabase>) => Promise<T>): Promise<T> {
  const database = await openChengduDatabase(configFromEnv());
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

function withRepository<T>(work: (repository: CatalogRepository) => Promise<T>): Promise<T> {
  return withDatabase((db) => work(new CatalogRepository(db)));
}

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await runOperator(process.argv.slice(2));
}
