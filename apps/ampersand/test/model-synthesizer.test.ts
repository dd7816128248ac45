/**
 * ask_question phrased by an OpenAI-compatible chat endpoint: a local stand-in server speaking
 * that HTTP protocol (POST /chat/completions, Bearer key, model and messages in, choices out)
 * records what it was sent and answers from it. Only facts the caller may see ever reach it; when
 * it fails, the deterministic answer is given instead.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';
import { accessToken, call, createAndee, mcpClient } from './support/andee-tokens.ts';

interface ChatRequest {
  model: string;
  messages: Array<{ role: string; content: string }>;
}

let standIn: Server;
let standInUrl: string;
const received: Array<{ authorization: string | undefined; path: string; body: ChatRequest }> = [];
let failing = false;

let amp: RunningAmpersand;
let client: Client;
let ownRuntime: Client;
const NERVOUS = 'I am nervous about my thesis defence in March.';

beforeAll(async () => {
  standIn = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const body = JSON.parse(raw) as ChatRequest;
      received.push({ authorization: req.headers.authorization, path: req.url ?? '', body });
      if (failing) return void res.writeHead(503, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: { message: 'overloaded' } }));
      const user = body.messages.find((m) => m.role === 'user')!.content;
      const facts = user
        .split('\n')
        .filter((l) => l.startsWith('- '))
        .map((l) => l.slice(2));
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'chatcmpl-1',
          object: 'chat.completion',
          model: body.model,
          choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: `From the model: ${facts.join(' / ')}` } }],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  standInUrl = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}/v1`;

  amp = await startAmpersand({ settings: { modelUrl: standInUrl, model: 'stand-in-model', modelKey: 'sk-test-key' } });
  const nia = await createAndee(amp, 'nia', 'Nia North');
  const oto = await createAndee(amp, 'oto', 'Oto Oak');
  await amp.api.connections.connect(nia.andeeId, oto.andeeId, new Date());
  await amp.api.signals.add(oto.andeeId, 'I love Sichuan food.', { visibility: 'public', status: 'approved', now: new Date() });
  await amp.api.signals.add(oto.andeeId, 'I cannot eat peanuts, food allergy.', { visibility: 'connected', status: 'approved', now: new Date() });
  await amp.api.signals.add(oto.andeeId, 'I binge on food at night.', { visibility: 'private', status: 'approved', now: new Date() });
  await amp.api.signals.add(nia.andeeId, NERVOUS, { visibility: 'private', status: 'approved', now: new Date() });
  client = await mcpClient(amp, await accessToken(amp, nia));
  ownRuntime = await mcpClient(amp, await accessToken(amp, nia, { firstParty: true }));
}, 180_000);
afterAll(async () => {
  await client?.close();
  await ownRuntime?.close();
  await amp?.close();
  standIn?.close();
});

describe('the model synthesizer', () => {
  it('sends only visible facts to the endpoint and returns its phrasing', async () => {
    const asked = await call(client, 'ask_question', { question: 'What food does Oto like?', participants: ['oto'] });
    expect(asked.answer).toBe('From the model: I love Sichuan food.');
    expect(asked.basedOnFacts).toBe(1);
    const last = received.at(-1)!;
    expect(last.path).toBe('/v1/chat/completions');
    expect(last.authorization).toBe('Bearer sk-test-key');
    expect(last.body.model).toBe('stand-in-model');
    const sent = JSON.stringify(last.body);
    expect(sent).toContain('Sichuan');
    // A third-party client: the connected fact and the private one never leave the server.
    expect(sent).not.toContain('peanuts');
    expect(sent).not.toContain('binge');
  });

  it('a third-party client asking about the andee who authorized it: the andee’s private fact never reaches the endpoint', async () => {
    const asked = await call(client, 'ask_question', { question: 'Am I nervous about anything?' });
    expect(asked.answer).not.toContain('thesis');
    expect(asked.basedOnFacts).toBe(0);
    for (const request of received) expect(JSON.stringify(request.body)).not.toContain('thesis');
  });

  it('the andee’s own first-party runtime: the endpoint phrases the private fact', async () => {
    const asked = await call(ownRuntime, 'ask_question', { question: 'Am I nervous about anything?' });
    expect(asked.answer).toBe(`From the model: ${NERVOUS}`);
    expect(JSON.stringify(received.at(-1)!.body)).toContain(NERVOUS);
  });

  it('falls back to the deterministic answer when the endpoint fails', async () => {
    failing = true;
    const asked = await call(client, 'ask_question', { question: 'What food does Oto like?', participants: ['oto'] });
    failing = false;
    expect(asked.answer).toBe('Nia North (you): nothing you can see has been shared.\nOto Oak (&oto): I love Sichuan food.');
  });

  it('with nothing relevant it does not call the endpoint and says so plainly', async () => {
    const before = received.length;
    const asked = await call(client, 'ask_question', { question: 'Does Oto ski?', participants: ['oto'] });
    expect(received).toHaveLength(before);
    expect(asked.answer).toContain('none of the 1 facts you can see speaks to this');
  });
});
