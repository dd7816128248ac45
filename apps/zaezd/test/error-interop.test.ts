/**
 * Every code of zaezd's error table, produced against real stacks (zaezd on the Tutu stand-in,
 * loopback), reaches the SDK 1.x client, the v2 client and the Inspector CLI 1.x and 2.x as
 * `isError` with the code. Five stacks give the states the codes need: today's, one three months
 * later (the trip's dates have passed), one whose Tutu refuses connections, one whose Tutu
 * answers every search with HTTP 429, and one whose events source (KudaGo) refuses connections.
 * Trips pinned to an event that is not listed are the found trip's request with another event in
 * its ID, as any caller could send.
 */
import { describeErrorInterop } from '@agent-products/kit/testing';
import { zaezdErrors } from '../src/errors.ts';
import type { EventRef } from '../src/events/event.ts';
import { decodeTripId, encodeTripId } from '../src/trips/trip-id.ts';
import { TEST_NOW, startStack, type RunningStack } from './support/start-stack.ts';

/** A port nothing listens on: connections are refused at once. */
const DEAD = 'http://127.0.0.1:9';
const REQUEST = { topics: ['jazz'], origin: 'Москва', date_from: '2026-12-01', date_to: '2026-12-31', adults: 2 };

interface Stacks {
  today: RunningStack;
  later: RunningStack;
  noTutu: RunningStack;
  busyTutu: RunningStack;
  noEvents: RunningStack;
  tripId: string;
  /** A trip over a tiny budget: fewer packages than the three a package number may name. */
  smallTrip: { tripId: string; packages: number };
}

async function findTrip(stack: RunningStack, args: Record<string, unknown>): Promise<{ trip_id: string; packages: unknown[] }> {
  const response = await fetch(`${stack.url}/mcp`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'MCP-Protocol-Version': '2025-06-18' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'find_event_trips', arguments: args } }),
  });
  const answer = (await response.json()) as { result: { structuredContent: { trip_id: string; packages: unknown[] } } };
  return answer.result.structuredContent;
}

/** The same request pinned to another event on the same day, as a valid trip_id. */
function withEvent(tripId: string, event: Omit<EventRef, 'day'>): string {
  const selection = decodeTripId(tripId);
  if (!selection.event) throw new Error('the found trip names no event');
  return encodeTripId({ ...selection, event: { ...event, day: selection.event.day } });
}

describeErrorInterop<Stacks, keyof typeof zaezdErrors.table>({
  product: 'zaezd',
  table: zaezdErrors.table,
  async start() {
    const [today, later, noTutu, busyTutu, noEvents] = await Promise.all([
      startStack(),
      startStack({ now: new Date(TEST_NOW.getTime() + 90 * 86_400_000) }),
      startStack({ tutuUrl: `${DEAD}/mcp`, tutuRetries: 0, tutuTimeoutMs: 1000 }),
      // Tutu answers every search with HTTP 429, and nothing is cached, so each call meets it.
      startStack({ simFaults: [{ tool: '*', fault: 'busy' }], tutuCacheTtlMs: 0 }),
      startStack({ events: { source: 'kudago', baseUrl: DEAD, timeoutMs: 1000 } }),
    ]);
    const [full, small] = await Promise.all([findTrip(today, REQUEST), findTrip(today, { ...REQUEST, budget: 1000 })]);
    if (small.packages.length >= 3) throw new Error('the small-budget trip has all three packages; unknown_package needs fewer');
    return { today, later, noTutu, busyTutu, noEvents, tripId: full.trip_id, smallTrip: { tripId: small.trip_id, packages: small.packages.length } };
  },
  async stop(stacks) {
    await Promise.all([stacks.today.stop(), stacks.later.stop(), stacks.noTutu.stop(), stacks.busyTutu.stop(), stacks.noEvents.stop()]);
  },
  scenarios: {
    invalid_arguments: ({ today }) => ({ url: today.url, name: 'get_trip_details', arguments: { trip_id: 'x', package: 'first', colour: 'red' } }),
    invalid_trip_id: ({ today }) => ({ url: today.url, name: 'get_trip_details', arguments: { trip_id: 'bogus', package: 1 } }),
    unknown_package: ({ today, smallTrip }) => ({
      url: today.url,
      name: 'create_trip_checkout',
      arguments: { trip_id: smallTrip.tripId, package: smallTrip.packages + 1 },
    }),
    trip_in_past: ({ later, tripId }) => ({ url: later.url, name: 'get_trip_details', arguments: { trip_id: tripId, package: 1 } }),
    event_not_found: ({ today, tripId }) => ({
      url: today.url,
      name: 'get_trip_details',
      // The found trip's ID, well-formed, but naming an event the bundled dataset does not list (as one withdrawn).
      arguments: { trip_id: withEvent(tripId, { source: 'bundled', id: 'withdrawn-concert' }), package: 1 },
    }),
    upstream_unavailable: ({ noTutu }) => ({ url: noTutu.url, name: 'find_event_trips', arguments: REQUEST }),
    upstream_busy: ({ busyTutu }) => ({ url: busyTutu.url, name: 'find_event_trips', arguments: REQUEST }),
    // A search only notes a city KudaGo did not answer for; a trip pinned to a KudaGo event cannot be rebuilt without it.
    events_unavailable: ({ noEvents, tripId }) => ({
      url: noEvents.url,
      name: 'get_trip_details',
      arguments: { trip_id: withEvent(tripId, { source: 'kudago', id: '201801' }), package: 1 },
    }),
    unavailable: { notBlackBox: 'zaezd keeps no database (trips are rebuilt from their IDs), so nothing it depends on answers with this code' },
    idempotency_conflict: { notBlackBox: 'zaezd has no idempotency keys: its tools write nothing' },
    unauthorized: { notBlackBox: 'every zaezd tool is public; no tool asks for a credential' },
    body_too_large: {
      notBlackBox:
        "a refusal of the HTTP pipeline before any tool runs: a body over the limit is HTTP 413 (mcp-endpoint.test.ts; the kit's body-limit.test.ts)",
    },
    origin_rejected: {
      notBlackBox:
        'a foreign browser Origin is answered HTTP 403 with this code before the MCP endpoint runs any tool (cors-browser.test.ts); no tool answers it',
    },
    not_found: { notBlackBox: 'an unknown path is an HTTP 404 of the web app, never a tool result (every tool refuses an unknown thing with its own code)' },
    rate_limited: { notBlackBox: 'zaezd has no per-owner limit (no owners, no credentials)' },
    insufficient_scope: { notBlackBox: 'no zaezd tool declares OAuth scopes, so no call can lack one' },
    internal_error: {
      notBlackBox: 'only a defect produces it (a domain crash or an answer breaking its own schema); tool.test.ts proves the mapping in-process',
    },
  },
});
