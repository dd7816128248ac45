/**
 * `POST /mcp`: one stateless Streamable HTTP endpoint serving both protocol eras.
 *
 * 2025-era traffic (2025-06-18, 2025-03-26 `initialize` and the calls after it) is answered as a
 * single `application/json` body, never SSE, by a pooled server instance (plain calls of our own
 * tools skip the protocol layer: see direct-tool-call.ts). 2026-07-28 traffic
 * (`server/discover` and enveloped requests) goes to the SDK's own modern handler. Before either,
 * the endpoint refuses what no server should see: wrong method (405), oversized body (413),
 * wrong media type (415), malformed JSON (a JSON-RPC parse error), unsupported protocol header.
 * Origin and Host checks happen earlier, in the HTTP layer, so a rejected origin costs nothing.
 *
 * Batches exist only in the eras before 2025-06-18 (a request naming 2025-06-18 or later may not
 * send one). A batch holds at most MAX_BATCH_MESSAGES messages (the SDK's own limit), each call of
 * it counts against the caller's limit, its calls run BATCH_CONCURRENCY at a time, no call starts
 * once the client has gone, and a call that fails unexpectedly is answered as an error of its own
 * while every other call keeps its answer.
 */
import {
  McpServer,
  SUPPORTED_PROTOCOL_VERSIONS,
  createMcpHandler,
  isJSONRPCNotification,
  isJSONRPCRequest,
  isLegacyRequest,
  type JSONRPCMessage,
  type JSONRPCRequest,
} from '@modelcontextprotocol/server';
import { correlatedJsonResponse } from '../http/correlation.ts';
import { DEFAULT_MAX_BODY_BYTES, readBodyLimited } from '../http/read-body.ts';
import { JSON_RPC, jsonRpcErrorResponse } from './json-rpc.ts';
import type { AuthFailure } from '../auth/bearer.ts';
import { unauthorizedChallenge, type ChallengeOptions } from '../auth/challenge.ts';
import type { RateLimitOutcome } from '../store/rate-limit.ts';
import type { Principal } from '../auth/principal.ts';
import { bindRequestScope, type RequestScope } from './request-scope.ts';
import { directToolCall } from './direct-tool-call.ts';
import { answerJson } from './kept-answers.ts';
import { isPlainLegacyToolCall } from './plain-legacy-call.ts';
import { MAX_MESSAGE_DEPTH, tooDeepAt } from './message-depth.ts';
import { ServerPool } from './server-pool.ts';
import type { Tool } from './tool.ts';
import { isConnectionFailure } from '../errors/connection-failure.ts';
import { jsonErrorResponse, platformErrors } from '../errors/index.ts';

/** How the endpoint admits calls of credential tools. */
export interface McpGuard {
  /** What a 401 announces: the realm, or the protected-resource metadata and scopes (auth/challenge.ts). */
  challenge: ChallengeOptions;
  /** The product's words for each refusal: what its credential is called, whom to ask for a new one. */
  refusals: Readonly<Record<AuthFailure, string>>;
  /**
   * Verifies the request's credential and, for a valid one, counts the call against the
   * principal's limit shared by every process (one step, so a product can do both in one
   * statement). `calls` is how many credential calls the request holds (a batch holds several;
   * each counts). A failure is HTTP 401; a refused `limit` is 429 with Retry-After; a throw is 503.
   */
  admit(request: Request, calls: number): Promise<Admission>;
  /**
   * Gives back `calls` that `admit` counted for `principal` but that did not use the allowance:
   * the calls of a request refused at the limit, and calls answered from a stored answer (a
   * tool says so with `noteStoredAnswer`). Without it every counted call stays counted.
   */
  release?(principal: Principal, calls: number): Promise<void>;
  /**
   * Whether a credential call will be answered from what is stored (an idempotent replay of an
   * earlier answer) and so writes nothing: asked only when the limit refuses a request, which is
   * then let through when every credential call of it is such a replay, counting none.
   */
  answersFromStore?(principal: Principal, call: { name: string; arguments: unknown }): Promise<boolean>;
  /**
   * Every request needs a credential, not only calls of credential tools (a server with no public
   * tool): a POST is admitted before its body is read, as one call, and a refusal is the 401
   * challenge whatever the body holds. A wrong method is still answered first.
   */
  every?: boolean;
}

