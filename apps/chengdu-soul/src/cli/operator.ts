/**
 * The operator's command line: `npm run operator -- <command>`.
 *
 *   publish-catalog [folder]   validate and publish a reviewed release (default: the newest in the repository)
 *   validate-catalog [folder]  validate a release folder without publishing it
 *   list-catalog               list published releases, newest (current) first
 *   approve-account <email>    make <email> the sole approved account
 *   issue-credential [--hours N] [--label TEXT]   an Agent credential for the approved account
 *   list-credentials / revoke-credential <id>
 *   issue-signin-link          a one-time owner sign-in link (15 minutes), printed once
 *   list-feedback / list-removal-requests   what visitors sent from /privacy
 *   remove-plan <page link | token | draftRef>   delete a plan for a removal request
 *   mark-removal-handled <request id>   record that a removal request was carried out and answered
 *   discovery on|off|status    whether crawlers may index /agents and the scene overviews
 *   backup --to <file> / restore --from <file> [--data-dir <dir>]   the embedded database, while serving / into an empty directory
 */
import { readReleaseFolder } from '../catalog/read-release.ts';
import { newestBundledRelease } from '../catalog/bundled-releases.ts';
import { CatalogRepository } from '../catalog/catalog-repository.ts';
import { ReleaseInvalidError } from '../catalog/validate-release.ts';
import { configFromEnv, publicUrlFor } from '../config.ts';
import { openChengduDatabase } from '../store/open-chengdu-database.ts';
import { resolve } from 'node:path';
import type { Kysely } from 'kysely';
import { CredentialService } from '../access/credential-service.ts';
import { DiscoverySwitch } from '../access/discovery-switch.ts';
import { SIGN_IN_LINK_MINUTES, SignInLinks } from '../access/sign-in-links.ts';
import { PlanRemoval } from '../privacy/plan-removal.ts';
import { PrivacyRequests } from '../privacy/privacy-requests.ts';
import { mcpAudience } from '../app.ts';
import type { ChengduDatabase } from '../store/schema.ts';
import { BACKUP_COMMANDS_HELP, runBackupCommand } from '@agent-products/kit/store';

