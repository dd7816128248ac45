/**
 * The "migrations" process of a deployment (deploy/): brings the & schema up to date and exits.
 * The API migrates at start as well; running this once first, before the API and MCP services
 * roll out, means a new release's replicas never start on a schema they have not seen yet.
 *
 * The schema changes and their concurrent index builds by default (the kit README's online
 * migrations; the old release serves meanwhile); what they leave to do on existing rows runs in
 * the background of the API. `--backfill` runs those backfills to
 * completion here too, with their progress in the log (one process at a time works on each, so
 * running it while the API serves is safe).
 */
import { createLogger } from '@agent-products/kit/log';
import { settingsFromEnv } from '../settings.ts';
import { finishAmpersandBackfills, openAmpersandDatabase } from '../store/open-ampersand-database.ts';

const settings = settingsFromEnv();
const log = createLogger({ name: 'ampersand-migrate', level: settings.logLevel });
const backfill = process.argv.includes('--backfill');
const database = await openAmpersandDatabase(settings, 'refuse', { log });
if (backfill) await finishAmpersandBackfills(database, log);
await database.close();
process.stdout.write(
  `ampersand: schema ${settings.databaseSchema} is up to date${backfill ? ', backfills complete,' : ''} on ${database.kind === 'pglite' ? `the embedded database (${settings.dataDir})` : 'PostgreSQL'}\n`,
);
