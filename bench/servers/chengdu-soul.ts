/**
 * Chengdu Soul as benchmarked: the real application on the embedded database (or DATABASE_URL),
 * with the bundled release published. Prints its URL on stdout once listening.
 */
import { listenFirst, loopbackOrigins, stopOnSignals } from '@agent-products/kit/http';
import { createLogger } from '@agent-products/kit/log';
import { createChengduApp, newestBundledRelease, openChengduDatabase, readReleaseFolder } from '@agent-products/chengdu-soul/composition';

const database = await openChengduDatabase({
  databaseUrl: process.env.DATABASE_URL,
  databaseSchema: process.env.BENCH_SCHEMA ?? 'bench_chengdu',
  dataDir: 'memory://',
});
// Request logs go to /dev/null-like silence: the benchmark measures serving, not terminal output.
const log = createLogger({ name: 'chengdu-soul-bench', level: 'silent' });
const server = await listenFirst(0);
// BENCH_SEARCH_ANSWERS_KEPT=0 makes every search run afresh, so the benchmark measures the search, not the kept answers.
const searchAnswersKept = process.env.BENCH_SEARCH_ANSWERS_KEPT === undefined ? undefined : Number(process.env.BENCH_SEARCH_ANSWERS_KEPT);
const app = createChengduApp({ database, log, allowedOrigins: loopbackOrigins(server.port), publicUrl: server.url, searchAnswersKept });
server.serve(app.app.fetch);
await app.repository.publish(readReleaseFolder(newestBundledRelease()));
process.stdout.write(`LISTENING ${server.url}\n`);
stopOnSignals(
  () => server.close(),
  () => database.close(),
);
