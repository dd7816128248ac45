/** Test support shared by every product's suites (not used by production code). */
export { openTestDatabase, testDatabaseKind, type TestDatabase } from './test-database.ts';
export { MCP_HEADERS, callTool, connectClient, rpc } from './mcp-client.ts';
export { browserAvailable, launchChromium, reportMissingBrowser } from './chromium.ts';
export { axeProblems } from './axe.ts';
export type { InteropCall } from './interop-clients.ts';
export { describeErrorInterop } from './error-interop.ts';
export { freePort } from './free-port.ts';
export { recordStatements, sequentialScans } from './query-plans.ts';
export { migrationRuleFindingsOnFreshDatabase } from './migration-rules.ts';
export { InMemoryOAuthClient } from './in-memory-oauth-client.ts';
export { tcpRelay, type TcpRelay } from './tcp-relay.ts';
export { startRedisProcess, type RedisProcess } from './redis-process.ts';
export { fuzzRuns } from './fuzz-scale.ts';
export { startTileStandIn, type TileStandIn } from './tile-server.ts';
export { labelValues, sampleSum, scrapeMetrics } from './scrape-metrics.ts';
export { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from './otlp-receiver.ts';
