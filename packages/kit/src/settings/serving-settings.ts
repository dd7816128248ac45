/**
 * The settings every product process shares for how it serves: the address it binds and how it
 * drains when asked to stop (http/drain.ts). Each product's settings module reads them with its
 * own, so one list of a product's settings holds them too. The defaults suit `npm start` on one
 * machine: loopback only, and no delay before the port closes since no load balancer polls it.
 */
import { isIP } from 'node:net';
import { SettingsError, type EnvReader } from './env-readers.ts';

export interface ServingSettings {
  /** BIND_ADDRESS: the interface the server listens on; `0.0.0.0` in a container, reached through its network. */
  bindAddress: string;
  drain: {
    /** DRAIN_DELAY_MS: readiness answers 503 this long before the port stops accepting. */
    delayMs: number;
    /** DRAIN_TIMEOUT_MS: the most the requests in flight get to finish after that. */
    timeoutMs: number;
  };
}

export const DEFAULT_DRAIN_TIMEOUT_MS = 10_000;

export function servingSettings(read: EnvReader): ServingSettings {
  const bindAddress = read.string('BIND_ADDRESS', '127.0.0.1');
  if (isIP(bindAddress) === 0) throw new SettingsError('BIND_ADDRESS', 'an IPv4 or IPv6 address', bindAddress);
  return {
    bindAddress,
    drain: {
      delayMs: read.duration('DRAIN_DELAY_MS', 0, { unit: 'ms', min: 0, max: 120_000 }),
      timeoutMs: read.duration('DRAIN_TIMEOUT_MS', DEFAULT_DRAIN_TIMEOUT_MS, { unit: 'ms', min: 0, max: 600_000 }),
    },
  };
}
