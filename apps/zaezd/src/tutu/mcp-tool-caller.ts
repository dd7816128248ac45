/**
 * Calls tools on the Tutu MCP server with the official MCP client over Streamable HTTP, and turns
 * each answer into parsed JSON or an `UpstreamError`.
 *
 * Tutu declares no output schemas: a result is one JSON string in `content[0].text`, and on
 * failure that text can be a plain sentence, with or without `isError`. Each call has its own
 * timeout. Idempotent calls (the searches) are retried with exponential backoff when the failure
 * is transient, and identical ones are cached briefly and shared while in flight. The connection
 * is opened on first use (so zaezd starts even while the upstream is down) and reopened only when
 * it is lost, never because one call failed.
 */
import { Client, SdkError, SdkErrorCode, SdkHttpError, StreamableHTTPClientTransport, ProtocolError, type CallToolResult, type Implementation } from '@modelcontextprotocol/client';
import type { Logger } from '@agent-products/kit/log';
import { TtlCache, stableJson } from '../cache/ttl-cache.ts';
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
}

export class McpToolCaller {
  private client: Promise<Client> | undefined;
  private info: Implementation | undefined;
  private readonly cache: TtlCache<unknown>;
  readonly stats: CallerStats = { upstreamCalls: 0, cacheHits: 0, retries: 0 };

  constructor(private readonly options: ToolCallerOptions) {
    this.cache = new TtlCache(options.cacheTtlMs);
  }

  /** The upstream's name and version from its initialize answer, once connected. */
  get serverInfo(): Implementation | undefined {
    return this.info;
  }

  /**
   * Calls a tool and returns its parsed JSON. `idempotent` calls are cached and retried; others
   * (a checkout link, which is new every time) are sent exactly once.
   */
  async call(tool: string, args: Record<string, unknown>, idempotent: boolean): Promise<unknown> {
    if (!idempotent) return this.attempt(tool, args);
    const { value, hit } = await this.cache.getOrCompute(`${tool}:${stableJson(args)}`, () => this.withRetries(tool, args));
    if (hit) this.stats.cacheHits += 1;
    return value;
  }

  /** Whether the upstream answers a ping within the call timeout. */
  async reachable(): Promise<boolean> {
    try {
      const client = await this.connected();
      await client.ping({ timeout: this.options.timeoutMs });
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

  private async withRetries(tool: string, args: Record<string, unknown>): Promise<unknown> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await this.attempt(tool, args);
      } catch (error) {
        if (!(error instanceof UpstreamError) || !error.retryable || attempt >= this.options.retries) throw error;
        this.stats.retries += 1;
        const delay = this.options.backoffMs * 2 ** attempt * (1 + Math.random() / 2);
        this.options.log.warn({ tool, failure: error.failure, attempt: attempt + 1, delayMs: Math.round(delay) }, 'tutu call failed; retrying');
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  private async attempt(tool: string, args: Record<string, unknown>): Promise<unknown> {
    let result: CallToolResult;
    try {
      const client = await this.connected();
      this.stats.upstreamCalls += 1;
      result = (await client.callTool({ name: tool, arguments: args }, { timeout: this.options.timeoutMs })) as CallToolResult;
    } catch (error) {
      if (connectionLost(error)) this.reset();
      throw classify(tool, error, this.options.timeoutMs);
    }
    return parseToolResult(tool, result);
  }

  private connected(): Promise<Client> {
    if (this.client) return this.client;
    const connecting = (async () => {
      const client = new Client({ name: this.options.clientName, version: this.options.clientVersion });
      await client.connect(new StreamableHTTPClientTransport(new URL(this.options.url)), { timeout: this.options.timeoutMs });
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

function classify(tool: string, error: unknown, timeoutMs: number): UpstreamError {
  if (error instanceof UpstreamError) return error;
  if (error instanceof SdkHttpError) {
    const transient = error.status >= 500 || error.status === 429;
    return new UpstreamError(transient ? 'unreachable' : 'refused', tool, `Tutu answered HTTP ${error.status} to ${tool}.`);
  }
  if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout) {
    return new UpstreamError('timeout', tool, `Tutu did not answer ${tool} within ${timeoutMs} ms.`);
  }
  if (error instanceof ProtocolError) {
    return new UpstreamError('refused', tool, `Tutu rejected ${tool}: ${error.message}`, error.message);
  }
  const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
  return new UpstreamError('unreachable', tool, `Tutu could not be reached for ${tool} (${reason}).`);
}

/** The JSON in a tool result, or the reason there is none. */
export function parseToolResult(tool: string, result: CallToolResult): unknown {
  const text = result.content?.find((c): c is { type: 'text'; text: string } => c.type === 'text')?.text;
  if (result.isError) {
    const sentence = (text ?? 'no message').trim().slice(0, 300);
    throw new UpstreamError('refused', tool, `Tutu refused ${tool}: ${sentence}`, sentence);
  }
  if (text === undefined) throw new UpstreamError('malformed', tool, `Tutu answered ${tool} without any text.`);
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) {
    const sentence = trimmed.slice(0, 300);
    throw new UpstreamError('refused', tool, `Tutu answered ${tool} with a message instead of data: ${sentence}`, sentence);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    throw new UpstreamError('malformed', tool, `Tutu's answer to ${tool} was not valid JSON.`);
  }
  const error = (parsed as { error?: unknown } | null)?.error;
  if (typeof error === 'string') throw new UpstreamError('refused', tool, `Tutu refused ${tool}: ${error.slice(0, 300)}`, error.slice(0, 300));
  return parsed;
}