/**
 * A guard's verdict. A failure may carry the verifier's own description (else the guard's
 * `refusals` word it). An admitted request names its principal and, for tools that act on the
 * caller's behalf downstream, the verified credential itself (RequestScope.credential) and any
 * header credential the caller sent beside it (RequestScope.credentialHeaders).
 */
export type Admission =
  | { failure: AuthFailure; description?: string }
  | { principal: Principal; credential?: string; credentialHeaders?: Readonly<Record<string, string>>; limit?: RateLimitOutcome };

export interface McpEndpointOptions {
  name: string;
  version: string;
  title?: string;
  instructions?: string;
  tools: readonly Tool[];
  /**
   * Which tools `tools/list` shows (default: all). A tool left out is still registered for
   * `tools/call`, so a caller naming it gets the tool's own answer (its structured refusal, such
   * as `insufficient_scope`) rather than "not found": a product lists only what the caller can
   * use and still explains the rest.
   */
  listed?: (tool: Tool) => boolean;
  /**
   * Other registrations on each server instance, such as MCP Apps resources; the SDK declares
   * the matching capability when one registers a resource.
   */
  registrations?: ReadonlyArray<(server: McpServer) => void>;
  /**
   * Declare the resources capability even with no resource registered (resources/list is then
   * an empty list): some hosts list resources unconditionally and drop a server that refuses.
   */
  declareResources?: boolean;
  maxBodyBytes?: number;
  /**
   * One JSON-RPC message per request, whatever the protocol era (no batches): a body that is not
   * one JSON object is 400 `invalid_request`, with `data.code` and the correlation id.
   */
  singleMessages?: boolean;
  guard?: McpGuard;
  onError?: (error: Error) => void;
}

export interface McpEndpoint {
  /**
   * Answers one HTTP request. `bodyText` is its body when the caller has already read it within
   * the endpoint's size limit (a product that checks the body before credentials), so it is not
   * copied into a second Request to be read again.
   */
  handle(request: Request, scope: RequestScope, bodyText?: string): Promise<Response>;
  close(): Promise<void>;
}

const ALLOW_POST = { Allow: 'POST' };
/** The most messages one batch may hold: the SDK's own limit on its 2025-era path. */
export const MAX_BATCH_MESSAGES = 100;
/** Calls of one batch in flight at once: enough to overlap waits, too few to monopolise a process. */
export const BATCH_CONCURRENCY = 4;
/** The first revision without JSON-RPC batches. */
const FIRST_UNBATCHED_VERSION = '2025-06-18';

