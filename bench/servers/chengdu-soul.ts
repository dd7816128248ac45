/**
 * Chengdu Soul as benchmarked: the real application on the embedded database (or DATABASE_URL),
 * with the bundled release published. Prints its URL on stdout once listening.
 */
import { listen, loopbackOrigins } from '@agent-products/kit/http';
import { createLogger } from '@agent-products/kit/log';
import { createChengduApp } from '../../apps/chengdu-soul/src/app.ts';
import { newestBundledRelease } from '../../apps/chengdu-soul/src/catalog/bundled-releases.ts';
import { readReleaseFolder } from '../../apps/chengdu-soul/src/catalog/read-release.ts';
import { openChengduDatabase } from '../../apps/chengdu-soul/src/store/open-chengdu-database.ts';

const database = await openChengduDatabase({
  databaseUrl: process.env.DATABASE_URL,
  databaseSchema: process.env.BENCH_SCHEMA ?? 'bench_chengdu',
  dataDir: 'memory://',
});
// Request logs go to /dev/null-like silence: the benchmark measures serving, not terminal output.
const log = createLogger({ name: 'chengdu-soul-bench', level: 'silent' });
let app: ReturnType<typeof createChengduApp> | undefined;
const server = await listen((request) => app!.app.fetch(request), 0);
app = createChengduApp({ database, log, allowedOrigins: loopbackOrigins(server.port), publicUrl: server.url });
await app.repository.publish(readReleaseFolder(newestBundledRelease()));
process.stdout.write(`LISTENING ${server.url}\n`);
process.on('SIGTERM', async () => {
  await server.close();
  await database.close();
  process.exit(0);
});
