/**
 * Every code of Chengdu Soul's error table, produced against real servers on loopback, reaches
 * the SDK 1.x client, the v2 client and the Inspector CLI 1.x and 2.x as `isError` with the code.
 * Two servers give the states the codes need: one with no catalog published yet, and the main
 * one, whose clock moves eight days past its first draft (now expired) before the other drafts
 * are made on the first release, then a second release is published (so the first one's IDs and
 * drafts are stale) and the rest are made on it.
 * Each call is repeated by four clients, so each one fails the same way every time: refusals
 * before any write, or writes against a draft whose state the call cannot change.
 */
import { describeErrorInterop, type InteropCall } from '@agent-products/kit/testing';
import { chengduErrors } from '../src/errors.ts';
import { derivedRelease, issueCredential, startChengdu, type RunningChengdu } from './support/start-chengdu.ts';

const BASE = { dayCount: 1, rhythm: 'balanced', discovery: 'blend', atmosphere: 'quiet' } as const;
const DAY_MS = 86_400_000;

interface Draft {
  draftRef: string;
  revision: number;
  contentHash: string;
  sceneIds: string[];
}

interface Servers {
  empty: RunningChengdu;
  main: RunningChengdu;
  mainAuth: Record<string, string>;
  /** Catalog versions of the main server: the first release (now stale) and the current one. */
  first: string;
  current: string;
  /** A draft on the current release. */
  draft: Draft;
  /** A draft made on the first release, before the current one was published. */
  staleDraft: Draft;
  confirmed: Draft;
  /** A draft made eight days before the server's present. */
  expiredDraft: Draft;
  /** An idempotency key already used for a proposal with other arguments. */
  usedKey: string;
}

let keys = 0;
const newKey = (label: string) => `interop-${label}-${++keys}-${process.pid}`;

async function tool(server: RunningChengdu, headers: Record<string, string>, name: string, args: Record<string, unknown>): Promise<any> {
  const response = await fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'MCP-Protocol-Version': '2025-06-18', ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
  });
  const answer = (await response.json()) as { result?: { isError?: boolean; structuredContent: any } };
  if (!answer.result || answer.result.isError) throw new Error(`${name} failed while preparing: ${JSON.stringify(answer)}`);
  return answer.result.structuredContent;
}

async function propose(server: RunningChengdu, headers: Record<string, string>, key = newKey('propose')): Promise<Draft> {
  const data = await tool(server, headers, 'propose_chengdu_itinerary', { ...BASE, idempotencyKey: key });
  return {
    draftRef: data.draftRef,
    revision: data.revision,
    contentHash: data.contentHash,
    sceneIds: data.days.flatMap((d: any) => d.scenes.map((s: any) => s.cardId)),
  };
}

const bearer = async (server: RunningChengdu, now?: Date) => ({ Authorization: `Bearer ${(await issueCredential(server, now ? { now } : {})).token}` });

function pointer(draft: Draft) {
  return { draftRef: draft.draftRef, expectedRevision: draft.revision, expectedContentHash: draft.contentHash };
}

function write(servers: Servers, name: string, args: Record<string, unknown>): InteropCall {
  return { url: servers.main.url, headers: servers.mainAuth, name, arguments: args };
}

const sceneOf = (servers: Servers) => servers.draft.sceneIds[0]!;

