/**
 * `npm run ampersand -- <command>`: the operator CLI. While the API process runs on the embedded
 * database it owns the data directory, so the commands run through it (the kit's owner channel);
 * otherwise, or on PostgreSQL, the CLI opens the database itself.
 */
import { AndeeRepository } from '../andees/andee-repository.ts';
import { WebSessions } from '../andees/web-sessions.ts';
import { Grants } from '../auth/grants.ts';
import { Connections } from '../identity/connections.ts';
import { IdentitySignals } from '../identity/identity-signals.ts';
import { Notifications } from '../identity/notifications.ts';
import { settingsFromEnv } from '../settings.ts';
import { openAmpersandDatabase } from '../store/open-ampersand-database.ts';
import { HELP, OFFLINE_COMMANDS, OperatorError, runOperatorCommand, urlsText } from './operator-commands.ts';

const args = process.argv.slice(2);
const settings = settingsFromEnv();

async function withDatabase(): Promise<string> {
  const database = await openAmpersandDatabase(settings, 'reach');
  try {
    const db = database.db;
    return await runOperatorCommand(
      {
        andees: new AndeeRepository(db),
        sessions: new WebSessions(db, settings.signInLinkTtlSeconds),
        grants: new Grants(db),
        facts: new IdentitySignals(db),
        connections: new Connections(db, new Notifications(db)),
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

try {
  const output = OFFLINE_COMMANDS.has(args[0]) ? (args[0] === 'urls' ? urlsText(settings.apiUrl, settings.mcpUrl) : HELP) : await withDatabase();
  process.stdout.write(`${output}\n`);
} catch (error) {
  process.stderr.write(`${error instanceof OperatorError ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
