/**
 * `npm run ampersand -- <command>`: the operator CLI. While the API process runs on the embedded
 * database it owns the data directory, so the commands run through it (the kit's owner channel);
 * otherwise, or on PostgreSQL, the CLI opens the database itself.
 */
import { AndeeRepository } from '../andees/andee-repository.ts';
import { WebSessions } from '../andees/web-sessions.ts';
import { Grants } from '../auth/grants.ts';
import { hostedRuntimeCredentials } from '../auth/hosted-runtime.ts';
import { authRateLimits } from '../auth/rate-limits.ts';
import { Connections } from '../identity/connections.ts';
import { IdentitySignals } from '../identity/identity-signals.ts';
import { Notifications } from '../identity/notifications.ts';
import { Contacts } from '../identity/contacts.ts';
import { seedDemoGraph } from '../identity/demo-graph.ts';
import { PeerQuestions } from '../identity/peer-questions.ts';
import { FirstPartyClients } from '../identity/visibility.ts';
import { deriveKeys } from '../auth/derived-keys.ts';
import { resolveTokenSecret } from '../token-secret.ts';
import { settingsFromEnv } from '../settings.ts';
import { openAmpersandDatabase } from '../store/open-ampersand-database.ts';
import { HELP, OFFLINE_COMMANDS, OperatorError, runOperatorCommand, urlsText } from './operator-commands.ts';
import { BackupError, runBackupCommand } from '@agent-products/kit/store';
import { resolve } from 'node:path';
import { SECRET_FILE } from '../token-secret.ts';

const args = process.argv.slice(2);
const settings = settingsFromEnv();

async function withDatabase(): Promise<string> {
  const database = await openAmpersandDatabase(settings, 'reach');
  try {
    const db = database.db;
    const andees = new AndeeRepository(db);
    const signals = new IdentitySignals(db);
    const notifications = new Notifications(db);
    const connections = new Connections(db, notifications);
    const questions = new PeerQuestions(db, signals, notifications, settings.questionTtlSeconds, () => new Date());
    // Only seed-demo (the demo's phone numbers are hashed with the API's key) and
    // hosted-runtime-token (signed with it) need the secret.
    const keys = () => deriveKeys(resolveTokenSecret(settings));
    const contacts = () => new Contacts(db, keys().phoneHash);
    return await runOperatorCommand(
      {
        andees,
        sessions: new WebSessions(db, settings.signInLinkTtlSeconds),
        grants: new Grants(db),
        facts: signals,
        connections,
        firstParty: new FirstPartyClients(db),
        hostedRuntime: {
          issue: (andeeId, now) =>
            hostedRuntimeCredentials({
              db,
              keys: keys(),
              issuer: settings.apiUrl,
              resource: settings.mcpUrl,
              ttlSeconds: settings.accessTokenTtlSeconds,
            }).issue(andeeId, now),
        },
        clearRateLimit: async (name, subject) => {
          const limits = authRateLimits({ db, redisUrl: settings.redisUrl, limits: settings.rateLimits });
          try {
            return await limits.clear(name, subject);
          } finally {
            await limits.close();
          }
        },
        seedDemo: () => seedDemoGraph({ db, andees, signals, connections, contacts: contacts(), questions }, new Date()),
        apiUrl: settings.apiUrl,
        mcpUrl: settings.mcpUrl,
        now: () => new Date(),
      },
      args,
    );
  } finally {
    await database.close();
  }
}

/**
 * The API's data directory: its database under `db` and the token secret beside it, without which a
 * restored API could not verify the tokens and phone hashes the database holds.
 */
function backup(): Promise<string> {
  const target = {
    product: 'ampersand',
    databaseUrl: settings.databaseUrl,
    dataDir: resolve(settings.dataDir),
    databasePrefix: 'db',
    files: [SECRET_FILE],
    cwd: process.env.INIT_CWD ?? process.cwd(),
  };
  return runBackupCommand(target, args);
}

try {
  const output = OFFLINE_COMMANDS.has(args[0])
    ? args[0] === 'urls'
      ? urlsText(settings.apiUrl, settings.mcpUrl)
      : HELP
    : args[0] === 'backup' || args[0] === 'restore'
      ? await backup()
      : await withDatabase();
  process.stdout.write(`${output}\n`);
} catch (error) {
  process.stderr.write(`${error instanceof OperatorError || error instanceof BackupError ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
