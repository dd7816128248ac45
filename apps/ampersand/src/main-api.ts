/**
 * `npm start` (first of &'s two processes): the API, the OAuth authorization server and the
 * andee's web app on http://127.0.0.1:3005 over the embedded database (or DATABASE_URL).
 */
import { listen, stopOnSignals } from '@agent-products/kit/http';
import { createLogger } from '@agent-products/kit/log';
import { createApiService } from './api-app.ts';
import { settingsFromEnv } from './settings.ts';
import { openAmpersandDatabase, startAmpersandBackfills } from './store/open-ampersand-database.ts';
import { resolveTokenSecret } from './token-secret.ts';

const settings = settingsFromEnv();
const log = createLogger({ name: 'ampersand-api', level: settings.logLevel });
const tokenSecret = resolveTokenSecret(settings);
// Schema changes only before serving; their index builds and backfills follow in the background.
const database = await openAmpersandDatabase(settings, 'refuse', { log, deferIndexes: true });
const service = await createApiService({ settings, database, tokenSecret, log });
// The labelled demo graph, once, only on the embedded default: never into a real database.
const demo = database.kind === 'pglite' && settings.demoSeed ? await service.seedDemo() : undefined;

const server = await listen(service.app.fetch, settings.apiPort, settings.bindAddress);
// What the migrations left to do (indexes, existing rows in bounded batches) while serving (kit README).
const backfills = startAmpersandBackfills(database, log);
log.info({ url: settings.apiUrl, database: database.kind }, 'ampersand api listening');
process.stdout.write(
  [
    '',
    `& API + OAuth  ${settings.apiUrl}/                 (web app: sign in, approve, connected apps)`,
    `               ${settings.apiUrl}/.well-known/oauth-authorization-server`,
    `               ${settings.apiUrl}/health`,
    `Database       ${database.kind === 'pglite' ? `embedded (${settings.dataDir})` : 'PostgreSQL (DATABASE_URL)'}`,
    'Operator       npm run ampersand -- help',
    '               npm run ampersand -- create-andee <tag> "<name>"   then   npm run ampersand -- sign-in-link <tag>',
    settings.devMailbox ? `Dev mailbox    ${settings.apiUrl}/dev/mailbox` : '',
    demo
      ? `Demo graph     ${demo.seeded ? 'seeded' : 'present'}: ${demo.tags.map((t) => `&${t}`).join(' ')} (labelled "(demo)"; AMPERSAND_DEMO=0 skips it)`
      : '',
    demo ? '               npm run ampersand -- sign-in-link demo_ada   to look around as Ada' : '',
    '',
  ]
    .filter((line, i, all) => line !== '' || i === 0 || i === all.length - 1)
    .join('\n'),
);

stopOnSignals(
  () => server.drain(settings.drain),
  () => service.close(),
  () => backfills.stop(),
  () => database.close(),
);
