/**
 * The connections API: read (with people-you-may-know from contacts) and pending
 * (connections:read); request, accept, deny, remove (connections:write); the contacts upload
 * (connections:write). Writes run in one transaction with their notification; with an
 * idempotency key a retry gets the first answer.
 */
import { checkedCursor, LIST_PAGE_SIZE } from './list-cursor.ts';
import { pageInput } from '../contracts/page-contracts.ts';
import { Hono, type Context } from 'hono';
import type { ApiEnv, ApiTokenDeps } from './api-token.ts';
import { requireApiToken, revokedChallenge } from './api-token.ts';
import { liveGrantCondition } from '../auth/grants.ts';
import { connectionsReadInput, type ConnectionsReadOutput } from '../contracts/contracts.ts';
import {
  connectionTagInput,
  connectionsRequestInput,
  contactsUploadInput,
  type ConnectionChangeOutput,
  type ConnectionsPendingOutput,
  type ConnectionsRequestOutput,
} from '../contracts/connection-contracts.ts';
import { ampersandErrors } from '../errors.ts';
import { andeeByTag, callerOf, handle, personOf, writeOnce, type AreaDeps } from './route-kit.ts';
import type { Connections } from '../identity/connections.ts';
import { connectionsReadIf } from '../identity/connections-read.ts';
import type { Contacts } from '../identity/contacts.ts';

export interface ConnectionRouteDeps extends AreaDeps, ApiTokenDeps {
  connections: Connections;
  contacts: Contacts;
}

export function connectionRoutes(deps: ConnectionRouteDeps): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const me = (c: Context<ApiEnv>) => callerOf(c, deps.andees);

  // The hottest read: its grant check, connections and people-you-may-know are one statement
  // (api-token.ts, `in-read`; identity/connections-read.ts).
  app.post('/v1/connections/read', requireApiToken(deps, ['connections:read'], { grantCheck: 'in-read' }), (c) =>
    handle(c, connectionsReadInput, async (input): Promise<ConnectionsReadOutput | Response> => {
      const me = c.get('principal').subject;
      const read = await connectionsReadIf(deps.db, me, input.limit ?? 50, liveGrantCondition(c.get('grantId'), me, deps.now()));
      return read ?? revokedChallenge(deps, c.get('correlationId'));
    }),
  );

  app.post('/v1/connections/pending', requireApiToken(deps, ['connections:read']), (c) =>
    handle(c, pageInput, async ({ cursor }): Promise<ConnectionsPendingOutput> => {
      const page = await deps.connections.pendingPage((await me(c)).andeeId, { limit: LIST_PAGE_SIZE, after: checkedCursor(cursor) });
      return { requests: page.requests, nextCursor: page.next ?? null };
    }),
  );

  app.post('/v1/connections/request', requireApiToken(deps, ['connections:write']), (c) =>
    handle(c, connectionsRequestInput, async ({ idempotencyKey, ...args }): Promise<ConnectionsRequestOutput> => {
      const caller = await me(c);
      const to = await andeeByTag(deps.andees, args.tag);
      const now = deps.now();
      const from = personOf(caller);
      return writeOnce(
        deps.db,
        { accountId: caller.andeeId, operation: 'connections_request', idempotencyKey },
        { tag: to.tag, note: args.note ?? null },
        now,
        async (trx) => {
          const { requestId } = await deps.connections.request(trx, from, to, args.note, now);
          return { requestId, to: { name: to.name, tag: `&${to.tag}`, photoUrl: to.photoUrl }, status: 'pending' as const };
        },
      );
    }),
  );

  for (const decision of ['accept', 'deny'] as const) {
    app.post(`/v1/connections/${decision}`, requireApiToken(deps, ['connections:write']), (c) =>
      handle(c, connectionTagInput, async ({ idempotencyKey, ...args }): Promise<ConnectionChangeOutput> => {
        const caller = await me(c);
        const from = await deps.andees.byTag(args.tag);
        const now = deps.now();
        const noMatch = () =>
          ampersandErrors.fail(
            'no_matching_request',
            `No incoming pending request from &${args.tag.trim().replace(/^&/, '')}; connections_pending lists the requests you can ${decision}.`,
          );
        if (!from) throw noMatch();
        return writeOnce(deps.db, { accountId: caller.andeeId, operation: `connections_${decision}`, idempotencyKey }, { tag: from.tag }, now, async (trx) => {
          if (!(await deps.connections.resolveIncoming(trx, personOf(caller), from.andeeId, decision === 'accept' ? 'accepted' : 'denied', now)))
            throw noMatch();
          return { tag: `&${from.tag}`, name: from.displayName, outcome: decision === 'accept' ? 'accepted' : 'denied' };
        });
      }),
    );
  }

  app.post('/v1/connections/remove', requireApiToken(deps, ['connections:write']), (c) =>
    handle(c, connectionTagInput, async ({ idempotencyKey, ...args }): Promise<ConnectionChangeOutput> => {
      const caller = await me(c);
      const other = await deps.andees.byTag(args.tag);
      const notConnected = () => ampersandErrors.fail('not_connected', `&${args.tag.trim().replace(/^&/, '')} is not one of your active connections.`);
      if (!other) throw notConnected();
      return writeOnce(deps.db, { accountId: caller.andeeId, operation: 'connections_remove', idempotencyKey }, { tag: other.tag }, deps.now(), async (trx) => {
        if (!(await deps.connections.remove(trx, caller.andeeId, other.andeeId))) throw notConnected();
        return { tag: `&${other.tag}`, name: other.displayName, outcome: 'removed' as const };
      });
    }),
  );

  app.post('/v1/contacts', requireApiToken(deps, ['connections:write']), (c) =>
    handle(c, contactsUploadInput, async (input) => {
      const caller = await me(c);
      const now = deps.now();
      const ownNumberRecorded = input.ownNumber ? await deps.contacts.setOwnPhone(caller.andeeId, input.ownNumber, input.region, now) : null;
      return { ...(await deps.contacts.upload(caller.andeeId, input.numbers, input.region, now)), ownNumberRecorded };
    }),
  );

  return app;
}
