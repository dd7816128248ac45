/** JSON-RPC error answers the endpoint gives before any server instance is involved. */
export const JSON_RPC = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
} as const;

export function jsonRpcErrorResponse(
  status: number,
  code: number,
  message: string,
  id: string | number | null = null,
  headers: Record<string, string> = {},
): Response {
  return Response.json({ jsonrpc: '2.0', id, error: { code, message } }, { status, headers });
}
