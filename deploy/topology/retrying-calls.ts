/**
 * The load's client: one MCP `tools/call` over HTTP (the smoke suite's `rpc`), sent again on a
 * failure a client may retry: a 503 (HAProxy with no replica to place it on, or a replica that
 * drains) or a connection reset or refused before an answer arrived. A write carries its
 * idempotency key, so sending it again cannot write twice. Every attempt is tallied by what
 * became of it, which is what the summary proves from: each failed attempt was one of those two
 * kinds, and each request that met one was completed by a later attempt.
 */
import { rpc } from '@agent-products/kit/testing';

const ATTEMPTS = 8;
const BACKOFF_MS = 250;

export type FailureKind = '503' | 'reset' | `status ${number}` | `tool error ${string}`;

export interface Tally {
  requests: number;
  /** Requests answered with success, at the first attempt or after retries. */
  succeeded: number;
  /** Requests that met at least one retryable failure and then succeeded. */
  completedByRetry: number;
  /** Failed attempts by kind (a request may fail several times before it succeeds). */
  failedAttempts: Record<string, number>;
  /** Requests that ended without success, by the kind of their last failure. */
  unrecovered: Record<string, number>;
  /** One example of each unrecovered kind, for the summary. */
  examples: Record<string, string>;
}

export function newTally(): Tally {
  return { requests: 0, succeeded: 0, completedByRetry: 0, failedAttempts: {}, unrecovered: {}, examples: {} };
}

export interface CallAnswer {
  ok: boolean;
  /** The tool result's structuredContent when ok. */
  structured?: any;
  status?: number;
  text?: string;
}

/** Sends one tools/call to `baseUrl`'s /mcp until it succeeds, fails for good, or runs out of attempts. */
export async function callTool(tally: Tally, baseUrl: string, name: string, args: unknown, headers: Record<string, string> = {}): Promise<CallAnswer> {
  tally.requests += 1;
  let retried = false;
  let last: FailureKind = 'reset';
  let lastText = '';
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    let answer: Awaited<ReturnType<typeof rpc>>;
    try {
      answer = await rpc(baseUrl, { jsonrpc: '2.0', id: attempt, method: 'tools/call', params: { name, arguments: args } }, { headers });
    } catch (error) {
      last = 'reset';
      lastText = String((error as Error).cause ?? error);
      count(tally.failedAttempts, last);
      retried = true;
      await pause(attempt);
      continue;
    }
    if (answer.status === 503) {
      last = '503';
      lastText = answer.text.slice(0, 200);
      count(tally.failedAttempts, last);
      retried = true;
      await pause(attempt);
      continue;
    }
    const result = answer.json?.result;
    if (answer.status === 200 && result && result.isError !== true) {
      tally.succeeded += 1;
      if (retried) tally.completedByRetry += 1;
      return { ok: true, structured: result.structuredContent, status: 200 };
    }
    // Not a failure a client retries: a refusal or a tool error is the answer.
    last = answer.status === 200 ? `tool error ${result?.structuredContent?.error?.code ?? answer.json?.error?.code ?? 'unknown'}` : `status ${answer.status}`;
    count(tally.failedAttempts, last);
    lastText = answer.text.slice(0, 300);
    break;
  }
  count(tally.unrecovered, last);
  tally.examples[last] ??= `${name}: ${lastText}`;
  return { ok: false, text: lastText };
}

function count(into: Record<string, number>, kind: string): void {
  into[kind] = (into[kind] ?? 0) + 1;
}

const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, BACKOFF_MS * attempt));