export function createMcpEndpoint(options: McpEndpointOptions): McpEndpoint {
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const buildServer = (tools: readonly Tool[]) => {
    const server = new McpServer(
      { name: options.name, version: options.version, ...(options.title ? { title: options.title } : {}) },
      {
        capabilities: { tools: {}, ...(options.declareResources ? { resources: { listChanged: false } } : {}) },
        ...(options.instructions ? { instructions: options.instructions } : {}),
      },
    );
    for (const tool of tools) tool.register(server);
    for (const register of options.registrations ?? []) register(server);
    return server;
  };
  const listedTools = options.listed ? options.tools.filter(options.listed) : options.tools;
  const toolsByName = new Map(options.tools.map((tool) => [tool.name, tool]));
  // 'auto' answers with one JSON body because our tools emit nothing before their result.
  const modernFor = (tools: readonly Tool[]) =>
    createMcpHandler(() => buildServer(tools), {
      legacy: 'reject',
      maxRequestBodySize: maxBodyBytes,
      ...(options.onError ? { onerror: options.onError } : {}),
    });
  // Calls reach every tool; every other message (tools/list above all) sees the listed ones only.
  const calling = { pool: new ServerPool(() => buildServer(options.tools)), modern: modernFor(options.tools) };
  const listing = listedTools === options.tools ? calling : { pool: new ServerPool(() => buildServer(listedTools)), modern: modernFor(listedTools) };
  const serversFor = (message: unknown) => ((message as { method?: unknown } | null)?.method === 'tools/call' ? calling : listing);

  async function handle(request: Request, scope: RequestScope, bodyText?: string): Promise<Response> {
    if (request.method !== 'POST') {
      return jsonRpcErrorResponse(405, JSON_RPC.invalidRequest, 'Method not allowed: this endpoint is stateless and accepts POST only.', null, ALLOW_POST);
    }
    if (options.guard?.every && !scope.principal) {
      const refused = await admitRequest(options.guard, request, 1, scope);
      if (refused) return refused;
    }
    const contentType = request.headers.get('content-type') ?? '';
    if (!/^application\/json\s*(;|$)/i.test(contentType)) {
      return jsonRpcErrorResponse(415, JSON_RPC.invalidRequest, 'Unsupported Media Type: send Content-Type: application/json.');
    }
    if (!acceptsJson(request.headers.get('accept'))) {
      return jsonRpcErrorResponse(406, JSON_RPC.invalidRequest, 'Not Acceptable: the Accept header must allow application/json.');
    }
    const body =
      bodyText === undefined
        ? await readBodyLimited(request, maxBodyBytes)
        : Buffer.byteLength(bodyText) <= maxBodyBytes
          ? { ok: true as const, text: bodyText }
          : { ok: false as const, reason: 'too_large' as const };
    if (!body.ok) {
      if (body.reason === 'unreadable' && options.singleMessages) return notOneMessage(scope);
      return body.reason === 'too_large'
        ? jsonRpcErrorResponse(413, JSON_RPC.invalidRequest, `Request body exceeds ${maxBodyBytes} bytes.`)
        : jsonRpcErrorResponse(400, JSON_RPC.parseError, 'Parse error: the request body could not be read.');
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.text);
    } catch {
      if (options.singleMessages) return notOneMessage(scope);
      return jsonRpcErrorResponse(400, JSON_RPC.parseError, 'Parse error: the body is not valid JSON.');
    }
    if (options.singleMessages && (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))) return notOneMessage(scope);

    const headerVersion = request.headers.get('mcp-protocol-version');
    if (Array.isArray(parsed)) {
      if (headerVersion !== null && headerVersion.trim() >= FIRST_UNBATCHED_VERSION) {
        return jsonRpcErrorResponse(
          400,
          JSON_RPC.invalidRequest,
          `Invalid Request: MCP ${headerVersion.trim()} has no batches; send one JSON-RPC message per request.`,
        );
      }
      if (parsed.length > MAX_BATCH_MESSAGES) {
        return jsonRpcErrorResponse(
          400,
          JSON_RPC.invalidRequest,
          `Invalid Request: a batch holds at most ${MAX_BATCH_MESSAGES} messages; this one holds ${parsed.length}.`,
        );
      }
    }

    if (!Array.isArray(parsed)) {
      const deepAt = tooDeepAt(parsed);
      if (deepAt !== undefined) return jsonRpcErrorResponse(400, JSON_RPC.invalidRequest, tooDeepMessage(deepAt), idOf(parsed));
    }

    const admitted = await admit(parsed, request, scope);
    if (admitted.refused) return admitted.refused;
    const answer = await serve(parsed, request, scope, headerVersion, body.text);
    await releaseStoredAnswers(admitted.counted, scope);
    return answer;
  }

  async function serve(parsed: unknown, request: Request, scope: RequestScope, headerVersion: string | null, bodyText: string): Promise<Response> {
    if (!Array.isArray(parsed) && !isPlainLegacyToolCall(parsed, headerVersion) && !(await isLegacyRequest(request, parsed as never))) {
      // The modern handler reads the request itself, so it gets a fresh copy of the body.
      const replay = new Request(request.url, { method: 'POST', headers: request.headers, body: bodyText });
      bindRequestScope(replay, scope);
      return serversFor(parsed).modern.fetch(replay, { parsedBody: parsed });
    }
    // Modern requests carry their version in the envelope, checked by the SDK; a 2025-era
    // request names it in this header, which must be one we serve.
    if (headerVersion !== null && !SUPPORTED_PROTOCOL_VERSIONS.includes(headerVersion)) {
      return jsonRpcErrorResponse(
        400,
        JSON_RPC.invalidRequest,
        `Unsupported MCP-Protocol-Version ${JSON.stringify(headerVersion)}; supported: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')}.`,
      );
    }
    return serveLegacy(parsed, request, scope);
  }

  /**
   * Credential tools are refused at the HTTP level (401, 429, 503) before any server sees the
   * call, as the contract's status codes promise; public calls pass untouched. A request the
   * limit refuses uses none of the allowance, and one whose every credential call is a replay
   * of a stored answer is let through at the limit: a client retrying a call that already
   * succeeded gets its answer, not 429. `counted` is how many calls stayed counted.
   */
  async function admit(parsed: unknown, request: Request, scope: RequestScope): Promise<{ refused?: Response; counted: number }> {
    const messages = Array.isArray(parsed) ? parsed : [parsed];
    const calls = messages.filter((m): m is { method: 'tools/call'; params: { name: string; arguments?: unknown } } => {
      const message = m as { method?: unknown; params?: { name?: unknown } } | null;
      return message?.method === 'tools/call' && toolsByName.get(String(message.params?.name))?.access === 'credential';
    });
    // A request admitted already (a guard for every request, here or in the mount) has named the caller.
    if (calls.length === 0 || scope.principal) return { counted: 0 };
    const guard = options.guard;
    if (!guard) throw new TypeError('A credential tool is registered without a guard');
    const refused = await admitRequest(guard, request, calls.length, scope);
    if (!refused) return { counted: calls.length };
    const principal = scope.principal;
    if (refused.status !== 429 || !principal) return { refused, counted: 0 };
    try {
      await guard.release?.(principal, calls.length);
      if (guard.answersFromStore) {
        const stored = await Promise.all(calls.map((call) => guard.answersFromStore!(principal, { name: call.params.name, arguments: call.params.arguments })));
        if (stored.every(Boolean)) return { counted: 0 };
      }
    } catch (error) {
      // The refusal stands; what could not be given back stays counted until the window ends.
      scope.log.warn({ err: error }, 'could not give back refused calls');
    }
    return { refused, counted: 0 };
  }

  /** Gives back the counted calls that were answered from a stored answer. */
  async function releaseStoredAnswers(counted: number, scope: RequestScope): Promise<void> {
    const replayed = Math.min(counted, scope.storedAnswers ?? 0);
    if (replayed === 0 || !scope.principal || !options.guard?.release) return;
    try {
      await options.guard.release(scope.principal, replayed);
    } catch (error) {
      scope.log.warn({ err: error }, 'could not give back replayed calls');
    }
  }

  async function serveLegacy(parsed: unknown, request: Request, scope: RequestScope): Promise<Response> {
    const messages = Array.isArray(parsed) ? parsed : [parsed];
    if (messages.length === 0) {
      return jsonRpcErrorResponse(400, JSON_RPC.invalidRequest, 'Invalid Request: empty batch.');
    }
    // A pooled server's tools find the scope through the request (tool.ts); a direct call is handed it.
    const viaServer = (message: JSONRPCRequest) => {
      bindRequestScope(request, scope);
      return serversFor(message).pool.exchange(message, { request });
    };
    const answerOne = (message: unknown): Promise<JSONRPCMessage> | undefined => {
      // The common message, a plain tool call, is a request by construction; the SDK's schema
      // checks below are for everything else.
      if (isPlainLegacyToolCall(message, null)) {
        return directToolCall(toolsByName, message as JSONRPCRequest, scope) ?? viaServer(message as JSONRPCRequest);
      }
      const deepAt = tooDeepAt(message);
      if (deepAt !== undefined) {
        return Promise.resolve({
          jsonrpc: '2.0',
          id: idOf(message),
          error: { code: JSON_RPC.invalidRequest, message: tooDeepMessage(deepAt) },
        } as JSONRPCMessage);
      }
      if (isJSONRPCNotification(message)) return undefined;
      if (!isJSONRPCRequest(message)) return Promise.resolve(invalidRequest(message));
      return directToolCall(toolsByName, message, scope) ?? viaServer(message);
    };
    if (!Array.isArray(parsed)) {
      const answer = await answerOne(parsed);
      return answer ? correlatedJsonResponse(answerJson(answer), 200, scope.correlationId) : new Response(null, { status: 202 });
    }
    const slots: Array<JSONRPCMessage | undefined> = new Array(messages.length);
    let next = 0;
    const worker = async () => {
      while (next < messages.length && !request.signal.aborted) {
        const index = next++;
        const message = messages[index];
        try {
          slots[index] = await answerOne(message);
        } catch (error) {
          slots[index] = failedCall(message, error, scope);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(BATCH_CONCURRENCY, messages.length) }, worker));
    const answers = slots.filter((answer): answer is JSONRPCMessage => answer !== undefined);
    if (answers.length === 0) return new Response(null, { status: 202 });
    const text = JSON.stringify(answers);
    return correlatedJsonResponse({ text, bytes: Buffer.byteLength(text) }, 200, scope.correlationId);
  }

  return {
    handle,
    async close() {
      const all = listing === calling ? [calling] : [calling, listing];
      await Promise.all(all.flatMap((servers) => [servers.pool.close(), servers.modern.close()]));
    },
  };
}

