/** Test support shared by every product's suites (not used by production code). */
export { openTestDatabase, testDatabaseKind, type TestDatabase } from './test-database.ts';
export { MCP_HEADERS, callTool, connectClient, rpc } from './mcp-client.ts';
export { browserAvailable, launchChromium, reportMissingBrowser } from './chromium.ts';
export { axeProblems, type AxeOptions, type AxeProblem } from './axe.ts';
export type { InteropCall } from './interop-clients.ts';
export { describeErrorInterop, type ErrorInteropOptions, type ErrorScenario } from './error-interop.ts';
export { freePort } from './free-port.ts';
export { recordStatements, sequentialScans, type RecordedStatement } from './query-plans.ts';
export { migrationRuleFindings, statementFindings } from './migration-rules.ts';
export { InMemoryOAuthClient } from './in-memory-oauth-client.ts';
export { tcpRelay, type TcpRelay } from './tcp-relay.ts';
export { startRedisProcess, type RedisProcess } from './redis-process.ts';
export { fuzzRuns } from './fuzz-scale.ts';
export { startTileStandIn, type TileStandIn } from './tile-server.ts';
export { labelValues, parseExposition, sampleSum, scrapeMetrics, type Sample, type Scrape } from './scrape-metrics.ts';
export { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from './otlp-receiver.ts';
