/**
 * `/control`: read and change the stand-in's latency and faults at run time, and read the call
 * counts. Loopback-only like the rest of the stand-in; it exists for tests and the benchmark.
 */
import type { Hono } from 'hono';
import type { AppEnv } from '@agent-products/kit/http';
import { ControlUpdate, type SimControl } from './sim-control.ts';

export function registerControlRoutes(app: Hono<AppEnv>, control: SimControl): void {
  app.get('/control', (c) => c.json(control.snapshot()));

  app.put('/control', async (c) => {
    const body: unknown = await c.req.json().catch(() => undefined);
    const parsed = ControlUpdate.safeParse(body);
    if (!parsed.success) {
      return c.json(
        { error: { code: 'invalid_control', message: 'Expected {latency_ms?, faults?: [{tool, fault, times?}]}.', issues: parsed.error.issues } },
        400,
      );
    }
    control.update(parsed.data);
    return c.json(control.snapshot());
  });

  app.delete('/control', (c) => {
    control.reset();
    return c.json(control.snapshot());
  });
}