const HELP = `Chengdu Soul operator commands:
  publish-catalog [folder]   validate and publish a reviewed release (default: newest in catalog/releases)
  validate-catalog [folder]  validate a release folder without publishing
  list-catalog               list published releases, current first
  approve-account <email>    make <email> the sole approved account (others lose approval)
  issue-credential [--hours N] [--label TEXT]
                             issue an Agent credential (at most 24 h) for the approved account,
                             bound to this server's /mcp audience; printed once, stored as a hash
  list-credentials           list credentials (never their secret)
  revoke-credential <id>     revoke a credential at once
  issue-signin-link          print a one-time sign-in link for the approved account's browser
                             (valid ${SIGN_IN_LINK_MINUTES} minutes, works once; shown once, stored as a hash)
  list-feedback              feedback sent from /privacy, newest first
  list-removal-requests      data-removal requests sent from /privacy, newest first
  remove-plan <page link | page token | draftRef>
                             delete a plan for a removal request: its draft, revisions, page
                             (the link stops working) and the stored answers that name it
  mark-removal-handled <request id>
                             record that a removal request was carried out and answered
  discovery on|off|status    allow crawlers to index /agents and the scene overviews (sitemap),
                             or ask them to stay away (default off); plan pages are never indexed
${BACKUP_COMMANDS_HELP}`;

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
        const audience = mcpAudience(publicUrlFor(configFromEnv()));
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
      case 'issue-signin-link': {
        const publicUrl = publicUrlFor(configFromEnv());
        return await withDatabase(async (db) => {
          const account = await new CredentialService(db).approvedAccount();
          if (!account) throw new Error('No approved account: run approve-account <email> first.');
          const link = await new SignInLinks(db).issue(account.accountId, new Date());
          out(`sign-in link for ${account.email}, works once, expires ${link.expiresAt.toISOString()}:`);
          out(`${publicUrl}/signin/${link.token}`);
          out('This link is shown once and stored only as a hash. Open it in the owner’s browser.');
          return 0;
        });
      }
      case 'list-feedback':
        return await withDatabase(async (db) => {
          const entries = await new PrivacyRequests(db).listFeedback();
          if (entries.length === 0) out('no feedback');
          for (const f of entries) out(`${f.feedbackId}\t${f.createdAt.toISOString()}\t${oneLine(f.contact ?? '-')}\t${oneLine(f.message)}`);
          return 0;
        });
      case 'list-removal-requests':
        return await withDatabase(async (db) => {
          const entries = await new PrivacyRequests(db).listRemovalRequests();
          if (entries.length === 0) out('no removal requests');
          for (const r of entries) {
            const state = r.handledAt ? `handled ${r.handledAt.toISOString()}` : 'open';
            out(`${r.requestId}\t${r.createdAt.toISOString()}\t${state}\t${oneLine(r.contact)}\t${oneLine(r.details)}`);
          }
          return 0;
        });
      case 'mark-removal-handled': {
        const requestId = args[0];
        if (!requestId) throw new TypeError('mark-removal-handled needs a request id from list-removal-requests');
        return await withDatabase(async (db) => {
          const marked = await new PrivacyRequests(db).markRemovalHandled(requestId, new Date());
          out(marked ? `${requestId} marked handled` : `no open removal request ${requestId}: nothing was changed`);
          return marked ? 0 : 1;
        });
      }
      case 'remove-plan': {
        if (!args[0]) throw new TypeError('remove-plan needs the plan page link, its token or the draftRef');
        const reference = args[0];
        return await withDatabase(async (db) => {
          const removed = await new PlanRemoval(db).remove(reference);
          if (!removed) {
            out('no such plan: nothing was removed');
            return 1;
          }
          out(
            `removed ${removed.draftRef}: ${removed.revisions} revision(s), ${removed.pages} page(s), ${removed.idempotencyRecords} stored answer(s); ` +
              'answer the requester at the contact they gave',
          );
          return 0;
        });
      }
      case 'discovery': {
        const setting = args[0];
        if (setting !== 'on' && setting !== 'off' && setting !== 'status') throw new TypeError('discovery needs on, off or status');
        return await withDatabase(async (db) => {
          const discovery = new DiscoverySwitch(db);
          if (setting !== 'status') await discovery.set(setting === 'on', new Date());
          out(
            (await discovery.isOn())
              ? 'discovery on: robots.txt allows /agents and the scene overviews, sitemap.xml lists them; /p/ stays disallowed'
              : 'discovery off: robots.txt disallows everything and there is no sitemap',
          );
          return 0;
        });
      }
      case 'backup':
      case 'restore': {
        const config = configFromEnv();
        // The data directory is the embedded database itself; nothing else in it needs keeping.
        const target = {
          product: 'chengdu-soul',
          databaseUrl: config.databaseUrl,
          dataDir: resolve(config.dataDir),
          databasePrefix: '',
          files: [],
          cwd: process.cwd(),
        };
        out(await runBackupCommand(target, [command, ...args]));
        return 0;
      }
      case 'list-catalog':
        return await withRepository(async (repository) => {
          const versions = await repository.listVersions();
          if (versions.length === 0) out('no release published');
          for (const [i, v] of versions.entries())
            out(`${v.catalogVersion}\t${v.publishedAt.toISOString()}\t${v.contentHash.slice(0, 12)}${i === 0 ? '\tcurrent' : ''}`);
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

/** While the server runs it owns the embedded database, and every command goes through it. */
async function withDatabase<T>(work: (db: Kysely<ChengduDatabase>) => Promise<T>): Promise<T> {
  const database = await openChengduDatabase(configFromEnv(), 'reach');
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

function withRepository<T>(work: (repository: CatalogRepository) => Promise<T>): Promise<T> {
  return withDatabase((db) => work(new CatalogRepository(db)));
}

/** Visitor text on one tab-separated line: control characters (newlines, tabs, terminal escapes) shown, not obeyed. */
function oneLine(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this expression's job.
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (ch) => (ch === '\n' ? '\\n' : `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`));
}

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // `npm run operator` runs this in the workspace folder; a release folder or CHENGDU_SOUL_DATA_DIR
  // the operator gives relative means relative to where they typed the command (npm's INIT_CWD),
  // or the command would read another folder and open another, empty database.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  process.exitCode = await runOperator(process.argv.slice(2));
}
