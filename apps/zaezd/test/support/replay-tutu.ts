/**
 * A replay of the live Tutu server for end-to-end tests: a Streamable HTTP MCP endpoint that
 * speaks as tutu-mcp-server 0.38.0 does over the wire (JSON responses, an `mcp-session-id`
 * issued on initialize and required afterwards, HTTP 404 once a session has expired), lists the
 * recorded `tools/list`, and answers tool calls with the recorded answers — shifted to the dates
 * asked for, and mirrored when a train is asked for in the opposite direction of the recorded one.
 * It answers only what was recorded: hotels for the recorded party and number of nights, rooms of
 * the recorded hotel; anything else gets an empty list, never an invented offer.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerOf, recordedTools, recording } from './tutu-recordings.ts';

type Args = Record<string, unknown>;
type ToolResult = { content: Array<{ type: 'text'; text: string }>; isError?: boolean };

export interface ReplayTutu {
  url: string;
  /** Tool calls received, in order. */
  calls: Array<{ tool: string; args: Args }>;
  /** Forget every session, as a restarted server would: the next call with one gets a 404. */
  expireSessions(): void;
  /** Answer a tool with this recorded error text instead (e.g. the pydantic validation refusal). */
  failWith(tool: string, text: string): void;
  close(): Promise<void>;
}

const DAY_MS = 86_400_000;

function shiftDates(text: string, days: number): string {
  const shift = (y: string, m: string, d: string) => new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)) + days * DAY_MS).toISOString().slice(0, 10);
  return text
    .replace(/(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)/g, (_, y: string, m: string, d: string) => shift(y, m, d))
    .replace(/(?<!\d)(\d{2})\.(\d{2})\.(\d{4})(?!\d)/g, (_, d: string, m: string, y: string) => shift(y, m, d).split('-').reverse().join('.'));
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** A recorded train answered for the opposite direction: stations, places and ids swapped. */
function mirrored(answer: any): any {
  const swapKeys = (object: any, pairs: Array<[string, string]>) => {
    for (const [a, b] of pairs) [object[a], object[b]] = [object[b], object[a]];
  };
  swapKeys(answer.meta, [['from', 'to']]);
  for (const offer of answer.offers) {
    for (const leg of offer.legs) {
      swapKeys(leg, [['from', 'to']]);
      for (const segment of leg.segments)
        swapKeys(segment, [
          ['from', 'to'],
          ['from_geo_point_id', 'to_geo_point_id'],
        ]);
    }
    swapKeys(offer.checkout_ref, [
      ['departure_city_id', 'arrival_city_id'],
      ['departure_station_code', 'arrival_station_code'],
      ['departure_geo_point_id', 'arrival_geo_point_id'],
    ]);
  }
  return answer;
}

function text(value: unknown, isError = false): ToolResult {
  return { content: [{ type: 'text', text: typeof value === 'string' ? value : JSON.stringify(value) }], ...(isError ? { isError: true } : {}) };
}

function answer(tool: string, args: Args): ToolResult {
  if (tool === 'search_rail') {
    const record = recording('search_rail', 'spb_msk_basic');
    const recorded = answerOf(record) as any;
    const days = daysBetween(String(record.arguments.departure_date), String(args.departure_date));
    const shifted = JSON.parse(shiftDates(JSON.stringify(recorded), days));
    const sameWay = args.origin === record.arguments.origin && args.destination === record.arguments.destination;
    const reverse = args.origin === record.arguments.destination && args.destination === record.arguments.origin;
    if (sameWay) return text(shifted);
    if (reverse) return text(mirrored(shifted));
    return text({ offers: [], meta: { ...recorded.meta, total_returned: 0, total_matched: 0, has_more: false } });
  }
  if (tool === 'search_avia') {
    const record = recording('search_avia', 'msk_spb_basic');
    const recorded = answerOf(record) as any;
    if (args.origin !== record.arguments.origin || args.destination !== record.arguments.destination)
      return text({ offers: [], meta: { ...recorded.meta, total_returned: 0, total_matched: 0, has_more: false } });
    return text(shiftDates(JSON.stringify(recorded), daysBetween(String(record.arguments.departure_date), String(args.departure_date))));
  }
  if (tool === 'search_hotels') {
    const record = recording('search_hotels', 'spb_basic');
    const recorded = answerOf(record) as any;
    const nights = (a: Args) => daysBetween(String(a.check_in), String(a.check_out));
    const same = args.city_name === record.arguments.city_name && args.adults === record.arguments.adults && nights(args) === nights(record.arguments);
    if (!same)
      return text({
        hotels: [],
        stay: { check_in: args.check_in, check_out: args.check_out, nights: nights(args) },
        meta: { ...recorded.meta, total_returned: 0, has_more: false },
      });
    return text(shiftDates(JSON.stringify(recorded), daysBetween(String(record.arguments.check_in), String(args.check_in))));
  }
  if (tool === 'get_offer_details') {
    const record = recording('get_offer_details', 'hotel_basic');
    if (args.hotel_id !== record.arguments.hotel_id)
      return text(`Error executing tool get_offer_details: hotel ${String(args.hotel_id)} was not recorded`, true);
    return text(shiftDates(record.result.text, daysBetween(String(record.arguments.check_in), String(args.check_in))));
  }
  return text(`Error executing tool ${tool}: not recorded`, true);
}

export async function startReplayTutu(): Promise<ReplayTutu> {
  const sessions = new Set<string>();
  const failures = new Map<string, string>();
  const calls: ReplayTutu['calls'] = [];
  const tools = recordedTools();

  const reply = (response: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers });
    response.end(body === undefined ? undefined : JSON.stringify(body));
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    if (request.method !== 'POST') return reply(response, 405, undefined, { allow: 'POST' });
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const message = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id?: number | string; method: string; params?: any };
    if (message.method === 'initialize') {
      const session = randomUUID();
      sessions.add(session);
      return reply(
        response,
        200,
        {
          jsonrpc: '2.0',
          id: message.id,
          result: {
            protocolVersion: message.params?.protocolVersion ?? '2025-06-18',
            capabilities: { tools: { listChanged: false }, resources: {}, prompts: {} },
            serverInfo: { name: 'tutu-mcp-server', version: '0.38.0' },
          },
        },
        { 'mcp-session-id': session },
      );
    }
    const session = request.headers['mcp-session-id'];
    if (typeof session !== 'string' || !sessions.has(session))
      return reply(response, 404, { jsonrpc: '2.0', id: message.id ?? null, error: { code: -32001, message: 'Session not found' } });
    if (message.id === undefined) return reply(response, 202);
    const result = (value: unknown) => reply(response, 200, { jsonrpc: '2.0', id: message.id, result: value });
    switch (message.method) {
      case 'ping':
        return result({});
      case 'tools/list':
        return result({ tools });
      case 'tools/call': {
        const tool = String(message.params?.name);
        const args = (message.params?.arguments ?? {}) as Args;
        calls.push({ tool, args });
        const failure = failures.get(tool);
        return result(failure ? text(failure, true) : answer(tool, args));
      }
      default:
        return reply(response, 200, { jsonrpc: '2.0', id: message.id, error: { code: -32601, message: `Method not found: ${message.method}` } });
    }
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => reply(response, 500, { error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    calls,
    expireSessions: () => sessions.clear(),
    failWith: (tool, failureText) => failures.set(tool, failureText),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
