/**
 * Upstream faults injected into the Tutu stand-in — a timeout, Tutu's internal error, malformed
 * JSON, an empty answer, an HTTP 502, an HTTP 429, one search failing among several, Tutu gone
 * entirely — give honest coverage notes or structured errors: never a 500, never an invented
 * offer, never "none found" for a search that got no answer. Transient failures of a search are
 * retried; a 429 is not, and is reported as upstream_busy.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { callTool, connectClient, rpc } from '@agent-products/kit/testing';
import { startStack, type RunningStack } from './support/start-stack.ts';
import { callThroughClient } from './support/client-call.ts';
import type { FaultRule } from '@agent-products/tutu-sim';

const REQUEST = { topics: ['jazz'], origin: 'Москва', date_from: '2026-12-01', date_to: '2026-12-31', adults: 2 };

let stack: RunningStack;
let client: Client;
beforeAll(async () => {
  // No cache, so each test's faults meet fresh searches; a short timeout keeps the suite quick.
  // A hung call holds far past any test's end, so an answer at all shows zaezd cut it off itself
  // (no wall-clock bound, which a loaded machine would break).
  stack = await startStack({ tutuTimeoutMs: 600, tutuCacheTtlMs: 0, simHangMs: 600_000 });
  client = await connectClient(stack.url);
  // One call first, so no test's timing includes starting up.
  await callThroughClient(client, 'find_event_trips', REQUEST);
  stack.sim.control.reset();
});
afterEach(() => stack.sim.control.reset());
afterAll(async () => {
  await client?.close();
  await stack?.stop();
});

async function findWith(faults: FaultRule[]) {
  stack.sim.control.update({ faults });
  return callThroughClient(client, 'find_event_trips', REQUEST);
}

describe('a failed search among several', () => {
  it('drops air after Tutu’s internal error and says it failed, not that there are no flights; rail packages stand', async () => {
    const { isError, data } = await findWith([{ tool: 'search_avia', fault: 'error' }]);
    expect(isError).toBe(false);
    expect(data.packages.length).toBeGreaterThan(0);
    expect(data.packages.every((p: any) => p.mode === 'rail')).toBe(true);
    expect(data.coverage.searched.join('\n')).toMatch(/Round-trip flights .*: failed \(upstream_error\)/);
    const notFound = data.coverage.not_found.join('\n');
    expect(notFound).toMatch(/Tutu failed on search_avia: .*Внутренняя ошибка/);
    expect(notFound).not.toMatch(/Round-trip flights [^\n]*: none found/);
  });

  it('drops rail after malformed JSON and offers air, labelled as the alternative', async () => {
    const { isError, data } = await findWith([{ tool: 'search_rail', fault: 'malformed' }]);
    expect(isError).toBe(false);
    expect(data.packages.length).toBeGreaterThan(0);
    expect(data.packages.every((p: any) => p.mode === 'air' && p.alternative && p.label.startsWith('Альтернатива'))).toBe(true);
    expect(data.coverage.not_found.join('\n')).toMatch(/not valid JSON/);
  });

  it('offers no rail when only one of the two train searches fails, and names which', async () => {
    const { data } = await findWith([{ tool: 'search_rail', fault: 'malformed', times: 1 }]);
    expect(data.packages.every((p: any) => p.mode === 'air')).toBe(true);
    const trainLines = data.coverage.searched.filter((l: string) => l.startsWith('Trains'));
    expect(trainLines.filter((l: string) => l.includes('failed'))).toHaveLength(1);
    expect(trainLines.filter((l: string) => /\d+ train\(s\)/.test(l))).toHaveLength(1);
  });

  it('reports a timeout that outlasts the retry in the coverage note', async () => {
    const { isError, data } = await findWith([{ tool: 'search_avia', fault: 'timeout' }]);
    expect(isError).toBe(false);
    expect(data.coverage.not_found.join('\n')).toMatch(/did not answer search_avia within 600 ms/);
    expect(data.packages.every((p: any) => p.mode === 'rail')).toBe(true);
  });

  it('says "none found" rather than inventing offers when Tutu answers with empty lists', async () => {
    const { data } = await findWith([{ tool: 'search_avia', fault: 'empty' }]);
    expect(data.packages.every((p: any) => p.mode === 'rail')).toBe(true);
    expect(data.coverage.not_found.join('\n')).toMatch(/Round-trip flights .*: none found/);
  });
});

describe('transient failures are retried', () => {
  it('retries a search after a 502 and after a timeout, and the answer is complete', async () => {
    const retriesBefore = stack.zaezd.tutu.stats.retries;
    const { data } = await findWith([
      { tool: 'search_hotels', fault: 'http_error', times: 1 },
      { tool: 'search_avia', fault: 'timeout', times: 1 },
    ]);
    expect(data.status).toBe('ok');
    expect(data.coverage.searched.join('\n')).not.toMatch(/failed/);
    expect(data.packages.some((p: any) => p.mode === 'air')).toBe(true);
    expect(stack.zaezd.tutu.stats.retries - retriesBefore).toBe(2);
  });

  it('retries Tutu’s internal error once, and not a malformed answer', async () => {
    stack.sim.control.update({
      faults: [
        { tool: 'search_avia', fault: 'error' },
        { tool: 'search_hotels', fault: 'malformed', times: 1 },
      ],
    });
    await callThroughClient(client, 'find_event_trips', REQUEST);
    const calls = stack.sim.control.snapshot().calls;
    expect(calls.search_avia).toBe(2);
    expect(calls.search_hotels).toBe(2);
  });

  it('never retries a 429: the search is reported busy, and the trip upstream_busy when nothing else answered', async () => {
    const partial = await findWith([{ tool: 'search_avia', fault: 'busy' }]);
    expect(partial.data.coverage.searched.join('\n')).toMatch(/Round-trip flights .*: failed \(busy\)/);
    expect(stack.sim.control.snapshot().calls.search_avia).toBe(1);
    stack.sim.control.reset();
    const { isError, data } = await findWith([{ tool: '*', fault: 'busy' }]);
    expect(isError).toBe(true);
    expect(data.error).toMatchObject({ code: 'upstream_busy', retryable: true });
    expect(data.error.details.failures).toHaveLength(5);
    expect(stack.sim.control.snapshot().total_calls).toBe(5);
  });
});

describe('when no package can be built', () => {
  it('answers a structured, retryable error naming the failed searches when hotels time out', async () => {
    const { isError, data } = await findWith([{ tool: 'search_hotels', fault: 'timeout' }]);
    expect(isError).toBe(true);
    expect(data.error).toMatchObject({ code: 'upstream_unavailable', retryable: true });
    expect(data.error.details.failures.map((f: any) => f.search)).toEqual(['hotels (full stay)', 'hotels (late stay)']);
    expect(data.error.message).toMatch(/Nothing was invented/);
  });

  it('never turns into an HTTP 500 on the MCP endpoint or the trip page', async () => {
    stack.sim.control.update({ faults: [{ tool: '*', fault: 'malformed' }] });
    const raw = await rpc(stack.url, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'find_event_trips', arguments: REQUEST } });
    expect(raw.status).toBe(200);
    expect(raw.json.result.isError).toBe(true);
    expect(raw.json.result.structuredContent.error.code).toBe('upstream_unavailable');

    stack.sim.control.reset();
    const found = (await callTool(stack.url, 'find_event_trips', REQUEST)).result.structuredContent;
    stack.sim.control.update({ faults: [{ tool: '*', fault: 'http_error' }] });
    const page = await fetch(`${stack.url}/t/${found.trip_id}`, { headers: { accept: 'application/json' } });
    expect(page.status).toBe(503);
    expect((await page.json()).error.code).toBe('upstream_unavailable');
    for (const tool of ['get_trip_details', 'create_trip_checkout']) {
      const answer = await callThroughClient(client, tool, { trip_id: found.trip_id, package: 1 });
      expect(answer.isError).toBe(true);
      expect(answer.data.error.code).toBe('upstream_unavailable');
    }
  });
});

describe('when Tutu fails inside', () => {
  it('answers upstream_unavailable, retryable, with the failures — not "no packages"', async () => {
    const { isError, data } = await findWith([{ tool: '*', fault: 'error' }]);
    expect(isError).toBe(true);
    expect(data.error).toMatchObject({ code: 'upstream_unavailable', retryable: true });
    expect(data.error.details.failures.map((f: any) => f.failure)).toEqual(Array(5).fill('upstream_error'));
    expect(data.error.details.failures[0].message).toMatch(/Внутренняя ошибка сервиса/);
  });
});

describe('the whole trip search is bounded', () => {
  it('cuts every search at the trip’s budget, however long a single call may take, and starts no retry past it', async () => {
    const bounded = await startStack({
      tutuTimeoutMs: 20_000,
      tutuSearchBudgetMs: 300,
      tutuCacheTtlMs: 0,
      simHangMs: 5000,
      simFaults: [{ tool: '*', fault: 'timeout' }],
    });
    try {
      const boundedClient = await connectClient(bounded.url);
      try {
        const { isError, data } = await callThroughClient(boundedClient, 'find_event_trips', REQUEST);
        expect(isError).toBe(true);
        expect(data.error.code).toBe('upstream_unavailable');
        for (const failure of data.error.details.failures) {
          expect(failure.failure).toBe('timeout');
          const within = /within (\d+) ms/.exec(failure.message);
          if (within) expect(Number(within[1])).toBeLessThanOrEqual(300);
          else expect(failure.message).toMatch(/deadline had passed/);
        }
        expect(bounded.zaezd.tutu.stats.retries).toBe(0);
      } finally {
        await boundedClient.close();
      }
    } finally {
      await bounded.stop();
    }
  });
});

describe('when Tutu is gone', () => {
  it('starts anyway, reports it in /health, and answers tools with a retryable error', async () => {
    const orphan = await startStack({ tutuUrl: 'http://127.0.0.1:9/mcp', tutuTimeoutMs: 600 });
    try {
      const health = await (await fetch(`${orphan.url}/health`)).json();
      expect(health).toMatchObject({ status: 'degraded', upstream: { reachable: false }, dependencies: { tutu: { up: false, essential: true } } });
      const orphanClient = await connectClient(orphan.url);
      try {
        const { isError, data } = await callThroughClient(orphanClient, 'find_event_trips', REQUEST);
        expect(isError).toBe(true);
        expect(data.error).toMatchObject({ code: 'upstream_unavailable', retryable: true });
        expect(data.error.details.failures).toHaveLength(5);
        expect(data.error.details.failures[0].failure).toBe('unreachable');
      } finally {
        await orphanClient.close();
      }
    } finally {
      await orphan.stop();
    }
  });
});
