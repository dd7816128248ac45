/**
 * One MCP endpoint per set of tools a caller can use (spec "Request validation": each request
 * registers the tools allowed by the verified token context). `tools/list` shows exactly the
 * tools whose scopes the token carries, out of those its principal's kind may see (a kind may
 * keep some unlisted whatever the scopes: the turn-scoped tools outside a turn, the hosted
 * runtime's to anyone else); every tool of the kind stays callable by name, so a call without
 * its scope is still the tool's own `insufficient_scope` refusal naming the scope and how to get
 * it, and an unlisted one its own refusal, never an unknown tool. Endpoints are built on first
 * use and kept: there are at most as many as subsets of the scopes, per principal kind.
 */
import { missingScopes, type Principal } from '@agent-products/kit/auth';
import type { McpEndpoint, Tool } from '@agent-products/kit/mcp';

export interface CallableEndpoints {
  endpointFor(principal: Principal): McpEndpoint;
  close(): Promise<void>;
}

/** How many distinct scope lists (per kind) keep their endpoint at hand. */
const MAX_REMEMBERED_SCOPE_LISTS = 1024;

/** The tools of a principal's kind (`kind` names it): all callable by name, those in `unlisted` never listed. */
export interface KindTools {
  kind: string;
  tools: Tool[];
  unlisted: ReadonlySet<string>;
}

export function callableEndpoints(
  toolsOf: (principal: Principal) => KindTools,
  build: (tools: Tool[], listed: (tool: Tool) => boolean) => McpEndpoint,
  /** Tools whose handler accepts any one of several scopes, where the kit's all-of list cannot say it. */
  anyOfScopes: Readonly<Record<string, readonly string[]>> = {},
): CallableEndpoints {
  const usable = (tool: Tool, principal: Principal) => {
    const anyOf = anyOfScopes[tool.name];
    if (anyOf) return anyOf.some((scope) => principal.scopes.includes(scope));
    return missingScopes(principal, tool.scopes).length === 0;
  };
  const endpoints = new Map<string, McpEndpoint>();
  // Every call asks, and the answer depends only on the kind and the scopes held: it is looked
  // up by those rather than by checking every tool's scopes again on each call.
  const byScopes = new Map<string, McpEndpoint>();
  const endpointOf = (principal: Principal, { kind, tools, unlisted }: KindTools) => {
    const names = tools.filter((tool) => !unlisted.has(tool.name) && usable(tool, principal)).map((tool) => tool.name);
    const key = `${kind}:${names.join(',')}`;
    let endpoint = endpoints.get(key);
    if (!endpoint) {
      const listed = new Set(names);
      endpoint = build(tools, (tool) => listed.has(tool.name));
      endpoints.set(key, endpoint);
    }
    return endpoint;
  };
  return {
    endpointFor(principal) {
      const kindTools = toolsOf(principal);
      const scopesKey = `${kindTools.kind}\n${principal.scopes.join(' ')}`;
      let endpoint = byScopes.get(scopesKey);
      if (!endpoint) {
        endpoint = endpointOf(principal, kindTools);
        // Scope lists come from signed tokens, so there are few; the bound only guards the memory.
        if (byScopes.size >= MAX_REMEMBERED_SCOPE_LISTS) byScopes.clear();
        byScopes.set(scopesKey, endpoint);
      }
      return endpoint;
    },
    async close() {
      await Promise.all([...endpoints.values()].map((endpoint) => endpoint.close()));
    },
  };
}
