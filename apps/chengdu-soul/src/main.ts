/**
 * `npm start`: Chengdu Soul on http://127.0.0.1:8401 over the embedded database (or
 * DATABASE_URL). On an empty database the newest reviewed release in the repository is
 * published once, so a fresh clone serves scenes; later releases go through the operator CLI.
 * CHENGDU_SOUL_PORT=0 binds any free port; the address bound is on stdout (`Chengdu Soul <url>/`),
 * which is how test starters learn it without picking a port for the child first.
 */
import { createLogger } from '@agent-products/kit/log';
import { listenFirst, stopOnSignals } from '@agent-products/kit/http';
import { DataDirectoryInUseError } from '@agent-products/kit/store';
import { createChengduApp } from './app.ts';
import { readReleaseFolder } from './catalog/read-release.ts';
import { newestBundledRelease } from './catalog/bundled-releases.ts';
import { allowedOriginsFor, configFromEnv, publicUrlFor } from './config.ts';
import { openChengduDatabase } from './store/open-chengdu-database.ts';

const config = configFromEnv();
const log = createLogger({ name: 'chengdu-soul', level: config.logLevel });
const database = await openChengduDatabase(config).catch((error: Error) => {
  // Another process owning the data directory is an operator's situation, not a crash: say whose.
  if (error instanceof DataDirectoryInUseError) {
    process.stderr.write(`chengdu-soul cannot start: ${error.message}\n`);
    process.exit(1);
  }
  throw error;
});
// Links, the credential audience and the allowed origins name the server's own address, known
// once it is listening (until the app is ready, requests get a 503).
const server = await listenFirst(config.port, config.host);
const service = createChengduApp({
  database,
  log,
  allowedOrigins: allowedOriginsFor(config, server.port),
  publicUrl: publicUrlFor(config, server.port),
  catalogRefreshMs: config.catalogRefreshMs,
  searchAnswersKept: config.searchAnswersKept,
  redisUrl: config.redisUrl,
  writesPerMinute: config.writesPerMinute,
  tiles: config.tiles,
  metricsToken: config.metricsToken,
});

if ((await service.repository.currentVersion()) === undefined) {
  const folder = newestBundledRelease();
  const outcome = await service.repository.publish(readReleaseFolder(folder));
  log.info({ catalogVersion: outcome.catalogVersion }, 'empty database: published the bundled catalog release');
}

server.serve(service.app.fetch);
log.info({ url: server.url, database: database.kind }, 'chengdu-soul listening');
process.stdout.write(
  [
    '',
    `Chengdu Soul   ${server.url}/            (web)`,
    `               ${server.url}/agents      (scene search)`,
    `               ${server.url}/mcp         (MCP, POST only)`,
    `               ${server.url}/health`,
    `Database       ${database.kind === 'pglite' ? `embedded (${config.dataDir})` : 'PostgreSQL (DATABASE_URL)'}`,
    'Operator       npm run operator -- help      (every command works while this server runs)',
    'Owner          npm run operator -- approve-account you@example.com',
    '               npm run operator -- issue-credential      (Agent credential for /mcp planning writes)',
    '               npm run operator -- issue-signin-link     (one-time link to sign in on /)',
    '',
  ].join('\n'),
);

stopOnSignals(
  () => server.drain(config.drain),
  () => service.close(),
  () => database.close(),
);
