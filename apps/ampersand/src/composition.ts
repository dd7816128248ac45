/**
 * &'s composition entry (`@agent-products/ampersand/composition`): what a harness outside the
 * product (the benchmarks in bench/) needs to assemble its two services in-process and to seed
 * their database — the API and MCP services, the keys derived from the token secret, the schema
 * and its migrations, and the Loop records — so that no harness reaches into the product's rooms
 * by path (`npm run lint:imports`). Its settings module, too: deploy/deploy-files.test.ts checks
 * the deployment files against what it reads.
 */
export { createApiService, type ApiService, type ApiSettings } from './api-app.ts';
export { deriveKeys } from './auth/derived-keys.ts';
export { writeItem } from './loops/loop-items.ts';
export { Loops } from './loops/loop-records.ts';
export { createMcpService } from './mcp/mcp-service.ts';
export { ampersandMigrations } from './store/migrations.ts';
export type { AmpersandDatabase } from './store/schema.ts';
export { settingsFromEnv } from './settings.ts';
export { SWEEPS, type SweepCounts } from './housekeeping/sweeps.ts';