describeErrorInterop<Servers, keyof typeof chengduErrors.table>({
  product: 'Chengdu Soul',
  table: chengduErrors.table,
  async start() {
    let now = Date.now();
    const [empty, main] = await Promise.all([startChengdu({ publish: false }), startChengdu({ clock: () => new Date(now) })]);
    const expiredDraft = await propose(main, await bearer(main, new Date(now)));
    // Eight days on that draft has expired; a credential issued then is valid for everything else.
    now += 8 * DAY_MS;
    const mainAuth = await bearer(main, new Date(now));
    const first = main.release.manifest.catalogVersion;
    const usedKey = newKey('used');
    const staleDraft = await propose(main, mainAuth, usedKey);
    const current = `${first.split('.')[0]}.9`;
    await main.service.repository.publish(derivedRelease(main.release, current));
    const [draft, toConfirm] = await Promise.all([propose(main, mainAuth), propose(main, mainAuth)]);
    await tool(main, mainAuth, 'confirm_chengdu_draft', { ...pointer(toConfirm), confirmation: { action: 'publish' }, idempotencyKey: newKey('confirm') });
    return { empty, main, mainAuth, first, current, draft, staleDraft, confirmed: toConfirm, expiredDraft, usedKey };
  },
  async stop(servers) {
    await Promise.all([servers.empty.stop(), servers.main.stop()]);
  },
  scenarios: {
    invalid_arguments: (s) => ({ url: s.main.url, name: 'search_chengdu_scenes', arguments: { query: '', limit: 99, mood: 'calm' } }),
    catalog_unavailable: (s) => ({ url: s.empty.url, name: 'list_chengdu_scenes', arguments: {} }),
    stale_catalog_version: (s) => ({ url: s.main.url, name: 'get_chengdu_scene', arguments: { cardId: sceneOf(s), catalogVersion: s.first } }),
    unknown_catalog_version: (s) => ({ url: s.main.url, name: 'get_chengdu_scene', arguments: { cardId: sceneOf(s), catalogVersion: '1999-01-01.1' } }),
    unknown_card_id: (s) => ({ url: s.main.url, name: 'get_chengdu_scene', arguments: { cardId: 'no-such-scene', catalogVersion: s.current } }),
    unknown_card_ids: (s) => write(s, 'propose_chengdu_itinerary', { ...BASE, excludedCardIds: ['no-such-scene'], idempotencyKey: newKey('unknown') }),
    duplicate_card_ids: (s) =>
      write(s, 'propose_chengdu_itinerary', {
        ...BASE,
        sceneSelection: { catalogVersion: s.current, requiredCardIds: [sceneOf(s), sceneOf(s)] },
        idempotencyKey: newKey('duplicate'),
      }),
    mixed_catalog_versions: (s) =>
      write(s, 'propose_chengdu_itinerary', {
        ...BASE,
        sceneSelection: [
          { catalogVersion: s.first, requiredCardIds: [s.staleDraft.sceneIds[0]] },
          { catalogVersion: s.current, requiredCardIds: [sceneOf(s)] },
        ],
        idempotencyKey: newKey('mixed'),
      }),
    selection_conflict: (s) =>
      write(s, 'propose_chengdu_itinerary', {
        ...BASE,
        sceneSelection: { catalogVersion: s.current, requiredCardIds: [sceneOf(s)] },
        excludedCardIds: [sceneOf(s)],
        idempotencyKey: newKey('conflict'),
      }),
    too_many_required_scenes: (s) =>
      write(s, 'propose_chengdu_itinerary', {
        ...BASE,
        rhythm: 'spacious',
        sceneSelection: { catalogVersion: s.current, requiredCardIds: s.draft.sceneIds.slice(0, 2) },
        idempotencyKey: newKey('capacity'),
      }),
    idempotency_conflict: (s) => write(s, 'propose_chengdu_itinerary', { ...BASE, dayCount: 3, idempotencyKey: s.usedKey }),
    draft_not_found: (s) =>
      write(s, 'revise_chengdu_draft', {
        ...pointer(s.draft),
        draftRef: `${s.draft.draftRef}x`,
        revisionIntent: { type: 'exclude_card', cardId: sceneOf(s) },
        idempotencyKey: newKey('missing'),
      }),
    revision_conflict: (s) =>
      write(s, 'revise_chengdu_draft', {
        ...pointer(s.draft),
        expectedRevision: s.draft.revision + 5,
        revisionIntent: { type: 'exclude_card', cardId: sceneOf(s) },
        idempotencyKey: newKey('revision'),
      }),
    card_not_in_draft: (s) => {
      const outside = s.main.release.scenes.map((scene) => scene.cardId).find((id) => !s.draft.sceneIds.includes(id));
      return write(s, 'revise_chengdu_draft', {
        ...pointer(s.draft),
        revisionIntent: { type: 'exclude_card', cardId: outside },
        idempotencyKey: newKey('outside'),
      });
    },
    draft_catalog_stale: (s) =>
      write(s, 'revise_chengdu_draft', {
        ...pointer(s.staleDraft),
        revisionIntent: { type: 'exclude_card', cardId: s.staleDraft.sceneIds[0] },
        idempotencyKey: newKey('stale'),
      }),
    draft_already_confirmed: (s) =>
      write(s, 'confirm_chengdu_draft', { ...pointer(s.confirmed), confirmation: { action: 'publish' }, idempotencyKey: newKey('again') }),
    draft_expired: (s) =>
      write(s, 'revise_chengdu_draft', {
        ...pointer(s.expiredDraft),
        revisionIntent: { type: 'exclude_card', cardId: s.expiredDraft.sceneIds[0] },
        idempotencyKey: newKey('expired'),
      }),
    unauthorized: {
      notBlackBox:
        'the endpoint answers a planning call without a valid credential with HTTP 401 and WWW-Authenticate before any tool runs, as the contract says; the tool-level code only guards in-process callers',
    },
    body_too_large: {
      notBlackBox:
        "a refusal of the HTTP pipeline before any tool runs: a body over the limit is HTTP 413 (mcp-endpoint.test.ts; the kit's body-limit.test.ts)",
    },
    origin_rejected: {
      notBlackBox:
        'a foreign browser Origin is answered HTTP 403 with this code before the MCP endpoint runs any tool (cors-browser.test.ts); no tool answers it',
    },
    not_found: { notBlackBox: 'an unknown path is an HTTP 404 of the web app, never a tool result (every tool refuses an unknown thing with its own code)' },
    rate_limited: {
      notBlackBox: 'the shared per-owner limit answers HTTP 429 with Retry-After before any tool runs, as the contract says (planning-limits.test.ts)',
    },
    unavailable: {
      notBlackBox:
        'a database outage answers planning calls with HTTP 503 at the credential check, and reads keep serving the loaded catalog (fail-closed.test.ts, on PostgreSQL); no tool result carries it from outside',
    },
    insufficient_scope: {
      notBlackBox: 'no Chengdu Soul tool declares OAuth scopes: planning writes take an opaque bearer credential checked before any tool runs',
    },
    internal_error: {
      notBlackBox: 'only a defect produces it (a domain crash or an answer breaking its own schema); tool.test.ts proves the mapping in-process',
    },
  },
});
