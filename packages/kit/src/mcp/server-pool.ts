/**
 * A pool of connected server instances, each lent to one request at a time.
 *
 * Instances are built lazily by the product's factory and returned after their exchange; at most
 * `maxIdle` are kept. The pool holds no request data between exchanges: the stateless legacy
 * protocol carries everything a request needs in the request itself.
 */
import type { JSONRPCMessage, JSONRPCRequest, McpServer, MessageExtraInfo } from '@modelcontextprotocol/server';
import { ExchangeTransport } from './exchange-transport.ts';

interface PooledServer {
  server: McpServer;
  transport: ExchangeTransport;
}

export class ServerPool {
  private readonly idle: PooledServer[] = [];

  constructor(
    private readonly build: () => McpServer,
    private readonly maxIdle = 64,
  ) {}

  async exchange(request: JSONRPCRequest, extra: MessageExtraInfo): Promise<JSONRPCMessage> {
    const lease = this.idle.pop() ?? (await this.create());
    try {
      return await lease.transport.exchange(request, extra);
    } finally {
      if (this.idle.length < this.maxIdle) this.idle.push(lease);
      else await lease.server.close();
    }
  }

  async close(): Promise<void> {
    const all = this.idle.splice(0);
    await Promise.all(all.map((lease) => lease.server.close()));
  }

  private async create(): Promise<PooledServer> {
    const server = this.build();
    const transport = new ExchangeTransport();
    await server.connect(transport);
    return { server, transport };
  }
}
