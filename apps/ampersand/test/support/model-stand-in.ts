/**
 * A local stand-in for an OpenAI-compatible chat-completions endpoint: it speaks the HTTP
 * protocol (POST /v1/chat/completions → choices[0].message with content or tool_calls) and
 * answers from a script, one step per request, recording what it was sent. A step can also stall
 * (never answer) or fail with an HTTP status.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ScriptStep = { toolCalls: Array<{ name: string; arguments: Record<string, unknown> }> } | { content: string } | { status: number } | 'stall';

export interface ModelStandIn {
  url: string;
  requests: Array<{ messages: Array<{ role: string; content: string | null }>; tools: Array<{ function: { name: string } }> }>;
  /** Each request's `traceparent` header, in the order of `requests`. */
  traceparents: Array<string | undefined>;
  script(steps: ScriptStep[]): void;
  close(): Promise<void>;
}

export async function startModelStandIn(): Promise<ModelStandIn> {
  let steps: ScriptStep[] = [];
  const requests: ModelStandIn['requests'] = [];
  const traceparents: ModelStandIn['traceparents'] = [];
  const stalled = new Set<import('node:http').ServerResponse>();
  let callId = 0;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return void res.writeHead(404).end();
      requests.push(JSON.parse(body));
      traceparents.push(req.headers.traceparent as string | undefined);
      const step = steps.shift() ?? { content: 'Nothing more to add.' };
      if (step === 'stall') return void stalled.add(res);
      if ('status' in step) return void res.writeHead(step.status, { 'Content-Type': 'application/json' }).end('{"error":{"message":"scripted failure"}}');
      const message =
        'toolCalls' in step
          ? {
              role: 'assistant',
              content: null,
              tool_calls: step.toolCalls.map((c) => ({
                id: `call_${++callId}`,
                type: 'function',
                function: { name: c.name, arguments: JSON.stringify(c.arguments) },
              })),
            }
          : { role: 'assistant', content: step.content };
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(
        JSON.stringify({
          id: `chatcmpl_${callId}`,
          object: 'chat.completion',
          choices: [{ index: 0, message, finish_reason: 'toolCalls' in step ? 'tool_calls' : 'stop' }],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    traceparents,
    script(next) {
      steps = [...next];
    },
    async close() {
      for (const res of stalled) res.destroy();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