/**
 * Runs a guard's admission for `calls` calls of the request: the refusal to answer (401 with the
 * challenge, 429 with Retry-After, 503 when the check itself failed), or undefined with the
 * principal (and the credential) on the scope.
 */
export async function admitRequest(guard: McpGuard, request: Request, calls: number, scope: RequestScope): Promise<Response | undefined> {
  try {
    const admission = await guard.admit(request, calls);
    if ('failure' in admission)
      return unauthorizedChallenge(guard.challenge, admission.failure, admission.description ?? guard.refusals[admission.failure], scope.correlationId);
    scope.principal = admission.principal;
    if (admission.credential !== undefined) scope.credential = admission.credential;
    if (admission.credentialHeaders !== undefined) scope.credentialHeaders = admission.credentialHeaders;
    const limit = admission.limit;
    if (limit && !limit.allowed) {
      const refusal = platformErrors.fail('rate_limited', `Too many requests for this account; retry after ${limit.retryAfterSeconds} s.`, {
        retryAfterSeconds: limit.retryAfterSeconds,
      });
      return jsonErrorResponse(refusal, scope.correlationId);
    }
    return undefined;
  } catch (error) {
    scope.log.warn({ err: error }, 'credential check failed');
    const refusal = platformErrors.fail('unavailable', 'The service cannot check credentials right now; nothing was changed. Retry shortly.');
    return jsonErrorResponse(refusal, scope.correlationId, { 'Retry-After': '5' });
  }
}

