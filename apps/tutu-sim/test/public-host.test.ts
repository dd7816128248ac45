/**
 * The stand-in behind a name of its own (a Kubernetes Service, `TUTU_SIM_PUBLIC_URL`): it answers
 * requests whose Host is its public URL's host, as every product does, so zaezd can reach it at
 * `http://tutu-sim:8410/mcp`; any other name is still refused.
 */
import { describe, expect, it } from 'vitest';
import { loopbackOrigins } from '@agent-products/kit/http';
import { createLogger } from '@agent-products/kit/log';
import { createTutuSim } from '../src/app.ts';

const sim = createTutuSim({
  log: createLogger({ name: 'tutu-sim-test', level: 'silent' }),
  allowedOrigins: loopbackOrigins(8410),
  publicUrl: () => 'http://tutu-sim:8410',
  control: { latencyMs: 0, faults: [], hangMs: 2000 },
});

describe('the public URL host', () => {
  it('is accepted in the Host header, a foreign one is refused', async () => {
    const own = await sim.app.request('http://tutu-sim:8410/health', { headers: { Host: 'tutu-sim:8410' } });
    expect(own.status).toBe(200);
    const loopback = await sim.app.request('http://127.0.0.1:8410/health', { headers: { Host: '127.0.0.1:8410' } });
    expect(loopback.status).toBe(200);
    const foreign = await sim.app.request('http://evil.example:8410/health', { headers: { Host: 'evil.example:8410' } });
    expect(foreign.status).toBe(403);
  });
});
