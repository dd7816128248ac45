/**
 * The "migrations" process of a deployment (deploy/): brings the & schema up to date and exits.
 * The API migrates at start as well; running this once first, before the API and MCP services
 * roll out, means a new release's replicas never start on a schema they have not seen yet.
 */
import { settingsFromEnv } from '../settings.ts';
import { openAmpersandDatabase } from '../store/open-ampersand-database.ts';

const settings = settingsFromEnv();
const database = await openAmpersandDatabase(settings);
await database.close();
process.stdout.write(
  `ampersand: schema ${settings.databaseSchema} is up to date on ${database.kind === 'pglite' ? `the embedded database (${settings.dataDir})` : 'PostgreSQL'}\n`,
);
