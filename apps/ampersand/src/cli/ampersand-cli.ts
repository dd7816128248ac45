/**
 * `npm run ampersand -- <command>`: the operator CLI. While the API process runs on the embedded
 * database it owns the data directory, so the command is sent to it (POST /operator on loopback);
 * otherwise, or over PostgreSQL, the CLI opens the database itself.
 */
import { AndeeRepository } from '../andees/andee-repository.ts';
import { WebSessions } from '../andees/web-sessions.ts';
import { OPERATOR_KEY_HEADER } from '../api/operator-route.ts';
import { deriveKeys } from '../auth/derived-keys.ts';
import { Grants } from '../auth/grants.ts';
import { Connections } from '../identity/connections.ts';
import { IdentityFacts } from '../identity/identity-facts.ts';
import { settingsFromEnv } from '../settings.ts';
import { openAmpersandDatabase } from '../store/open-ampersand-database.ts';
import { resolveTokenSecret } from '../token-secret.ts';
import { HELP, OFFLINE_COMMANDS, OperatorError, runOperatorCommand, urlsText } from './operator-commands.ts';

const args = process.argv.slice(2);
const settings = settingsFromEnv();

async function viaRunningApi(operatorKey: string): Promise<string | undefined> {
  let response: Response;
  try {
    response = await fetch(`http://${settings.host}:${settings.apiPort}/operator`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [OPERATOR_KEY_HEADER]: operatorKey },
      body: JSON.stringify({ args }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    return undefined;
  }
  const body = (await response.json()) as { output?: string; error?: { message: string } };
  if (body.error) throw new OperatorError(body.error.message);
  return body.output ?? '';
}

async function direct(): Promise<string> {
  const database = await openAmpersandDatabase(settings);
  try {
    const db = database.db;
    return await runOperatorCommand(
      {
        andees: new AndeeRepository(db),
        sessions: new WebSessions(db, settings.signInLinkTtlSeconds),
        grants: new Grants(db),
        facts: new IdentityFacts(db),
        connections: new Connections(db),
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
  let output: string;
  if (OFFLINE_COMMANDS.has(args[0])) output = args[0] === 'urls' ? urlsText(settings.apiUrl, settings.mcpUrl) : HELP;
  else {
    const operatorKey = deriveKeys(resolveTokenSecret(settings)).operatorKey;
    output = (settings.databaseUrl ? undefined : await viaRunningApi(operatorKey)) ?? (await direct());
  }
  process.stdout.write(`${output}\n`);
} catch (error) {
  process.stderr.write(`${error instanceof OperatorError ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
