/**
 * The "migrations" process of a deployment (deploy/): brings the Chengdu Soul schema up to date
 * and exits. The server migrates at start as well; running this once first, before the servers
 * roll out, means a new release's replicas never start on a schema they have not seen yet.
 */
import { configFromEnv } from '../config.ts';
import { openChengduDatabase } from '../store/open-chengdu-database.ts';

const config = configFromEnv();
const database = await openChengduDatabase(config);
await database.close();
process.stdout.write(
  `chengdu-soul: schema ${config.databaseSchema} is up to date on ${database.kind === 'pglite' ? `the embedded database (${config.dataDir})` : 'PostgreSQL'}\n`,
);
