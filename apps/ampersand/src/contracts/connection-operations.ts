/** The connection operations (spec "Connections"), served by the API's connection handlers. */
import { connectionsReadInput, connectionsReadOutput } from './contracts.ts';
import {
  connectionChangeOutput,
  connectionTagInput,
  connectionsPendingOutput,
  connectionsRequestInput,
  connectionsRequestOutput,
  type ConnectionChangeOutput,
} from './connection-contracts.ts';
import { declareOperation, IDEMPOTENT_WRITE, READ } from './declare-operation.ts';
import { pageInput, withMore } from './page-contracts.ts';

/** accept, deny and remove answer alike, so they read alike. */
function changeText(r: ConnectionChangeOutput): string {
  return r.outcome === 'accepted'
    ? `You and ${r.name} (${r.tag}) are now connected.`
    : r.outcome === 'denied'
      ? `Declined the request from ${r.name} (${r.tag}); they are not told.`
      : `Removed ${r.name} (${r.tag}) from your connections on both sides; reconnecting needs a new request.`;
}

export const connectionOperations = [
  declareOperation({
    name: 'connections_read',
    path: '/v1/connections/read',
    title: 'List connections',
    description:
      "List the signed-in andee's active connections (name, &tag, photo, connection date) and people they may know from phone contacts (mutual or one_way). Use it to resolve a person's &tag before another connection action; if several match, ask the user to choose.",
    input: connectionsReadInput,
    output: connectionsReadOutput,
    annotations: READ,
    scopes: { all: ['connections:read'] },
    text: (result) =>
      [
        result.active.length ? `Active connections (${result.active.length}):` : 'No active connections yet.',
        ...result.active.map((p) => `- ${p.name} (${p.tag}), connected ${p.connectedAt.slice(0, 10)}`),
        result.peopleYouMayKnow.length
          ? `People you may know: ${result.peopleYouMayKnow.map((p) => `${p.name} (${p.tag}, ${p.match})`).join(', ')}`
          : 'No people-you-may-know suggestions.',
      ].join('\n'),
  }),
  declareOperation({
    name: 'connections_pending',
    path: '/v1/connections/pending',
    title: 'List pending connection requests',
    description:
      'List pending connection requests, newest first, each with direction incoming or outgoing. Only incoming requests can be accepted or denied. Paged: while nextCursor is not null, call again with it as cursor.',
    input: pageInput,
    output: connectionsPendingOutput,
    annotations: READ,
    scopes: { all: ['connections:read'] },
    text: (r) =>
      withMore(
        r.requests.length === 0
          ? 'No pending connection requests.'
          : r.requests
              .map(
                (q) =>
                  `- ${q.direction === 'incoming' ? 'from' : 'to'} ${q.name} (${q.tag}), ${q.requestedAt.slice(0, 10)}${q.note ? `: “${q.note}”` : ''} [${q.direction}]`,
              )
              .join('\n'),
        r.nextCursor,
      ),
  }),
  declareOperation({
    name: 'connections_request',
    path: '/v1/connections/request',
    title: 'Send a connection request',
    description:
      'Send a connection request to an andee by &tag (with or without &), with an optional note of up to 280 characters; the recipient is notified. Requesting yourself, an existing connection, an already pending pair or an unknown tag is an error.',
    input: connectionsRequestInput,
    output: connectionsRequestOutput,
    annotations: IDEMPOTENT_WRITE,
    scopes: { all: ['connections:write'] },
    text: (r) => `Sent a connection request to ${r.to.name} (${r.to.tag}); it is pending until they accept.`,
  }),
  declareOperation({
    name: 'connections_accept',
    path: '/v1/connections/accept',
    title: 'Accept a connection request',
    description: 'Accept the incoming pending request from this &tag. Only incoming pending requests match; otherwise a clear no-match.',
    input: connectionTagInput,
    output: connectionChangeOutput,
    annotations: IDEMPOTENT_WRITE,
    scopes: { all: ['connections:write'] },
    text: changeText,
  }),
  declareOperation({
    name: 'connections_deny',
    path: '/v1/connections/deny',
    title: 'Decline a connection request',
    description:
      'Decline the incoming pending request from this &tag without notifying the requester. Only incoming pending requests match; otherwise a clear no-match.',
    input: connectionTagInput,
    output: connectionChangeOutput,
    annotations: IDEMPOTENT_WRITE,
    scopes: { all: ['connections:write'] },
    text: changeText,
  }),
  declareOperation({
    name: 'connections_remove',
    path: '/v1/connections/remove',
    title: 'Remove a connection',
    description:
      'Destructive: remove an active connection from both sides. Both people lose access to connection-only signals at once, and reconnecting needs a new request. Call it only after the andee explicitly asks to disconnect.',
    input: connectionTagInput,
    output: connectionChangeOutput,
    annotations: { ...IDEMPOTENT_WRITE, destructiveHint: true },
    scopes: { all: ['connections:write'] },
    text: changeText,
  }),
] as const;
