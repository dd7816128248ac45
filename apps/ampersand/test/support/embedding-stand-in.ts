/**
 * A local stand-in for an OpenAI-compatible embeddings endpoint: it speaks the HTTP protocol
 * (POST /v1/embeddings with `model` and `input` → `data[i].embedding` with its `index`) and
 * answers each text with the vector a test gave it, or else a bag-of-words vector (words hashed
 * into 64 dimensions), recording what it was sent. A test can make the next answers fail with a
 * status, stall (never answer) or come back malformed.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type EmbeddingFault = { status: number } | 'stall' | 'one vector short';

export interface EmbeddingStandIn {
  url: string;
  requests: Array<{ body: { model: string; input: string[] }; authorization: string | undefined }>;
  /** The vector answered for exactly this text. */
  vectors: Map<string, number[]>;
  /** The next answer (one request) goes wrong this way. */
  fault(next: EmbeddingFault): void;
  close(): Promise<void>;
}

export async function startEmbeddingStandIn(): Promise<EmbeddingStandIn> {
  const requests: EmbeddingStandIn['requests'] = [];
  const vectors = new Map<string, number[]>();
  const faults: EmbeddingFault[] = [];
  const stalled = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/embeddings') return void res.writeHead(404).end();
      const body = JSON.parse(text) as { model: string; input: string[] };
      requests.push({ body, authorization: req.headers.authorization });
      const fault = faults.shift();
      if (fault === 'stall') return void stalled.add(res);
      if (fault && typeof fault === 'object')
        return void res.writeHead(fault.status, { 'Content-Type': 'application/json' }).end('{"error":{"message":"scripted failure"}}');
      const inputs = fault === 'one vector short' ? body.input.slice(1) : body.input;
      const data = inputs.map((input, index) => ({ object: 'embedding', index, embedding: vectors.get(input) ?? bagOfWords(input) }));
      res
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ object: 'list', model: body.model, data, usage: { prompt_tokens: 0, total_tokens: 0 } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    vectors,
    fault: (next) => void faults.push(next),
    async close() {
      for (const res of stalled) res.destroy();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

function bagOfWords(text: string): number[] {
  const vector = new Array<number>(64).fill(0);
  for (const word of text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)) {
    let hash = 0;
    for (const char of word) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
    vector[hash % 64]! += 1;
  }
  return vector;
}
