/**
 * The connection use cases, one function per operation (contracts/connection-operations.ts),
 * whoever calls them: the API's operation routes with the token's andee, the web app with the
 * session's. Each owns its look-ups, its transaction (with the notification it sends) and, given
 * an idempotency key, its answer to a retry; refusals are thrown as & errors.
 */
import type { Kysely } from 'kysely';
import { grantRevoked, type GrantCheck } from '../auth/grant-check.ts';
import type { AndeeRepository } from '../andees/andee-repository.ts';
import { andeeByTag, personOf, type Caller } from '../andees/caller.ts';
import type { ConnectionChangeOutput } from '../contracts/connection-contracts.ts';
import type { OperationInput, OperationOutput } from '../contracts/operations.ts';
import { ampersandErrors } from '../errors.ts';
import type { AmpersandDatabase } from '../store/schema.ts';
import { checkedCursor, LIST_PAGE_SIZE } from '../store/list-cursor.ts';
import { writeOnce } from '../store/write-once.ts';
import type { Connections } from './connections.ts';
import { connectionsReadIf } from './connections-read.ts';

export interface ConnectionCaseDeps {
  db: Kysely<AmpersandDatabase>;
  andees: AndeeRepository;
  connections: Connections;
}

export interface ConnectionCases {
  /** connections_read: its grant check, connections and people-you-may-know are one statement (connections-read.ts). */
  read(andeeId: string, input: OperationInput<'connections_read'>, grant: GrantCheck): Promise<OperationOutput<'connections_read'>>;
  pending(caller: Caller, input: OperationInput<'connections_pending'>): Promise<OperationOutput<'connections_pending'>>;
  request(caller: Caller, input: OperationInput<'connections_request'>, now: Date): Promise<OperationOutput<'connections_request'>>;
  accept(caller: Caller, input: OperationInput<'connections_accept'>, now: Date): Promise<ConnectionChangeOutput>;
  deny(caller: Caller, input: OperationInput<'connections_deny'>, now: Date): Promise<ConnectionChangeOutput>;
  remove(caller: Caller, input: OperationInput<'connections_remove'>, now: Date): Promise<OperationOutput<'connections_remove'>>;
}

export function connectionCases(deps: ConnectionCaseDeps): ConnectionCases {
  /** accept and deny take the same input and resolve the same incoming request, one way or the other. */
  async function decide(decision: 'accept' | 'deny', caller: Caller, { idempotencyKey, ...args }: OperationInput<'connections_accept'>, now: Date) {
    const operation = decision === 'accept' ? 'connections_accept' : 'connections_deny';
    const from = await deps.andees.byTag(args.tag);
    const noMatch = () =>
      ampersandErrors.fail(
        'no_matching_request',
        `No incoming pending request from &${args.tag.trim().replace(/^&/, '')}; connections_pending lists the requests you can ${decision}.`,
      );
    if (!from) throw noMatch();
    return writeOnce(deps.db, { accountId: caller.andeeId, operation, idempotencyKey }, { tag: from.tag }, now, async (trx) => {
      if (!(await deps.connections.resolveIncoming(trx, personOf(caller), from.andeeId, decision === 'accept' ? 'accepted' : 'denied', now))) throw noMatch();
      return { tag: `&${from.tag}`, name: from.displayName, outcome: decision === 'accept' ? 'accepted' : 'denied' } as const;
    });
  }

  return {
    async read(andeeId, input, grant) {
      const read = await connectionsReadIf(deps.db, andeeId, input.limit ?? 50, grant);
      if (!read) throw grantRevoked();
      return read;
    },

    async pending(caller, { cursor }) {
      const page = await deps.connections.pendingPage(caller.andeeId, { limit: LIST_PAGE_SIZE, after: checkedCursor(cursor) });
      return { requests: page.requests, nextCursor: page.next ?? null };
    },

    async request(caller, { idempotencyKey, ...args }, now) {
      const to = await andeeByTag(deps.andees, args.tag);
      const from = personOf(caller);
      const scope = { accountId: caller.andeeId, operation: 'connections_request', idempotencyKey };
      return writeOnce(deps.db, scope, { tag: to.tag, note: args.note ?? null }, now, async (trx) => {
        const { requestId } = await deps.connections.request(trx, from, to, args.note, now);
        return { requestId, to: { name: to.name, tag: `&${to.tag}`, photoUrl: to.photoUrl }, status: 'pending' as const };
      });
    },

    accept: (caller, input, now) => decide('accept', caller, input, now),
    deny: (caller, input, now) => decide('deny', caller, input, now),

    async remove(caller, { idempotencyKey, ...args }, now) {
      const other = await deps.andees.byTag(args.tag);
      const notConnected = () => ampersandErrors.fail('not_connected', `&${args.tag.trim().replace(/^&/, '')} is not one of your active connections.`);
      if (!other) throw notConnected();
      return writeOnce(deps.db, { accountId: caller.andeeId, operation: 'connections_remove', idempotencyKey }, { tag: other.tag }, now, async (trx) => {
        if (!(await deps.connections.remove(trx, caller.andeeId, other.andeeId))) throw notConnected();
        return { tag: `&${other.tag}`, name: other.displayName, outcome: 'removed' as const };
      });
    },
  };
}
