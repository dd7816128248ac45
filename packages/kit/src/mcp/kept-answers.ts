/**
 * Answers a tool hands out again. A tool that keeps its answers (per version of its data, say)
 * marks each with `keepableAnswer` and returns that same object whenever the same question comes
 * back. The tool contract (tool.ts) then checks, renders and serializes it once; every later call
 * returning it is answered with the same result, byte for byte.
 *
 * Marking an answer keepable is the tool's promise that nothing reachable from it changes again
 * (its top level is frozen as a reminder). It is a promise rather than a deep freeze because a
 * deep copy and freeze cost about three searches (measured: 5 µs to copy and freeze an answer,
 * 9 µs to freeze a result, against 4.5 µs for the search), paid by every answer not yet kept.
 * What is made from a kept answer lives as long as the tool keeps the answer (weak references),
 * so the tool's own bound on its answers bounds this too. Any other answer is handled afresh on
 * every call.
 */
import type { CallToolResult, JSONRPCMessage } from '@modelcontextprotocol/server';

const keepable = new WeakSet<object>();
/** The JSON of each kept result, made on its first answer. */
const resultJson = new WeakMap<CallToolResult, { text: string; bytes: number } | null>();

/** Marks an answer (a plain object) the tool will hand out again unchanged; returns it, its top level frozen. */
export function keepableAnswer<T extends object>(answer: T): T {
  keepable.add(Object.freeze(answer));
  return answer;
}

export function isKeepable(answer: unknown): answer is object {
  return typeof answer === 'object' && answer !== null && keepable.has(answer);
}

/** Registers a result made for a keepable answer, to be served to every caller of that answer. */
export function keepResult(result: CallToolResult): CallToolResult {
  resultJson.set(Object.freeze(result), null);
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