/** A single-message server's answer to a body that is not one JSON object. */
function notOneMessage(scope: RequestScope): Response {
  return Response.json(
    {
      jsonrpc: '2.0',
      id: null,
      error: {
        code: JSON_RPC.invalidRequest,
        message: 'invalid_request: The request body must be one JSON-RPC message: a JSON object.',
        data: { code: 'invalid_request', correlationId: scope.correlationId },
      },
    },
    { status: 400 },
  );
}

function acceptsJson(accept: string | null): boolean {
  if (accept === null || accept.trim() === '') return true;
  return /(^|,)\s*(application\/json|application\/\*|\*\/\*)\s*(;|,|$)/i.test(accept);
}

/** A message's id when it has a usable one, else null (as JSON-RPC answers an unidentifiable request). */
function idOf(message: unknown): string | number | null {
  const id = (message as { id?: unknown } | null)?.id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

function tooDeepMessage(path: string): string {
  return `Invalid Request: the message nests deeper than ${MAX_MESSAGE_DEPTH} levels (at ${path.split('.').slice(0, 8).join('.')}…).`;
}

function invalidRequest(message: unknown): JSONRPCMessage {
  const safeId = idOf(message);
  return {
    jsonrpc: '2.0',
    id: safeId,
    error: { code: JSON_RPC.invalidRequest, message: 'Invalid Request: not a JSON-RPC 2.0 request or notification.' },
  } as JSONRPCMessage;
}

/**
 * The answer for one call of a batch that failed unexpectedly: an error of its own, so the
 * batch's other answers (a stored write among them) still reach the client.
 */
function failedCall(message: unknown, error: unknown, scope: RequestScope): JSONRPCMessage {
  const safeId = idOf(message);
  const unavailable = isConnectionFailure(error);
  scope.log[unavailable ? 'warn' : 'error']({ err: error }, 'batch call failed');
  return {
    jsonrpc: '2.0',
    id: safeId,
    error: {
      code: JSON_RPC.internalError,
      message: unavailable
        ? 'The service cannot reach its database right now; retry this call shortly.'
        : "This call failed unexpectedly; the batch's other calls were answered.",
      data: { code: unavailable ? 'unavailable' : 'internal_error', retryable: unavailable, correlationId: scope.correlationId },
    },
  } as JSONRPCMessage;
}
