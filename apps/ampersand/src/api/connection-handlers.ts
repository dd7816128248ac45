/**
 * The domain functions behind the connection operations (contracts/connection-operations.ts):
 * read (with people-you-may-know from contacts) and pending; request, accept, deny, remove.
 * Writes run in one transaction with their notification; with an idempotency key a retry gets
 * the first answer.
 */
import type { connectionOperations } from '../contracts/connection-operations.ts';
import { ampersandErrors } from '../errors.ts';
import type { Connections } from '../identity/connections.ts';
import { connectionsReadIf } from '../identity/connections-read.ts';
import { revokedChallenge, type ApiTokenDeps } from './api-token.ts';
import { checkedCursor, LIST_PAGE_SIZE } from './list-cursor.ts';
import type { OperationBindings, OperationCall } from './operation-routes.ts';
import type { ConnectionChangeOutput } from '../contracts/connection-contracts.ts';
import type { OperationInput } from '../contracts/operations.ts';
import { andeeByTag, personOf, writeOnce, type AreaDeps } from './route-kit.ts';

export interface ConnectionHandlerDeps extends AreaDeps, ApiTokenDeps {
  connections: Connections;
}

export function connectionHandlers(deps: ConnectionHandlerDeps): OperationBindings<(typeof connectionOperations)[number]['name']> {
  /** accept and deny take the same input and resolve the same incoming request, one way or the other. */
  async function decide(
    decision: 'accept' | 'deny',
    { idempotencyKey, ...args }: OperationInput<'connections_accept'>,
    { operation, caller: me }: OperationCall,
  ): Promise<ConnectionChangeOutput> {
    const caller = await me();
    const from = await deps.andees.byTag(args.tag);
    const now = deps.now();
    const noMatch = () =>
      ampersandErrors.fail(
        'no_matching_request',
        `No incoming pending request from &${args.tag.trim().replace(/^&/, '')}; connections_pending lists the requests you can ${decision}.`,
      );
    if (!from) throw noMatch();
    return writeOnce(deps.db, { accountId: caller.andeeId, operation, idempotencyKey }, { tag: from.tag }, now, async (trx) => {
      if (!(await deps.connections.resolveIncoming(trx, personOf(caller), from.andeeId, decision === 'accept' ? 'accepted' : 'denied', now))) throw noMatch();
      return { tag: `&${from.tag}`, name: from.displayName, outcome: decision === 'accept' ? 'accepted' : 'denied' };
    });
  }

  return {
    // The hottest read: its grant check, connections and people-you-may-know are one statement
    // (api-token.ts, `in-read`; identity/connections-read.ts).
    connections_read: {
      grantCheck: 'in-read',
      run: async (input, { c }) => {
        const me = c.get('principal').subject;
        const read = await connectionsReadIf(deps.db, me, input.limit ?? 50, { grantId: c.get('grantId'), now: deps.now() });
        return read ?? revokedChallenge(deps, c.get('correlationId'));
      },
    },

    connections_pending: async ({ cursor }, { caller }) => {
      const page = await deps.connections.pendingPage((await caller()).andeeId, { limit: LIST_PAGE_SIZE, after: checkedCursor(cursor) });
      return { requests: page.requests, nextCursor: page.next ?? null };
    },

    connections_request: async ({ idempotencyKey, ...args }, { operation, caller: me }) => {
      const caller = await me();
      const to = await andeeByTag(deps.andees, args.tag);
      const now = deps.now();
      const from = personOf(caller);
      return writeOnce(deps.db, { accountId: caller.andeeId, operation, idempotencyKey }, { tag: to.tag, note: args.note ?? null }, now, async (trx) => {
        const { requestId } = await deps.connections.request(trx, from, to, args.note, now);
        return { requestId, to: { name: to.name, tag: `&${to.tag}`, photoUrl: to.photoUrl }, status: 'pending' as const };
      });
    },

    connections_accept: (input, call) => decide('accept', input, call),
    connections_deny: (input, call) => decide('deny', input, call),

    connections_remove: async ({ idempotencyKey, ...args }, { operation, caller: me }) => {
      const caller = await me();
      const other = await deps.andees.byTag(args.tag);
      const notConnected = () => ampersandErrors.fail('not_connected', `&${args.tag.trim().replace(/^&/, '')} is not one of your active connections.`);
      if (!other) throw notConnected();
      return writeOnce(deps.db, { accountId: caller.andeeId, operation, idempotencyKey }, { tag: other.tag }, deps.now(), async (trx) => {
        if (!(await deps.connections.remove(trx, caller.andeeId, other.andeeId))) throw notConnected();
        return { tag: `&${other.tag}`, name: other.displayName, outcome: 'removed' as const };
      });
    },
  };
}
