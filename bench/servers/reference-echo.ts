/**
 * The reference server: the SDK's documented per-request way (a fresh McpServer from a factory
 * for every request via createMcpHandler) with one trivial echo tool, on @hono/node-server.
 * Prints its URL on stdout once listening.
 */
import { serve } from '@hono/node-server';
import { McpServer, createMcpHandler } from '@modelcontextprotocol/server';
import * as z from 'zod';

const handler = createMcpHandler(() => {
  const server = new McpServer({ name: 'reference-echo', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.registerTool('echo', { description: 'Echo the text back.', inputSchema: z.object({ text: z.string() }) }, async ({ text }) => ({
    content: [{ type: 'text', text }],
  }));
  return server;
});

const server = serve({ fetch: (request: Request) => handler.fetch(request), port: 0, hostname: '127.0.0.1' }, (info) => {
  process.stdout.write(`LISTENING http://127.0.0.1:${info.port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
