/**
 * The operator's commands, as one function from arguments to printed text over the database
 * (reached through the API process while it owns the embedded data directory). Nothing printed
 * grants access except what the operator asked for (a sign-in link, a hosted-runtime token), and
 * that goes to this command's own output only, never to a log.
 */
import type { AndeeRepository } from '../andees/andee-repository.ts';
import type { WebSessions } from '../andees/web-sessions.ts';
import type { Grants } from '../auth/grants.ts';
import type { HostedRuntimeCredentials } from '../auth/hosted-runtime.ts';
import type { Connections } from '../identity/connections.ts';
import type { IdentitySignals } from '../identity/identity-signals.ts';
import type { FirstPartyClients } from '../identity/visibility.ts';
import { signInLink } from '../web/sign-in-routes.tsx';
import { tagFromAddress, type AuthLimitName } from '../auth/rate-limits.ts';
import { DEFAULT_AUTH_RATE_LIMITS } from '../settings.ts';
import { BACKUP_COMMANDS_HELP } from '@agent-products/kit/store';

export interface OperatorDeps {
  andees: AndeeRepository;
  sessions: WebSessions;
  grants: Grants;
  facts: IdentitySignals;
  connections: Connections;
  firstParty: FirstPartyClients;
  hostedRuntime: HostedRuntimeCredentials;
  /** Seeds the labelled demo graph unless present. */
  seedDemo: () => Promise<{ seeded: boolean; tags: string[] }>;
  /** Lifts one rate limit's count for one subject (auth/rate-limits.ts); true when there was one. */
  clearRateLimit: (name: AuthLimitName, subject: string) => Promise<boolean>;
  apiUrl: string;
  mcpUrl: string;
  now: () => Date;
}

export class OperatorError extends Error {}

export const HELP = `& operator (npm run ampersand -- <command>)

  create-andee <tag> <display name>      create an andee (tag: letters, digits, _; with or without &)
  sign-in-link <tag>                     print a one-time sign-in link for the web app
  add-fact <tag> <text> [--visibility private|connected|public]
                                         store an approved identity fact (what ask_question answers from)
  connect <tag> <tag>                    make two andees an active connection
  first-party <clientId> <label>         declare an OAuth client the andees' own first-party runtime
                                         (only it may carry a connection's connected-only signals)
  seed-demo                              add the labelled demo graph (&demo_* andees) unless present
  hosted-runtime-token <tag>             print an access token of the & hosted runtime acting for one
                                         andee (its own principal; public authorization never creates
                                         it), to connect an external runtime (AMPERSAND_RUNTIME_URL);
                                         revoke it with revoke-grant
  grants [<tag>]                         list OAuth grants (client, scopes, since), all or one andee's
  revoke-grant <grantId>                 revoke a grant: its refresh tokens, API calls and MCP requests at once
  clear-rate-limit <limit> <subject>     lift a rate limit for one subject: an address (…PerAddress), a
                                         device code (devicePollsPerCode), or <tag> <address>
                                         (signInLinksPerTag); limits: ${Object.keys(DEFAULT_AUTH_RATE_LIMITS).join(', ')}
  urls                                   print the protected-resource and authorization-server URLs
  help                                   this text

The API's embedded database (AMPERSAND_DATA_DIR/db) and its token secret (AMPERSAND_DATA_DIR/token-secret):
${BACKUP_COMMANDS_HELP}`;

/** Commands that need no database. */
export const OFFLINE_COMMANDS = new Set([undefined, 'help', '--help', 'urls']);

export function urlsText(apiUrl: string, mcpUrl: string): string {
  return [
    `Protected resource (MCP)        ${mcpUrl}`,
    `Protected-resource metadata     ${new URL('/.well-known/oauth-protected-resource', mcpUrl).href}`,
    `Authorization server (issuer)   ${apiUrl}`,
    `Authorization-server metadata   ${apiUrl}/.well-known/oauth-authorization-server`,
  ].join('\n');
}

