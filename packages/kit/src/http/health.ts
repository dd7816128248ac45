/**
 * `GET /health`, `GET /health/ready` and `GET /health/live`. Health names every dependency the service needs, whether
 * it answers, and what it is needed for; when an essential one (needed to write or to answer tools)
 * is down the service is `degraded` (503), so a load balancer stops sending it work. Liveness is
 * separate: `/health/live` answers 200 whenever the process serves HTTP at all, so a supervisor does
 * not restart a healthy process because its database or upstream is away. Readiness,
 * `/health/ready`, is the load balancer's probe: 503 when an essential dependency is down, and
 * 503 `draining` once the process is asked to stop (the server answers that itself: drain.ts).
 */
import type { Hono } from 'hono';
import { READINESS_PATH } from './drain.ts';

export interface Dependency {
  name: string;
  /** Down means the service cannot write or answer tools: health is degraded (503). */
  essential: boolean;
  /** What the service uses it for, shown in /health. */
  neededFor: string;
  /** True when it answers; a throw or no answer within the health timeout counts as down. */
  probe(): Promise<boolean>;
}

export interface DependencyState {
  up: boolean;
  essential: boolean;
  neededFor: string;
}

export interface HealthOptions {
  dependencies: readonly Dependency[];
  /** Further facts for /health, given what the probes found (so a down database is not asked). */
  details?: (states: Readonly<Record<string, DependencyState>>) => Promise<Record<string, unknown>> | Record<string, unknown>;
}

const PROBE_TIMEOUT_MS = 2000;

export async function dependencyStates(dependencies: readonly Dependency[], timeoutMs = PROBE_TIMEOUT_MS): Promise<Record<string, DependencyState>> {
  const states = await Promise.all(
    dependencies.map(async (dependency): Promise<[string, DependencyState]> => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      const up = await Promise.race([dependency.probe().catch(() => false), timeout]).finally(() => clearTimeout(timer));
      return [dependency.name, { up, essential: dependency.essential, neededFor: dependency.neededFor }];
    }),
  );
  return Object.fromEntries(states);
}

function essentialsUp(states: Readonly<Record<string, DependencyState>>): boolean {
  return Object.values(states).every((state) => state.up || !state.essential);
}

export function registerHealthRoutes(app: Hono<any>, options: HealthOptions): void {
  app.get('/health/live', (c) => c.json({ status: 'live' }));
  app.get(READINESS_PATH, async (c) => {
    const ready = essentialsUp(await dependencyStates(options.dependencies));
    return c.json({ status: ready ? 'ready' : 'degraded' }, ready ? 200 : 503);
  });
  app.get('/health', async (c) => {
    const dependencies = await dependencyStates(options.dependencies);
    const healthy = essentialsUp(dependencies);
    const details = (await options.details?.(dependencies)) ?? {};
    return c.json({ status: healthy ? 'ok' : 'degraded', ...details, dependencies }, healthy ? 200 : 503);
  });
}
