/**
 * Where everything of the scale-out run listens and what it runs on, from its settings. Every
 * address is on 127.0.0.1 and derived from one base port (TOPOLOGY_BASE_PORT), so a CI job or a
 * second run moves the whole topology by moving that one number:
 *
 *   base + 1..10     HAProxy's frontends, one per product (the addresses clients use)
 *   base + 101..110  replica 1 of each product; base + 201..210 replica 2
 *   base + 90        Prometheus; base + 91 HAProxy's statistics
 */
export const SERVICES = {
  'chengdu-soul': { offset: 1, replicas: 2 },
  zaezd: { offset: 2, replicas: 2 },
  'ampersand-mcp': { offset: 4, replicas: 2 },
  'ampersand-api': { offset: 5, replicas: 2 },
  // zaezd's upstream, one process as in compose.yaml: it keeps its latency and faults in memory.
  'tutu-sim': { offset: 10, replicas: 1 },
} as const;
export type Service = keyof typeof SERVICES;

export interface TopologySettings {
  basePort: number;
  /** A PostgreSQL database the run may create (and drop) a database from. */
  adminDatabaseUrl: string;
  redisUrl: string;
  loadSeconds: number;
  /** Concurrent clients of the mixed load, each one request at a time. */
  connections: number;
}

export function topologySettings(env: NodeJS.ProcessEnv): TopologySettings {
  const integer = (name: string, fallback: number, min: number, max: number) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be an integer from ${min} to ${max}, not ${raw}`);
    return value;
  };
  return {
    basePort: integer('TOPOLOGY_BASE_PORT', 21000, 1024, 65000),
    adminDatabaseUrl: env.TOPOLOGY_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
    redisUrl: env.TOPOLOGY_REDIS_URL || 'redis://127.0.0.1:6379',
    loadSeconds: integer('TOPOLOGY_LOAD_SECONDS', 60, 5, 3600),
    connections: integer('TOPOLOGY_CONNECTIONS', 6, 3, 64),
  };
}

export const frontendPort = (base: number, service: Service) => base + SERVICES[service].offset;
export const replicaPort = (base: number, service: Service, replica: number) => base + 100 * replica + SERVICES[service].offset;
export const prometheusPort = (base: number) => base + 90;
export const statsPort = (base: number) => base + 91;
export const frontendUrl = (base: number, service: Service) => `http://127.0.0.1:${frontendPort(base, service)}`;
export const replicaUrl = (base: number, service: Service, replica: number) => `http://127.0.0.1:${replicaPort(base, service, replica)}`;