export async function runOperatorCommand(deps: OperatorDeps, argv: readonly string[]): Promise<string> {
  const [command, ...args] = argv;
  const andeeOf = async (tag: string | undefined) => {
    if (!tag) throw new OperatorError('Name the andee by &tag.');
    const andee = await deps.andees.byTag(tag);
    if (!andee) throw new OperatorError(`No andee has the tag ${tag}.`);
    return andee;
  };
  switch (command) {
    case undefined:
    case 'help':
    case '--help':
      return HELP;
    case 'create-andee': {
      const [tag, ...name] = args;
      const created = await deps.andees.create({ tag: tag ?? '', displayName: name.join(' ') });
      if (!created.ok) throw new OperatorError(created.problem);
      return `Created &${created.andee.tag} (${created.andee.displayName}), id ${created.andee.andeeId}.`;
    }
    case 'sign-in-link': {
      const andee = await andeeOf(args[0]);
      const { token, expiresAt } = await deps.sessions.issueLink(andee.andeeId, deps.now());
      return `${signInLink(deps.apiUrl, token)}\n(one use, valid until ${expiresAt.toISOString()})`;
    }
    case 'add-fact': {
      const visibilityAt = args.indexOf('--visibility');
      const visibility = visibilityAt >= 0 ? args[visibilityAt + 1] : 'private';
      if (visibility !== 'private' && visibility !== 'connected' && visibility !== 'public')
        throw new OperatorError('--visibility is private, connected or public.');
      const rest = visibilityAt >= 0 ? [...args.slice(0, visibilityAt), ...args.slice(visibilityAt + 2)] : [...args];
      const andee = await andeeOf(rest[0]);
      const text = rest.slice(1).join(' ').trim();
      if (text.length < 1 || text.length > 1000) throw new OperatorError('A fact is 1 to 1,000 characters.');
      const outcome = await deps.facts.add(andee.andeeId, text, { visibility, status: 'approved', now: deps.now() });
      if (!outcome.written) return `&${andee.tag} already has this fact (${outcome.duplicateOf.status}, ${outcome.duplicateOf.signalId}); nothing was written.`;
      return `Stored an approved ${visibility} fact for &${andee.tag} under ${outcome.signal.hdsCode} (${outcome.signal.signalId}).`;
    }
    case 'connect': {
      const a = await andeeOf(args[0]);
      const b = await andeeOf(args[1]);
      if (a.andeeId === b.andeeId) throw new OperatorError('An andee cannot connect to themselves.');
      await deps.connections.connect(a.andeeId, b.andeeId, deps.now());
      return `&${a.tag} and &${b.tag} are connected.`;
    }
    case 'first-party': {
      const [clientId, ...label] = args;
      if (!clientId || label.length === 0) throw new OperatorError('Name the client id and a label: first-party <clientId> <label>.');
      await deps.firstParty.declare(clientId, label.join(' '), deps.now());
      return `Client ${clientId} (${label.join(' ')}) is a first-party runtime: its tokens may read connections' connected-only signals.`;
    }
    case 'seed-demo': {
      const outcome = await deps.seedDemo();
      return outcome.seeded
        ? `Seeded the demo graph: ${outcome.tags.map((t) => `&${t}`).join(' ')} (names end in "(demo)"). Try: sign-in-link demo_ada`
        : 'The demo graph is already there (&demo_ada exists); nothing was written.';
    }
    case 'hosted-runtime-token': {
      const andee = await andeeOf(args[0]);
      const { accessToken, grantId, expiresAt } = await deps.hostedRuntime.issue(andee.andeeId, deps.now());
      return [
        accessToken,
        '',
        `The & hosted runtime's access token for &${andee.tag}, valid until ${expiresAt.toISOString()}.`,
        `Give it to the runtime as Authorization: Bearer <token> on ${deps.mcpUrl}, with each turn's X-Run-Token.`,
        `Keep it secret. Revoke it with: revoke-grant ${grantId}`,
      ].join('\n');
    }
    case 'grants': {
      const andee = args[0] ? await andeeOf(args[0]) : undefined;
      const grants = await deps.grants.list(andee ? { andeeId: andee.andeeId } : {});
      if (grants.length === 0) return 'No grants.';
      return grants.map((g) => `${g.grantId}  ${g.clientName}  andee ${g.andeeId}  [${g.scopes.join(' ')}]  since ${g.grantedAt.toISOString()}`).join('\n');
    }
    case 'revoke-grant': {
      if (!args[0]) throw new OperatorError('Name the grant id (see `grants`).');
      if (!(await deps.grants.revoke(args[0]))) throw new OperatorError(`No grant ${args[0]}.`);
      return `Revoked grant ${args[0]}: its refresh tokens fail now, and the API and the MCP service refuse its access tokens now.`;
    }
    case 'clear-rate-limit': {
      const [name, ...subject] = args;
      if (!name || !(name in DEFAULT_AUTH_RATE_LIMITS))
        throw new OperatorError(`Name the limit, one of ${Object.keys(DEFAULT_AUTH_RATE_LIMITS).join(', ')}, then its subject.`);
      const limit = name as AuthLimitName;
      const expected = limit === 'signInLinksPerTag' ? 2 : 1;
      if (subject.length !== expected)
        throw new OperatorError(
          limit === 'signInLinksPerTag'
            ? 'signInLinksPerTag counts per tag and address: clear-rate-limit signInLinksPerTag <tag> <address>.'
            : `Name the one subject of ${limit}.`,
        );
      const key = limit === 'signInLinksPerTag' ? tagFromAddress(subject[0]!.replace(/^&/, '').toLowerCase(), subject[1]!) : subject[0]!;
      return (await deps.clearRateLimit(limit, key))
        ? `Cleared ${limit} for ${subject.join(' ')}: its next request counts from zero.`
        : `${limit} held no count for ${subject.join(' ')}; nothing to clear.`;
    }
    case 'urls':
      return urlsText(deps.apiUrl, deps.mcpUrl);
    default:
      throw new OperatorError(`Unknown command ${JSON.stringify(command)}.\n\n${HELP}`);
  }
}
