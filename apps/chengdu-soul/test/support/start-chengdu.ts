/**
 * Starts a real Chengdu Soul server on an ephemeral loopback port over a test database, with the
 * bundled catalog release published, for black-box suites.
 */
import { listenFirst, loopbackOrigins } from '@agent-products/kit/http';
import { createLogger } from '@agent-products/kit/log';
import { openTestDatabase, type TestDatabase } from '@agent-products/kit/testing';
import { createChengduApp, type ChengduApp } from '../../src/app.ts';
import { newestBundledRelease } from '../../src/catalog/bundled-releases.ts';
import { readReleaseFolder } from '../../src/catalog/read-release.ts';
import type { ReleaseDocument } from '../../src/catalog/release-schema.ts';
import { chengduMigrations } from '../../src/store/migrations.ts';
import type { ChengduDatabase } from '../../src/store/schema.ts';
import type { TileSettings } from '../../src/web/map-tiles.ts';

/** The newest release in the repository: what every suite publishes unless it says otherwise. */
export const BUNDLED_RELEASE_FOLDER = newestBundledRelease();
export const BUNDLED_VERSION = readReleaseFolder(BUNDLED_RELEASE_FOLDER).manifest.catalogVersion;

export interface RunningChengdu {
  url: string;
  port: number;
  service: ChengduApp;
  database: TestDatabase<ChengduDatabase>;
  release: ReleaseDocument;
  stop(): Promise<void>;
}

export interface StartOptions {
  publish?: boolean;
  extraOrigins?: string[];
  /** The server's clock; tests move it to reach expiry. */
  clock?: () => Date;
  writesPerMinute?: number;
  /** Keep the shared write limit in this Redis instead of the database. */
  redisUrl?: string;
  /** The maps' tile server; by default one that refuses every connection, so no suite reaches the internet. */
  tiles?: TileSettings;
}

/** Port 9 (discard) on loopback: nothing listens, so tiles fail at once and the maps fall back to their lists. */
export const UNREACHABLE_TILES: TileSettings = { url: 'http://127.0.0.1:9/{z}/{x}/{y}.png', attribution: '© OpenStreetMap contributors' };

export async function startChengdu(options: StartOptions = {}): Promise<RunningChengdu> {
  const database = await openTestDatabase<ChengduDatabase>(chengduMigrations, 'chengdu');
  const release = readReleaseFolder(BUNDLED_RELEASE_FOLDER);
  const log = createLogger({ name: 'chengdu-soul-test', level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  // The origin allow-list names the port, which is known only once listening: bind first, then
  // build the app and serve it.
  const server = await listenFirst(0);
  const service: ChengduApp = createChengduApp({
    database,
    log,
    allowedOrigins: [...loopbackOrigins(server.port), ...(options.extraOrigins ?? [])],
    publicUrl: server.url,
    catalogRefreshMs: 0,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.writesPerMinute ? { writesPerMinute: options.writesPerMinute } : {}),
    ...(options.redisUrl ? { redisUrl: options.redisUrl } : {}),
    tiles: options.tiles ?? UNREACHABLE_TILES,
  });
  server.serve(service.app.fetch);
  if (options.publish !== false) await service.repository.publish(release);
  return {
    url: server.url,
    port: server.port,
    service,
    database,
    release,
    async stop() {
      await server.close();
      await service.close();
      await database.dispose();
    },
  };
}

/** The bundled release with changes applied, under a new catalogVersion. */
export function derivedRelease(base: ReleaseDocument, catalogVersion: string, change: (draft: ReleaseDocument) => void = () => {}): ReleaseDocument {
  const draft = structuredClone(base);
  draft.manifest.catalogVersion = catalogVersion;
  change(draft);
  return draft;
}

/** Approves an owner account on the running server and issues it an Agent credential. */
export async function issueCredential(running: RunningChengdu, options: { hours?: number; email?: string; now?: Date } = {}) {
  await running.service.credentials.approveAccount(options.email ?? 'owner@example.com');
  return running.service.credentials.issue({ audience: running.service.audience, hours: options.hours ?? 24, label: 'test', now: options.now ?? new Date() });
}

/** Approves the owner account and issues it a one-time sign-in link; `url` is what the operator would print. */
export async function issueSignInLink(running: RunningChengdu, options: { email?: string; now?: Date } = {}) {
  const accountId = await running.service.credentials.approveAccount(options.email ?? 'owner@example.com');
  const link = await running.service.signInLinks.issue(accountId, options.now ?? new Date());
  return { ...link, url: `${running.url}/signin/${link.token}` };
}

/** Signs the owner in over HTTP as the sign-in page's button does; `cookie` is the header to send back. */
export async function signInOwner(running: RunningChengdu, options: { email?: string; now?: Date } = {}) {
  const link = await issueSignInLink(running, options);
  const response = await fetch(`${running.url}/signin`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: running.url },
    body: new URLSearchParams({ token: link.token }),
  });
  const setCookie = response.headers.get('set-cookie') ?? '';
  if (response.status !== 303 || !setCookie) throw new Error(`sign-in failed with ${response.status}`);
  return { cookie: setCookie.split(';')[0]!, setCookie };
}
