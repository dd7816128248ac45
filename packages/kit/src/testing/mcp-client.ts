/**
 * Test helpers speaking MCP to a running server: the official SDK client over Streamable HTTP,
 * and raw JSON-RPC over fetch for what a client library would hide (headers, status codes).
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

export async function connectClient(baseUrl: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'test-client', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL('/mcp', baseUrl), { requestInit: { headers } });
  await client.connect(transport);
  return client;
}

export const MCP_HEADERS = {
  'Content-Type': 'application/json',
  Accept: 'application/json, text/event-stream',
} as const;

export async function rpc(
  baseUrl: string,
  body: unknown,
  options: { headers?: Record<string, string>; protocolVersion?: string | null } = {},
): Promise<{ status: number; headers: Headers; json: any; text: string }> {
  const protocol = options.protocolVersion === undefined ? '2025-06-18' : options.protocolVersion;
  const response = await fetch(new URL('/mcp', baseUrl), {
    method: 'POST',
    headers: { ...MCP_HEADERS, ...(protocol ? { 'MCP-Protocol-Version': protocol } : {}), ...options.headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, json, text };
}

/** A raw `tools/call` and its result (or JSON-RPC error). */
export async function callTool(baseUrl: string, name: string, args: unknown, id: number | string = 1) {
  const answer = await rpc(baseUrl, { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
  return answer.json as { result?: any; error?: any };
}
