/**
 * &'s MCP service as benchmarked: the real service, verifying with the shared secret and
 * forwarding to the API at BENCH_AMPERSAND_API_URL. Prints its URL once listening.
 */
import { listen, stopOnSignals } from '@agent-products/kit/http';
import { createLogger } from '@agent-products/kit/log';
import { createMcpService } from '@agent-products/ampersand/composition';

const secret = process.env.BENCH_AMPERSAND_SECRET;
const mcpUrl = process.env.BENCH_AMPERSAND_MCP_URL;
const apiUrl = process.env.BENCH_AMPERSAND_API_URL;
if (!secret || !mcpUrl || !apiUrl) throw new TypeError('BENCH_AMPERSAND_SECRET, BENCH_AMPERSAND_MCP_URL and BENCH_AMPERSAND_API_URL are required');

const service = createMcpService({
  settings: { mcpUrl, apiUrl, mcpAllowedOrigins: [], openaiAppsChallenge: undefined },
  tokenSecret: secret,
  log: createLogger({ name: 'ampersand-mcp-bench', level: 'silent' }),
});
const server = await listen(service.app.fetch, 0);
process.stdout.write(`LISTENING ${server.url}\n`);
stopOnSignals(
  () => server.close(),
  () => service.close(),
);
