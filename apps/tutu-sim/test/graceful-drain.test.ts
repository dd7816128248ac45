/**
 * SIGTERM drains a product process, as a container runtime or Kubernetes sends it: a real
 * `tutu-sim` process (`node --import tsx apps/tutu-sim/src/main.ts`, the kit's serving and
 * stop-on-signals like every product) answers a tool call that takes 3 s. SIGTERM arrives while
 * that call is in flight: readiness turns false at once while the port still accepts, the call
 * still gets its whole answer, and the process exits 0 with its port closed. With tracing on, the
 * spans still queued when it stops (batches wait up to the schedule delay) reach the OTLP receiver
 * before it exits.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { rpc, startOtlpReceiver } from '@agent-products/kit/testing';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const START_TIMEOUT_MS = 60_000;
const ANNOUNCED = /^tutu-sim\s+(http:\/\/127\.0\.0\.1:\d+)\/\s/m;
/** How long the tool call takes: it is still running when SIGTERM arrives. */
const CALL_MS = 3000;

let child: ChildProcess | undefined;
afterEach(() => {
  if (child?.exitCode === null) child.kill('SIGKILL');
  child = undefined;
});

async function startSim(env: Record<string, string>): Promise<{ url: string; exited: Promise<number | null>; output: () => string }> {
  const started = spawn(process.execPath, ['--import', 'tsx', 'apps/tutu-sim/src/main.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, TUTU_SIM_PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = started;
  let output = '';
  started.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  started.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => started.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!ANNOUNCED.test(output)) {
    if (started.exitCode !== null || Date.now() > deadline) throw new Error(`tutu-sim did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url: ANNOUNCED.exec(output)![1]!, exited, output: () => output };
}

async function status(url: string): Promise<number | string> {
  try {
    const response = await fetch(url);
    await response.arrayBuffer();
    return response.status;
  } catch (error) {
    return ((error as Error).cause as NodeJS.ErrnoException | undefined)?.code ?? (error as Error).message;
  }
}

describe('graceful drain on SIGTERM', () => {
  it('turns readiness false, finishes the call in flight, and exits 0', async () => {
    const sim = await startSim({ TUTU_SIM_LATENCY_MS: String(CALL_MS), DRAIN_DELAY_MS: '1500', DRAIN_TIMEOUT_MS: '20000' });
    expect(await status(`${sim.url}/health/ready`)).toBe(200);

    const sentAt = Date.now();
    const inFlight = rpc(sim.url, {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'search_hotels', arguments: { city_name: 'Казань', check_in: '2027-02-11', check_out: '2027-02-13', adults: 2 } },
    }).catch((error: Error) => ({ failed: `${error.message}: ${String(error.cause)}` }));
    // The stand-in counts a call as it starts it, before its latency: from then on it is in flight.
    while (((await (await fetch(`${sim.url}/control`)).json()) as { total_calls: number }).total_calls === 0) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    child!.kill('SIGTERM');

    // Readiness turns false while the port still takes connections: the first answer that is not 200 is a 503.
    let ready = await status(`${sim.url}/health/ready`);
    while (ready === 200 && Date.now() - sentAt < CALL_MS) ready = await status(`${sim.url}/health/ready`);
    expect(ready).toBe(503);

    const answer = await inFlight;
    expect(answer, sim.output()).toMatchObject({ status: 200 });
    // The stand-in answers a tool call as one server-sent event: the whole result arrived.
    const event = /^data: (.+)$/m.exec((answer as { text: string }).text);
    expect(JSON.parse(event![1]!)).toMatchObject({ id: 1, result: { content: [{ type: 'text' }] } });
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(CALL_MS);
    expect(await sim.exited).toBe(0);
    expect(await status(`${sim.url}/health/live`)).toBe('ECONNREFUSED');
  });

  it('sends the spans still queued for export to the OTLP receiver before it exits', async () => {
    const receiver = await startOtlpReceiver();
    try {
      // A schedule far longer than the test: only the flush on stop can send the span.
      const sim = await startSim({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_BSP_SCHEDULE_DELAY: '600000', DRAIN_DELAY_MS: '0' });
      const traceId = randomBytes(16).toString('hex');
      const parentSpanId = randomBytes(8).toString('hex');
      const answer = await fetch(`${sim.url}/health/live`, { headers: { traceparent: `00-${traceId}-${parentSpanId}-01` } });
      expect(answer.status).toBe(200);
      await answer.arrayBuffer();
      expect(receiver.spans.filter((span) => span.traceId === traceId)).toEqual([]);

      child!.kill('SIGTERM');
      expect(await sim.exited, sim.output()).toBe(0);
      expect(receiver.spans.filter((span) => span.traceId === traceId)).toEqual([
        expect.objectContaining({ service: 'tutu-sim', traceId, parentSpanId, kind: 2, name: 'GET /health/live' }),
      ]);
    } finally {
      await receiver.close();
    }
  });
});
