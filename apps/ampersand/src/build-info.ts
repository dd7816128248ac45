/**
 * What a running & process says about itself — on `/health` of both services, and in the sealed
 * envelope of every run (spec, proof ladder, runtime rung): the build version, and a digest of
 * its non-secret effective settings, so "is this worker running the version and configuration I
 * think?" has an answer. The digest is over every setting except the secrets (which are never
 * hashed into anything shown) with a database URL reduced to where it points; two processes with
 * the same digest run the same configuration, and changing a setting changes it.
 */
import { canonicalHash } from '@agent-products/kit/json';
import packageJson from '../package.json' with { type: 'json' };

export interface BuildInfo {
  version: string;
  configDigest: string;
}

/** The package version, with the commit appended when the build was told it (AMPERSAND_BUILD_COMMIT). */
export const BUILD_VERSION = process.env.AMPERSAND_BUILD_COMMIT ? `${packageJson.version}+${process.env.AMPERSAND_BUILD_COMMIT}` : packageJson.version;

/** Settings that grant something or are credentials: never part of the digest. */
const SECRET_SETTINGS = new Set(['tokenSecret', 'modelKey', 'openaiAppsChallenge', 'cimdTrustedCertificates', 'metricsToken']);

export function buildInfo(service: 'api' | 'mcp', settings: object): BuildInfo {
  const effective: Record<string, unknown> = { service };
  for (const [name, value] of Object.entries(settings)) {
    if (SECRET_SETTINGS.has(name) || value === undefined) continue;
    effective[name] = name === 'databaseUrl' || name === 'redisUrl' ? withoutCredentials(String(value)) : value;
  }
  return { version: BUILD_VERSION, configDigest: canonicalHash(effective).slice(0, 16) };
}

function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    parsed.search = '';
    return parsed.href;
  } catch {
    return 'unparsable';
  }
}
