/**
 * The endpoint's common case recognized without asking the SDK which protocol era a request
 * belongs to. `plain-legacy-call.test.ts` checks on generated messages that whatever this calls
 * 2025-era the SDK's own classifier does too.
 */

/** The first protocol revision of the modern era, whose requests carry a `_meta` envelope. */
const FIRST_MODERN_VERSION = '2026-07-28';

/**
 * A tools/call whose params hold only `name` and `arguments` (so no `_meta` envelope claim) under
 * no header or a pre-2026 one is 2025-era by the SDK's own rules (classifyInboundRequest); such
 * calls are most of the traffic, and asking the SDK costs a schema check and a copy of the
 * request each time.
 */
export function isPlainLegacyToolCall(parsed: unknown, headerVersion: string | null): boolean {
  if (headerVersion !== null && headerVersion.trim() >= FIRST_MODERN_VERSION) return false;
  const message = parsed as { jsonrpc?: unknown; method?: unknown; id?: unknown; params?: unknown } | null;
  if (typeof message !== 'object' || message === null || message.jsonrpc !== '2.0' || message.method !== 'tools/call') return false;
  if (typeof message.id !== 'string' && typeof message.id !== 'number') return false;
  const params = message.params;
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return false;
  for (const key in params) if (key !== 'name' && key !== 'arguments') return false;
  return true;
}
