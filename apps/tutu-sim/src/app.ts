/**
 * The stand-in as one Hono app: the MCP endpoint, the control routes and the demo pages, on the
 * kit's HTTP shell (correlation ids, JSON logs, Host checks for loopback and the public URL, `/health`). Used by
 * `main.ts`, by zaezd's tests (started on an ephemeral port) and by the benchmark.
 */
import type { Hono } from 'hono';
import { createHttpApp, type AppEnv } from '@agent-products/kit/http';
import type { Logger } from '@agent-products/kit/log';
import { SimControl, type ControlSettings } from './control/sim-control.ts';
import { registerControlRoutes } from './control/control-routes.ts';
import { createSimMcpHandler, SIM_SERVER_NAME, SIM_SERVER_VERSION } from './mcp/sim-server.ts';
import { registerDemoPages } from './web/demo-pages.tsx';

export interface TutuSimOptions {
  log: Logger;
  /** METRICS_TOKEN: the bearer token a scraper not on this machine sends for GET /metrics (kit observe/). */
  metricsToken?: string | undefined;
  allowedOrigins: readonly string[];
  /** The base URL the stand-in's links point at (its own address). */
  publicUrl: () => string;
  control: ControlSettings;
  clock?: () => Date;
}

export interface TutuSim {
  app: Hono<AppEnv>;
  control: SimControl;
  close(): Promise<void>;
}

export function createTutuSim(options: TutuSimOptions): TutuSim {
  const clock = options.clock ?? (() => new Date());
  const control = new SimControl(options.control);
  const app = createHttpApp({
    log: options.log,
    allowedOrigins: options.allowedOrigins,
    // Reached by its public name (TUTU_SIM_PUBLIC_URL, e.g. a Kubernetes Service), it must accept that Host.
    publicUrl: options.publicUrl(),
    service: { name: SIM_SERVER_NAME, version: SIM_SERVER_VERSION },
    metrics: { token: options.metricsToken },
    health: { dependencies: [], details: () => ({ service: SIM_SERVER_NAME, demo: true, data: 'fixture data, not real offers' }) },
  });
  const mcp = createSimMcpHandler(
    control,
    () => ({ now: clock(), publicUrl: options.publicUrl() }),
    (error) => options.log.warn({ err: error }, 'mcp handler error'),
  );

  app.all('/mcp', async (c) => {
    const tool = await calledTool(c.req.raw);
    const fault = tool ? control.takeFault(tool, 'http') : undefined;
    if (tool && fault === 'http_error') {
      control.recordCall(tool);
      return c.text('Bad Gateway', 502);
    }
    if (tool && fault === 'busy') {
      control.recordCall(tool);
      return c.text('Too Many Requests', 429, { 'Retry-After': '30' });
    }
    return mcp.fetch(c.req.raw);
  });
  registerControlRoutes(app, control);
  registerDemoPages(app, clock);

  return { app, control, close: () => mcp.close() };
}

/** The tool a `tools/call` request names, read from a copy of the body. */
async function calledTool(request: Request): Promise<string | undefined> {
  if (request.method !== 'POST') return undefined;
  const body: unknown = await request
    .clone()
    .json()
    .catch(() => undefined);
  const message = body as { method?: unknown; params?: { name?: unknown } } | undefined;
  return message?.method === 'tools/call' && typeof message.params?.name === 'string' ? message.params.name : undefined;
}
