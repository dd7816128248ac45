/**
 * Answers a tool hands out again. A tool that keeps its answers (per version of its data, say)
 * makes each with `keepableAnswer`, a deeply frozen copy, and returns that same object whenever
 * the same question comes back. The tool contract (tool.ts) then checks, renders and serializes
 * it once; every later call returning it is answered with the same result, byte for byte.
 *
 * Nothing reachable from a keepable answer can change, so nothing made from it goes stale. What
 * is made from it lives as long as the tool keeps the answer (weak references), so the tool's
 * own bound on its answers bounds this too. Any other answer is handled afresh on every call.
 */
import type { CallToolResult, JSONRPCMessage } from '@modelcontextprotocol/server';

const keepable = new WeakSet<object>();
/** The JSON of each kept result, made on its first answer. */
const resultJson = new WeakMap<CallToolResult, { text: string; bytes: number } | null>();

/** A deeply frozen copy of a JSON-like answer (plain objects, arrays, primitives), marked keepable. */
export function keepableAnswer<T>(answer: T): T {
  const copy = frozenCopy(answer);
  if (typeof copy === 'object' && copy !== null) keepable.add(copy);
  return copy;
}

export function isKeepable(answer: unknown): answer is object {
  return typeof answer === 'object' && answer !== null && keepable.has(answer);
}

/** Freezes a result made for a keepable answer, so it can be served to every caller of it. */
export function keepResult(result: CallToolResult): CallToolResult {
  frozenInPlace(result);
  resultJson.set(result, null);
  return result;
}

/**
 * The JSON text of an answer and its length in bytes. A tools/call answer `{ jsonrpc, id, result }`
 * (as direct-tool-call.ts builds it) around a kept result reuses that result's JSON: the same text
 * JSON.stringify gives for the whole answer.
 */
export function answerJson(answer: JSONRPCMessage): { text: string; bytes: number } {
  const { result, id } = answer as { result?: CallToolResult; id?: unknown };
  const kept = result === undefined ? undefined : resultJson.get(result);
  if (kept === undefined || !isPlainCallAnswer(answer)) {
    const text = JSON.stringify(answer);
    return { text, bytes: Buffer.byteLength(text) };
  }
  let json = kept;
  if (json === null) {
    const text = JSON.stringify(result);
    json = { text, bytes: Buffer.byteLength(text) };
    resultJson.set(result!, json);
  }
  const head = `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":`;
  return { text: `${head}${json.text}}`, bytes: Buffer.byteLength(head) + json.bytes + 1 };
}

function isPlainCallAnswer(answer: JSONRPCMessage): boolean {
  const keys = Object.keys(answer);
  return keys.length === 3 && keys[0] === 'jsonrpc' && keys[1] === 'id' && keys[2] === 'result' && (answer as { jsonrpc: unknown }).jsonrpc === '2.0';
}

function frozenCopy<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return Object.freeze(value.map(frozenCopy)) as T;
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) throw new TypeError('A keepable answer holds plain objects, arrays and primitives only');
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) copy[key] = frozenCopy((value as Record<string, unknown>)[key]);
  return Object.freeze(copy) as T;
}

function frozenInPlace(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const child of Object.values(value)) frozenInPlace(child);
}
