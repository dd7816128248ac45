/**
 * find_event_trips against the Tutu stand-in with 100 ms added to every upstream call.
 *
 * The reference is one upstream call, measured in the same run: the p50 of direct calls of the
 * three searches a trip uses, with exactly the arguments zaezd builds for them. Then every distinct request of a set is sent once, one at a time
 * (cold: searches not cached, though two requests can share a search), and the stand-in's call
 * counter gives the upstream calls each cost; then the same requests are replayed under load for
 * BENCH_SECONDS (warm: answered from the search cache). Target: cold p50 at most 3× one upstream
 * call — the searches must run in parallel.
 */
import { aviaSearchArguments, cityByKey, hotelSearchArguments, railSearchArguments } from '@agent-products/zaezd/composition';
import { SECONDS, WARMUP_SECONDS, load, startServer, stop, toolCall } from './lib/load.ts';

const LATENCY_MS = 100;
const TARGET_RATIO = 3;
const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };

const ORIGINS = ['Москва', 'Санкт-Петербург', 'Казань', 'Нижний Новгород', 'Ярославль', 'Екатеринбург', 'Воронеж', 'Сочи', 'Самара'];
const TOPICS = [['jazz'], ['opera'], ['exhibition'], ['classical', 'concert'], ['theatre']];

function isoDay(offset: number): string {
  return new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
}

/** Distinct requests: every origin with several topics and party sizes, events in the next five weeks. */
function requests(): Array<Record<string, unknown>> {
  const list: Array<Record<string, unknown>> = [];
  for (const [o, origin] of ORIGINS.entries()) {
    for (const [t, topics] of TOPICS.entries()) list.push({ topics, origin, adults: 1 + ((o + t) % 3), date_from: isoDay(2), date_to: isoDay(36) });
  }
  return list;
}

async function post(url: string, body: string): Promise<{ ms: number; json: any }> {
  const started = performance.now();
  const response = await fetch(`${url}/mcp`, { method: 'POST', headers: HEADERS, body });
  const text = await response.text();
  const ms = performance.now() - started;
  const payload = text.startsWith('event:') ? text.slice(text.indexOf('data: ') + 6) : text;
  return { ms, json: JSON.parse(payload) };
}

function p50(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

async function simCalls(simUrl: string): Promise<number> {
  return ((await (await fetch(`${simUrl}/control`)).json()) as { total_calls: number }).total_calls;
}

/** Returns the targets missed (empty when all are met). */
export async function benchZaezdTrips(): Promise<string[]> {
  process.env.BENCH_TUTU_LATENCY_MS = String(LATENCY_MS);
  const sim = await startServer('tutu-sim');
  process.env.BENCH_TUTU_URL = `${sim.url}/mcp`;
  const zaezd = await startServer('zaezd');
  try {
    const day = isoDay(10);
    const [msk, kzn] = [cityByKey('msk'), cityByKey('kzn')];
    const searches = [
      toolCall('search_rail', railSearchArguments(msk, kzn, day, 1)),
      toolCall('search_avia', aviaSearchArguments(msk, kzn, day, isoDay(12), 1)),
      toolCall('search_hotels', hotelSearchArguments(kzn, day, isoDay(12), 1)),
    ];
    const upstreamMs: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const { ms, json } = await post(sim.url, searches[i % searches.length]!);
      // A refused call returns early and would make the reference look faster than a real search.
      if (json.result?.isError) throw new Error(`tutu-sim refused a reference search: ${JSON.stringify(json.result.content)}`);
      upstreamMs.push(ms);
    }
    const oneCall = p50(upstreamMs.slice(6));

    for (const warmUp of [
      { topics: ['ballet'], origin: 'Москва' },
      { topics: ['rock'], origin: 'Казань' },
    ])
      await post(zaezd.url, toolCall('find_event_trips', warmUp));

    const bodies = requests().map((args) => toolCall('find_event_trips', args));
    const coldMs: number[] = [];
    const callsPerRequest: number[] = [];
    const statuses = new Map<string, number>();
    let errors = 0;
    for (const body of bodies) {
      const before = await simCalls(sim.url);
      const { ms, json } = await post(zaezd.url, body);
      callsPerRequest.push((await simCalls(sim.url)) - before);
      coldMs.push(ms);
      const result = json.result;
      const status = result?.isError ? `error:${result.structuredContent?.error?.code}` : result?.structuredContent?.status;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (!result || (result.isError && result.structuredContent?.error?.code !== 'upstream_unavailable')) errors += 1;
    }

    const hitsBefore = ((await (await fetch(`${zaezd.url}/health`)).json()) as { upstream: { cacheHits: number } }).upstream.cacheHits;
    const callsBefore = await simCalls(sim.url);
    await load(zaezd.url, bodies, 8, WARMUP_SECONDS);
    const warm = await load(zaezd.url, bodies, 8, SECONDS);
    const warmCalls = (await simCalls(sim.url)) - callsBefore;
    const hits = ((await (await fetch(`${zaezd.url}/health`)).json()) as { upstream: { cacheHits: number } }).upstream.cacheHits - hitsBefore;

    const cold = p50(coldMs);
    const ratio = cold / oneCall;
    const meanCalls = callsPerRequest.reduce((a, b) => a + b, 0) / callsPerRequest.length;
    console.log(`\nzaezd find_event_trips over tutu-sim with ${LATENCY_MS} ms per upstream call (loopback, node ${process.version})`);
    console.log(`one upstream call (direct search, p50 of ${upstreamMs.length - 6})      ${oneCall.toFixed(0).padStart(5)} ms`);
    console.log(
      `find_event_trips cold, ${bodies.length} distinct requests, p50     ${cold.toFixed(0).padStart(5)} ms = ${ratio.toFixed(2)}× one upstream call (target ≤ ${TARGET_RATIO}×)`,
    );
    console.log(
      `  max ${Math.max(...coldMs).toFixed(0)} ms; upstream calls per request: mean ${meanCalls.toFixed(2)}, min ${Math.min(...callsPerRequest)}, max ${Math.max(...callsPerRequest)} (5 searches, run in parallel; fewer when another request already cached one)`,
    );
    console.log(`  answers: ${[...statuses.entries()].map(([s, n]) => `${s} ${n}`).join(', ')}`);
    console.log(
      `find_event_trips warm (same requests, 8 connections, ${SECONDS}s)  p50 ${String(warm.p50).padStart(4)} ms = ${(warm.p50 / oneCall).toFixed(2)}× one call; ${warm.requestsPerSecond.toFixed(0)} req/s; ` +
        `${hits} search cache hits, ${warmCalls} upstream calls; errors ${warm.errors}, non-2xx ${warm.non2xx}`,
    );
    return [
      ...(ratio > TARGET_RATIO ? [`cold p50 ${ratio.toFixed(2)}× one upstream call (target ≤ ${TARGET_RATIO}×)`] : []),
      ...(errors + warm.errors + warm.non2xx > 0 ? ['find_event_trips had errors'] : []),
    ];
  } finally {
    await stop(zaezd.child);
    await stop(sim.child);
  }
}
