/**
 * `npm start` (second of &'s two processes): the MCP service on http://127.0.0.1:3004/mcp. It
 * holds no data; it verifies tokens with the shared secret and forwards to AMPERSAND_API_URL.
 */
import { listen, stopOnSignals } from '@agent-products/kit/http';
import { createLogger } from '@agent-products/kit/log';
import { createMcpService } from './mcp/mcp-service.ts';
import { settingsFromEnv } from './settings.ts';
import { resolveTokenSecret } from './token-secret.ts';

const settings = settingsFromEnv();
const log = createLogger({ name: 'ampersand-mcp', level: settings.logLevel });
const service = createMcpService({ settings, tokenSecret: resolveTokenSecret(settings), log });
const server = await listen(service.app.fetch, settings.mcpPort, settings.bindAddress);
log.info({ url: settings.mcpUrl, api: settings.apiUrl }, 'ampersand mcp listening');
process.stdout.write(
  [
    '',
    `& MCP          ${settings.mcpUrl}   (POST only; OAuth bearer token required)`,
    `               ${new URL('/.well-known/oauth-protected-resource', settings.mcpUrl).href}`,
    `               forwards to ${settings.apiUrl}`,
    '',
  ].join('\n'),
);

stopOnSignals(
  () => server.drain(settings.drain),
  () => service.close(),
);
