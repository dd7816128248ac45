/** Calls one tool through the official MCP client and returns what a test needs from the result. */
import type { Client } from '@modelcontextprotocol/client';

export interface ToolAnswer {
  isError: boolean;
  data: any;
  text: string;
}

export async function callThroughClient(client: Client, name: string, args?: Record<string, unknown>): Promise<ToolAnswer> {
  const result = await client.callTool({ name, ...(args === undefined ? {} : { arguments: args }) });
  return {
    isError: result.isError === true,
    data: result.structuredContent as any,
    text: (result.content as Array<{ type: string; text: string }>)[0]!.text,
  };
}
