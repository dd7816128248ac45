/**
 * The settings each product's replicas run with: the common ones (the run's database and Redis,
 * loopback, compose's drain), and each product's public URL set to its HAProxy frontend, since
 * links, token audiences and Host checks name the address clients use. zaezd reaches tutu-sim,
 * and the & MCP service the API, through HAProxy too, as they would through a cluster's Service.
 */
import { randomBytes } from 'node:crypto';
import { frontendUrl, type Service } from './layout.ts';

export function processEnvironments(base: number, common: NodeJS.ProcessEnv, registrationsPerAddress: number): Record<Service, NodeJS.ProcessEnv> {
  const closedPort = base + 99;
  // Both & processes share one token secret, as replicas of one deployment must.
  const ampersand = {
    ...common,
    AMPERSAND_API_URL: frontendUrl(base, 'ampersand-api'),
    AMPERSAND_MCP_URL: `${frontendUrl(base, 'ampersand-mcp')}/mcp`,
    AMPERSAND_TOKEN_SECRET: randomBytes(32).toString('base64url'),
    // HAProxy's X-Forwarded-For is believed, so rate limits count the client, not the balancer.
    AMPERSAND_TRUSTED_PROXIES: '127.0.0.1',
    // Low enough that the cross-replica check reaches it in a few requests.
    AMPERSAND_RATE_LIMITS: `registrationsPerAddress=${registrationsPerAddress}/3600`,
  };
  return {
    // The load writes far faster than a person: its credential must not meet the write limit.
    'chengdu-soul': { ...common, CHENGDU_SOUL_PUBLIC_URL: frontendUrl(base, 'chengdu-soul'), CHENGDU_SOUL_WRITES_PER_MINUTE: '1000000' },
    zaezd: {
      ...common,
      ZAEZD_PUBLIC_URL: frontendUrl(base, 'zaezd'),
      TUTU_MCP_URL: `${frontendUrl(base, 'tutu-sim')}/mcp`,
      // Nothing leaves the machine: weather and map tiles point at a closed loopback port.
      ZAEZD_WEATHER_URL: `http://127.0.0.1:${closedPort}`,
      ZAEZD_TILE_URL: `http://127.0.0.1:${closedPort}/{z}/{x}/{y}.png`,
    },
    'tutu-sim': { ...common, TUTU_SIM_PUBLIC_URL: frontendUrl(base, 'tutu-sim') },
    'ampersand-api': ampersand,
    'ampersand-mcp': ampersand,
  };
}
