/**
 * A JSON-RPC message nested deeper than any protocol field needs is refused before the SDK sees
 * it: its schema checks recurse, and a message nested 100,000 levels deep (in `initialize`
 * capabilities, say) overflows the stack. A tools/call's `arguments` are left to the tool, which
 * refuses deep arguments as invalid_arguments naming the field (tool.ts).
 */
export const MAX_MESSAGE_DEPTH = 64;

/** The path at which `message` nests deeper than MAX_MESSAGE_DEPTH, found without recursion. */
export function tooDeepAt(message: unknown): string | undefined {
  const toolCall = (message as { method?: unknown } | null)?.method === 'tools/call';
  const pending: Array<{ value: unknown; path: string[] }> = [{ value: message, path: [] }];
  while (pending.length > 0) {
    const { value, path } = pending.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    if (toolCall && path.length === 2 && path[0] === 'params' && path[1] === 'arguments') continue;
    if (path.length >= MAX_MESSAGE_DEPTH) return path.join('.');
    for (const [key, child] of Object.entries(value)) pending.push({ value: child, path: [...path, key] });
  }
  return undefined;
}
