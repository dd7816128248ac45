/**
 * Latency and failure injection, as the benchmark and zaezd's fault suites use them: set from the
 * environment or through `/control`, counted per tool, and each fault kind answering the way a
 * failing Tutu would (an internal-error sentence, broken JSON, empty lists, a hang, an HTTP 502
 * or 429).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient, MCP_HEADERS } from '@agent-products/kit/testing';
import { parseFaultList } from '../src/control/sim-control.ts';
import { configFromEnv } from '../src/config.ts';
import { startSim, type RunningSim } from './support/start-sim.ts';

const RAIL = { origin: 'Москва', destination: 'Казань', departure_date: '2026-12-11' };

let running: RunningSim;
beforeAll(async () => {
  running = await startSim();
});
afterAll(async () => running?.stop());

const put = (body: unknown) => fetch(`${running.url}/control`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function rawCall(name: string, args: unknown) {
  return fetch(`${running.url}/mcp`, {
    method: 'POST',
    headers: { ...MCP_HEADERS, 'mcp-protocol-version': '2025-06-18' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
  });
}

describe('/control', () => {
  it('adds latency to every tool call and counts calls per tool', async () => {
    await fetch(`${running.url}/control`, { method: 'DELETE' });
    expect((await (await put({ latency_ms: 120 })).json()).latency_ms).toBe(120);
    const client = await connectClient(running.url);
    try {
      const started = performance.now();
      await Promise.all([client.callTool({ name: 'search_rail', arguments: RAIL }), client.callTool({ name: 'get_rail_instructions', arguments: {} })]);
      // A lower bound only: under load a call can take any time longer, so how close to the
      // latency it lands is measured by the zaezd benchmark (over 100 ms per call), not asserted.
      expect(performance.now() - started).toBeGreaterThanOrEqual(115);
    } finally {
      await client.close();
    }
    const snapshot = await (await fetch(`${running.url}/control`)).json();
    expect(snapshot).toMatchObject({ latency_ms: 120, calls: { search_rail: 1, get_rail_instructions: 1 }, total_calls: 2 });
    const reset = await (await fetch(`${running.url}/control`, { method: 'DELETE' })).json();
    expect(reset).toMatchObject({ latency_ms: 0, faults: [], total_calls: 0 });
  });

  it('injects each kind of fault, for a number of calls or until cleared', async () => {
    await put({
      faults: [
        { tool: 'search_rail', fault: 'error', times: 1 },
        { tool: 'search_hotels', fault: 'malformed' },
        { tool: 'search_avia', fault: 'empty' },
      ],
    });
    const client = await connectClient(running.url);
    try {
      const error = await client.callTool({ name: 'search_rail', arguments: RAIL });
      expect(error.isError).toBe(true);
      expect((error.content as any)[0].text).toMatch(/Внутренняя ошибка/);
      const recovered = await client.callTool({ name: 'search_rail', arguments: RAIL });
      expect(recovered.isError).toBeFalsy();
      const malformed = await client.callTool({ name: 'search_hotels', arguments: { city_name: 'Казань', check_in: '2026-12-11', check_out: '2026-12-12' } });
      expect(() => JSON.parse((malformed.content as any)[0].text)).toThrow();
      const avia = await client.callTool({ name: 'search_avia', arguments: { origin: 'Москва', destination: 'Казань', departure_date: '2026-12-11' } });
      const empty = JSON.parse((avia.content as Array<{ text: string }>)[0]!.text);
      expect(empty.offers).toEqual([]);
      expect(empty.meta.total_matched).toBe(0);
    } finally {
      await client.close();
      await fetch(`${running.url}/control`, { method: 'DELETE' });
    }
  });

  it('answers an http_error fault with a 502 and a busy fault with a 429, before the MCP server sees the request', async () => {
    await put({
      faults: [
        { tool: '*', fault: 'http_error', times: 1 },
        { tool: 'search_rail', fault: 'busy', times: 1 },
      ],
    });
    expect((await rawCall('search_rail', RAIL)).status).toBe(502);
    const busy = await rawCall('search_rail', RAIL);
    expect(busy.status).toBe(429);
    expect(busy.headers.get('retry-after')).toBe('30');
    expect((await rawCall('search_rail', RAIL)).status).toBe(200);
    await fetch(`${running.url}/control`, { method: 'DELETE' });
  });

  it('holds a call for the hang time on a timeout fault', async () => {
    await put({ faults: [{ tool: 'get_bus_instructions', fault: 'timeout', times: 1 }] });
    const started = performance.now();
    const response = await rawCall('get_bus_instructions', {});
    await response.text();
    expect(performance.now() - started).toBeGreaterThanOrEqual(1900);
    await fetch(`${running.url}/control`, { method: 'DELETE' });
  });

  it('refuses a control body it cannot read', async () => {
    const response = await put({ faults: [{ tool: 'search_rail', fault: 'explode' }] });
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe('invalid_control');
  });
});

describe('settings from the environment', () => {
  it('reads port, latency and a fault list', () => {
    const config = configFromEnv({
      TUTU_SIM_PORT: '18999',
      TUTU_SIM_LATENCY_MS: '100',
      TUTU_SIM_FAULTS: 'search_avia=error, search_hotels=timeout*2,*=malformed',
    });
    expect(config.port).toBe(18999);
    expect(config.control.latencyMs).toBe(100);
    expect(config.control.faults).toEqual([
      { tool: 'search_avia', fault: 'error' },
      { tool: 'search_hotels', fault: 'timeout', times: 2 },
      { tool: '*', fault: 'malformed' },
    ]);
    expect(configFromEnv({}).port).toBe(8410);
  });

  it('refuses what it cannot read', () => {
    expect(() => parseFaultList('search_avia=explode')).toThrow(/cannot read/);
    expect(() => configFromEnv({ TUTU_SIM_LATENCY_MS: 'fast' })).toThrow(/TUTU_SIM_LATENCY_MS/);
  });
});
