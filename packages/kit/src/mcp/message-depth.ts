/**
 * A JSON-RPC message nested deeper than any protocol field needs is refused before the SDK sees
 * it: its schema checks recurse, and a message nested 100,000 levels deep (in `initialize`
 * capabilities, say) overflows the stack. A tools/call's `arguments` are left to the tool, which
 * refuses deep arguments as invalid_arguments naming the field (tool.ts).
 */
export const MAX_MESSAGE_DEPTH = 64;

/** An object or array still to look into, and the way it was reached (its path, spelled out only if refused). */
interface Pending {
  value: object;
  key: string;
  depth: number;
  parent: Pending | undefined;
}

/**
 * The path at which `message` nests deeper than MAX_MESSAGE_DEPTH, found without recursion. Every
 * request is checked, so the walk keeps no path per value: a path is built only for the answer.
 */
export function tooDeepAt(message: unknown): string | undefined {
  if (typeof message !== 'object' || message === null) return undefined;
  const toolCall = (message as { method?: unknown }).method === 'tools/call';
  const pending: Pending[] = [{ value: message, key: '', depth: 0, parent: undefined }];
  while (pending.length > 0) {
    const entry = pending.pop()!;
    if (toolCall && entry.depth === 2 && entry.key === 'arguments' && entry.parent!.key === 'params') continue;
    if (entry.depth >= MAX_MESSAGE_DEPTH) return pathOf(entry);
    const value = entry.value as Record<string, unknown>;
    for (const key of Object.keys(value)) {
      const child = value[key];
      if (typeof child === 'object' && child !== null) pending.push({ value: child, key, depth: entry.depth + 1, parent: entry });
    }
  }
  return undefined;
}

function pathOf(entry: Pending): string {
  const keys: string[] = [];
  for (let at: Pending | undefined = entry; at?.parent; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
}
