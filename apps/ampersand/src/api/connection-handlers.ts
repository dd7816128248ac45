/**
 * The connection operations (contracts/connection-operations.ts) bound to their use cases
 * (identity/connection-cases.ts) with the token's andee as the caller; the read (with
 * people-you-may-know from contacts) carries the grant check in its one statement.
 */
import type { connectionOperations } from '../contracts/connection-operations.ts';
import { connectionCases } from '../identity/connection-cases.ts';
import type { Connections } from '../identity/connections.ts';
import type { ApiTokenDeps } from './api-token.ts';
import type { OperationBindings } from './operation-routes.ts';
import type { AreaDeps } from './route-kit.ts';

export interface ConnectionHandlerDeps extends AreaDeps, ApiTokenDeps {
  connections: Connections;
}

export function connectionHandlers(deps: ConnectionHandlerDeps): OperationBindings<(typeof connectionOperations)[number]['name']> {
  const cases = connectionCases(deps);
  return {
    // The hottest read: its grant check, connections and people-you-may-know are one statement
    // (api-token.ts, `in-read`; identity/connections-read.ts).
    connections_read: {
      grantCheck: 'in-read',
      run: (input, { c }) => cases.read(c.get('principal').subject, input, { grantId: c.get('grantId'), now: deps.now() }),
    },
    connections_pending: async (input, { caller }) => cases.pending(await caller(), input),
    connections_request: async (input, { caller }) => cases.request(await caller(), input, deps.now()),
    connections_accept: async (input, { caller }) => cases.accept(await caller(), input, deps.now()),
    connections_deny: async (input, { caller }) => cases.deny(await caller(), input, deps.now()),
    connections_remove: async (input, { caller }) => cases.remove(await caller(), input, deps.now()),
  };
}
