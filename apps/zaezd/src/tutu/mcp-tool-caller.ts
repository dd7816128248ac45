/**
 * Calls tools on the Tutu MCP server with the official MCP client over Streamable HTTP, and turns
 * each answer into parsed JSON or an `UpstreamError`.
 *
 * Tutu declares no output schemas: a result is one JSON string in `content[0].text`, and on
 * failure that text is a sentence, with or without `isError`. The sentence is read for what it
 * means: a pydantic "validation error" is a defect of ours (logged with the argument names), an
 * internal failure is transient, anything else is Tutu's reason. Each call has its own timeout,
 * cut short by the caller's deadline. Idempotent calls (the searches) are retried with backoff
 * when the failure is transient — never after a 429 — and identical ones are cached briefly and
 * shared while in flight. The connection is opened on first use (so zaezd starts while the
 * upstream is down); the `mcp-session-id` Tutu may issue is kept by the transport, and a 404
 * (the session expired) opens a new session and sends the call once more.
 */
import {
  Client,
  SdkError,
  SdkErrorCode,
  SdkHttpError,
  StreamableHTTPClientTransport,
  ProtocolError,
  ProtocolErrorCode,
  type CallToolResult,
  type Implementation,
} from '@modelcontextprotocol/client';
import { canonicalJson } from '@agent-products/kit/json';
import { tracedFetch } from '@agent-products/kit/observe';
import type { Logger } from '@agent-products/kit/log';
import { TtlCache } from '../cache/ttl-cache.ts';
import { UpstreamError } from './upstream-error.ts';

export interface ToolCallerOptions {
  url: string;
  /** Per-call timeout. */
  timeoutMs: number;
  /** Extra attempts for a transient failure of an idempotent call. */
  retries: number;
  /** First backoff; doubled on each retry, with jitter. */
  backoffMs: number;
  cacheTtlMs: number;
  log: Logger;
  clientName: string;
  clientVersion: string;
}

export interface CallerStats {
  /** Calls sent to the upstream, retries included. */
  upstreamCalls: number;
  cacheHits: number;
  retries: number;
  /** Sessions opened again after Tutu forgot one (HTTP 404). */
  reconnects: number;
}

export interface CallOptions {
  /** Idempotent calls are cached and retried; others (a checkout link) are sent exactly once. */
  idempotent: boolean;
  /** Epoch ms after which no attempt starts and a running one is cut off. */
  deadline?: number;
}

export interface ReadCallOptions<T> extends CallOptions {
  /** Turns the parsed JSON into typed rows; for an idempotent call its result is what is cached. */
  read: (answer: unknown) => T;
}

/** A reachability probe waits this long at most. */
const PROBE_TIMEOUT_MS = 3000;

export class McpToolCaller {
  private client: Promise<Client> | undefined;
  private info: Implementation | undefined;
  private readonly cache: TtlCache<unknown>;
  readonly stats: CallerStats = { upstreamCalls: 0, cacheHits: 0, retries: 0, reconnects: 0 };

  constructor(private readonly options: ToolCallerOptions) {
    this.cache = new TtlCache(options.cacheTtlMs);
  }

  /** The upstream's name and version from its initialize answer, once connected. */
  get serverInfo(): Implementation | undefined {
    return this.info;
  }

  /** Calls a tool and returns its parsed JSON. */
  call(tool: string, args: Record<string, unknown>, options: CallOptions): Promise<unknown> {
    return this.callAndRead(tool, args, { ...options, read: (answer) => answer });
  }

  /**
   * Calls a tool and reads its answer. An idempotent call caches what was read, so a cached
   * search costs no parsing again; an answer that cannot be read is not cached.
   */
  async callAndRead<T>(tool: string, args: Record<string, unknown>, options: ReadCallOptions<T>): Promise<T> {
    if (!options.idempotent) return options.read(await this.attempt(tool, args, options.deadline));
    const key = `${tool}:${canonicalJson(args)}`;
    const { value, hit } = await this.cache.getOrCompute(key, async () => options.read(await this.withRetries(tool, args, options.deadline)));
    if (hit) this.stats.cacheHits += 1;
    return value as T;
  }

