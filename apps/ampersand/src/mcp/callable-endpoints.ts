/**
 * One MCP endpoint per set of tools a caller can use (spec "Request validation": each request
 * registers the tools allowed by the verified token context). `tools/list` shows exactly the
 * tools whose scopes the token carries, out of those its principal may see; every tool of that
 * principal stays callable by name, so a call without its scope is still the tool's own
 * `insufficient_scope` refusal naming the scope and how to get it. Endpoints are built on first
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

export function callableEndpoints(
  /** The tools a principal's kind may see (`kind` names the set). */
  toolsOf: (principal: Principal) => { kind: string; tools: Tool[] },
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
  const endpointOf = (principal: Principal, kind: string, tools: Tool[]) => {
    const names = tools.filter((tool) => usable(tool, principal)).map((tool) => tool.name);
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
      const { kind, tools } = toolsOf(principal);
      const scopesKey = `${kind}\n${principal.scopes.join(' ')}`;
      let endpoint = byScopes.get(scopesKey);
      if (!endpoint) {
        endpoint = endpointOf(principal, kind, tools);
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
