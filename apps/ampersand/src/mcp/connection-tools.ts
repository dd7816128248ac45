/** The connection tools: adapters forwarding to the connections API (api/connection-routes.ts). */
import { pageInput, withMore } from '../contracts/page-contracts.ts';
import { defineTool, type Tool } from '@agent-products/kit/mcp';
import { connectionsReadInput, connectionsReadOutput, type ConnectionsReadOutput } from '../contracts/contracts.ts';
import {
  connectionChangeOutput,
  connectionTagInput,
  connectionsPendingOutput,
  connectionsRequestInput,
  connectionsRequestOutput,
  type ConnectionChangeOutput,
  type ConnectionsPendingOutput,
  type ConnectionsRequestOutput,
} from '../contracts/connection-contracts.ts';
import type { Forward } from './api-forwarder.ts';

const READ = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;
const WRITE = { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

export function connectionTools(forward: Forward): Tool[] {
  const change = (
    name: 'connections_accept' | 'connections_deny' | 'connections_remove',
    title: string,
    description: string,
    path: string,
    destructive: boolean,
  ) =>
    defineTool({
      name,
      title,
      description,
      input: connectionTagInput,
      output: connectionChangeOutput,
      annotations: { ...WRITE, destructiveHint: destructive },
      access: { scopes: ['connections:write'] },
      run: (args, scope) => forward(path, args, scope) as Promise<ConnectionChangeOutput>,
      text: (r) =>
        r.outcome === 'accepted'
          ? `You and ${r.name} (${r.tag}) are now connected.`
          : r.outcome === 'denied'
            ? `Declined the request from ${r.name} (${r.tag}); they are not told.`
            : `Removed ${r.name} (${r.tag}) from your connections on both sides; reconnecting needs a new request.`,
    });
  return [
    defineTool({
      name: 'connections_read',
      title: 'List connections',
      description:
        "List the signed-in andee's active connections (name, &tag, photo, connection date) and people they may know from phone contacts (mutual or one_way). Use it to resolve a person's &tag before another connection action; if several match, ask the user to choose.",
      input: connectionsReadInput,
      output: connectionsReadOutput,
      annotations: READ,
      access: { scopes: ['connections:read'] },
      run: (args, scope) => forward('/v1/connections/read', args, scope) as Promise<ConnectionsReadOutput>,
      text: (result) =>
        [
          result.active.length ? `Active connections (${result.active.length}):` : 'No active connections yet.',
          ...result.active.map((p) => `- ${p.name} (${p.tag}), connected ${p.connectedAt.slice(0, 10)}`),
          result.peopleYouMayKnow.length
            ? `People you may know: ${result.peopleYouMayKnow.map((p) => `${p.name} (${p.tag}, ${p.match})`).join(', ')}`
            : 'No people-you-may-know suggestions.',
        ].join('\n'),
    }),
    defineTool({
      name: 'connections_pending',
      title: 'List pending connection requests',
      description:
        'List pending connection requests, newest first, each with direction incoming or outgoing. Only incoming requests can be accepted or denied. Paged: while nextCursor is not null, call again with it as cursor.',
      input: pageInput,
      output: connectionsPendingOutput,
      annotations: READ,
      access: { scopes: ['connections:read'] },
      run: (args, scope) => forward('/v1/connections/pending', args, scope) as Promise<ConnectionsPendingOutput>,
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
    defineTool({
      name: 'connections_request',
      title: 'Send a connection request',
      description:
        'Send a connection request to an andee by &tag (with or without &), with an optional note of up to 280 characters; the recipient is notified. Requesting yourself, an existing connection, an already pending pair or an unknown tag is an error.',
      input: connectionsRequestInput,
      output: connectionsRequestOutput,
      annotations: WRITE,
      access: { scopes: ['connections:write'] },
      run: (args, scope) => forward('/v1/connections/request', args, scope) as Promise<ConnectionsRequestOutput>,
      text: (r) => `Sent a connection request to ${r.to.name} (${r.to.tag}); it is pending until they accept.`,
    }),
    change(
      'connections_accept',
      'Accept a connection request',
      'Accept the incoming pending request from this &tag. Only incoming pending requests match; otherwise a clear no-match.',
      '/v1/connections/accept',
      false,
    ),
    change(
      'connections_deny',
      'Decline a connection request',
      'Decline the incoming pending request from this &tag without notifying the requester. Only incoming pending requests match; otherwise a clear no-match.',
      '/v1/connections/deny',
      false,
    ),
    change(
      'connections_remove',
      'Remove a connection',
      'Destructive: remove an active connection from both sides. Both people lose access to connection-only signals at once, and reconnecting needs a new request. Call it only after the andee explicitly asks to disconnect.',
      '/v1/connections/remove',
      true,
    ),
  ];
}