  /**
   * Whether the upstream answers a ping in time: a cheap probe for health checks, with its own
   * short timeout rather than a search's.
   */
  async reachable(timeoutMs = Math.min(this.options.timeoutMs, PROBE_TIMEOUT_MS)): Promise<boolean> {
    try {
      const client = await this.connected(timeoutMs);
      await client.ping({ timeout: timeoutMs });
      return true;
    } catch (error) {
      if (connectionLost(error)) this.reset();
      return false;
    }
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    await client?.then((c) => c.close()).catch(() => undefined);
  }

  private async withRetries(tool: string, args: Record<string, unknown>, deadline: number | undefined): Promise<unknown> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await this.attempt(tool, args, deadline);
      } catch (error) {
        if (!(error instanceof UpstreamError) || !error.transient || attempt >= this.options.retries) throw error;
        const delay = this.options.backoffMs * 2 ** attempt * (1 + Math.random() / 2);
        // A retry that could not finish before the deadline would only delay the honest answer.
        if (deadline !== undefined && Date.now() + delay + this.options.timeoutMs / 4 > deadline) throw error;
        this.stats.retries += 1;
        this.options.log.warn({ tool, failure: error.failure, attempt: attempt + 1, delayMs: Math.round(delay) }, 'tutu call failed; retrying');
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  private async attempt(tool: string, args: Record<string, unknown>, deadline: number | undefined, afterReconnect = false): Promise<unknown> {
    const timeoutMs = deadline === undefined ? this.options.timeoutMs : Math.min(this.options.timeoutMs, deadline - Date.now());
    if (timeoutMs <= 0) throw new UpstreamError('timeout', tool, `No time was left to ask Tutu for ${tool}: the trip search's deadline had passed.`);
    let result: CallToolResult;
    try {
      const client = await this.connected(timeoutMs);
      this.stats.upstreamCalls += 1;
      result = (await client.callTool({ name: tool, arguments: args }, { timeout: timeoutMs })) as CallToolResult;
    } catch (error) {
      if (connectionLost(error)) {
        this.reset();
        if (sessionExpired(error) && !afterReconnect) {
          this.stats.reconnects += 1;
          return this.attempt(tool, args, deadline, true);
        }
      }
      throw classify(tool, error, timeoutMs);
    }
    try {
      return parseToolResult(tool, result);
    } catch (error) {
      if (error instanceof UpstreamError && error.failure === 'invalid_arguments') {
        this.options.log.error(
          { tool, argumentNames: Object.keys(args).sort(), upstreamText: error.upstreamText },
          'Tutu refused the arguments zaezd sent: a defect in zaezd',
        );
      }
      throw error;
    }
  }

  private connected(timeoutMs = this.options.timeoutMs): Promise<Client> {
    if (this.client) return this.client;
    const connecting = (async () => {
      const client = new Client({ name: this.options.clientName, version: this.options.clientVersion });
      // Each POST carries the trace of the call it makes (kit observe/: traceparent, a client span).
      await client.connect(new StreamableHTTPClientTransport(new URL(this.options.url), { fetch: tracedFetch }), { timeout: timeoutMs });
      this.info = client.getServerVersion();
      return client;
    })();
    this.client = connecting;
    // A failed connect is forgotten so the next call tries again.
    connecting.catch(() => {
      if (this.client === connecting) this.client = undefined;
    });
    return connecting;
  }

  /**
   * Drops the connection so the next call opens a new one. Calls still in flight on the old one
   * are left to finish or time out before it is closed: one failure must not fail its siblings.
   */
  private reset(): void {
    const stale = this.client;
    this.client = undefined;
    if (stale) setTimeout(() => void stale.then((c) => c.close()).catch(() => undefined), this.options.timeoutMs).unref();
  }
}

/**
 * Whether a failure means the connection itself is gone (closed, never opened, or the server
 * forgot our session), as opposed to one request failing on a connection that still works.
 * A stateless server needs no reconnect after a timeout or a 5xx.
 */
function connectionLost(error: unknown): boolean {
  if (error instanceof SdkHttpError) return error.status === 404;
  return error instanceof SdkError && (error.code === SdkErrorCode.ConnectionClosed || error.code === SdkErrorCode.NotConnected);
}

function sessionExpired(error: unknown): boolean {
  return error instanceof SdkHttpError && error.status === 404;
}

function classify(tool: string, error: unknown, timeoutMs: number): UpstreamError {
  if (error instanceof UpstreamError) return error;
  if (error instanceof SdkHttpError) {
    if (error.status === 429) return new UpstreamError('busy', tool, `Tutu is rate limiting zaezd (HTTP 429 to ${tool}); not retried now.`);
    const transient = error.status >= 500;
    return new UpstreamError(transient ? 'unreachable' : 'refused', tool, `Tutu answered HTTP ${error.status} to ${tool}.`);
  }
  if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout) {
    return new UpstreamError('timeout', tool, `Tutu did not answer ${tool} within ${timeoutMs} ms.`);
  }
  if (error instanceof ProtocolError) {
    if (error.code === ProtocolErrorCode.InvalidParams)
      return new UpstreamError('invalid_arguments', tool, `Tutu rejected the arguments zaezd sent to ${tool}: ${error.message}`, error.message);
    return new UpstreamError('refused', tool, `Tutu rejected ${tool}: ${error.message}`, error.message);
  }
  const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
  return new UpstreamError('unreachable', tool, `Tutu could not be reached for ${tool} (${reason}).`);
}

/** The pydantic wording Tutu uses when its argument validation refuses a call. */
const VALIDATION_SENTENCE = /\bvalidation errors? for\b|^Error executing tool [\w-]+: \d+ validation error/im;
/** Tutu's (and its upstreams') own failures, as opposed to a reason about the request. */
const INTERNAL_SENTENCE =
  /internal (server )?error|try again later|temporar(il)?y unavailable|service unavailable|timed? ?out|внутренн|попробуйте (ещё раз )?позже|временно недоступ/i;

function sentenceError(tool: string, sentence: string, lead: string): UpstreamError {
  if (VALIDATION_SENTENCE.test(sentence))
    return new UpstreamError(
      'invalid_arguments',
      tool,
      `Tutu refused the arguments zaezd sent to ${tool} (a defect in zaezd, not a lack of offers): ${sentence}`,
      sentence,
    );
  if (INTERNAL_SENTENCE.test(sentence)) return new UpstreamError('upstream_error', tool, `Tutu failed on ${tool}: ${sentence}`, sentence);
  return new UpstreamError('refused', tool, `${lead}: ${sentence}`, sentence);
}

/** The JSON in a tool result, or the reason there is none. */
export function parseToolResult(tool: string, result: CallToolResult): unknown {
  const text = result.content?.find((c): c is { type: 'text'; text: string } => c.type === 'text')?.text;
  if (result.isError) return raise(sentenceError(tool, (text ?? 'no message').trim().slice(0, 500), `Tutu refused ${tool}`));
  if (text === undefined) throw new UpstreamError('malformed', tool, `Tutu answered ${tool} without any text.`);
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('['))
    return raise(sentenceError(tool, trimmed.slice(0, 500), `Tutu answered ${tool} with a message instead of data`));
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    throw new UpstreamError('malformed', tool, `Tutu's answer to ${tool} was not valid JSON.`);
  }
  const error = (parsed as { error?: unknown } | null)?.error;
  if (typeof error === 'string') return raise(sentenceError(tool, error.slice(0, 500), `Tutu refused ${tool}`));
  return parsed;
}

function raise(error: UpstreamError): never {
  throw error;
}
