/**
 * The runtime rung of the proof ladder: `/health` on both services reports the build version and
 * the configuration digest (a hash of the non-secret effective settings), and a run's record
 * carries the API's. Secrets never move the digest; any other setting does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };
import { buildInfo } from '../src/build-info.ts';
import { settingsFromEnv } from '../src/settings.ts';
import { formValue } from './support/cookie-browser.ts';
import { authorizedAgent, type Agent } from './support/loop-agent.ts';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';

describe('the configuration digest', () => {
  const base = settingsFromEnv({ AMPERSAND_DATA_DIR: '/tmp/unused' });

  it('ignores secrets and credentials, and changes with every other setting', () => {
    const digest = (s: object) => buildInfo('api', s).configDigest;
    const plain = digest(base);
    expect(plain).toMatch(/^[0-9a-f]{16}$/);
    expect(digest({ ...base, tokenSecret: 'one secret' })).toBe(digest({ ...base, tokenSecret: 'another secret' }));
    expect(digest({ ...base, modelKey: 'sk-one' })).toBe(plain);
    expect(digest({ ...base, databaseUrl: 'postgres://app:pw1@db.internal/and' })).toBe(digest({ ...base, databaseUrl: 'postgres://app:pw2@db.internal/and' }));
    expect(digest({ ...base, databaseUrl: 'postgres://app:pw1@db.internal/and' })).not.toBe(
      digest({ ...base, databaseUrl: 'postgres://app:pw1@db.other/and' }),
    );
    expect(digest({ ...base, turnSeconds: base.turnSeconds + 1 })).not.toBe(plain);
    expect(digest({ ...base, modelUrl: 'http://127.0.0.1:9/v1' })).not.toBe(plain);
    expect(buildInfo('mcp', base).configDigest).not.toBe(plain);
  });
});

describe('/health of both services and the run record', () => {
  let amp: RunningAmpersand;
  let mara: Agent;
  beforeAll(async () => {
    amp = await startAmpersand({ settings: { turnSeconds: 42 } });
    mara = await authorizedAgent(amp, 'mara');
  }, 180_000);
  afterAll(async () => {
    await mara?.close();
    await amp?.close();
  });

  it('reports the build version and configuration digest, and a run carries the API’s', async () => {
    const api = await (await fetch(`${amp.apiUrl}/health`)).json();
    const mcp = await (await fetch(new URL('/health', amp.mcpUrl))).json();
    for (const health of [api, mcp]) {
      expect(health.status).toBe('ok');
      expect(health.build).toEqual({ version: packageJson.version, configDigest: expect.stringMatching(/^[0-9a-f]{16}$/) });
    }
    expect(api.service).toBe('ampersand-api');
    expect(mcp.service).toBe('ampersand-mcp');

    const loopId = (
      (await mara.client.callTool({
        name: 'loop_create',
        arguments: { title: 'Family movie night', renderer: 'recommendations', skillId: 'skill_family_movie_night' },
      })) as any
    ).structuredContent.loop.loopId;
    const page = await mara.browser.get(`${amp.apiUrl}/loops/${loopId}`);
    await mara.browser.post(`${amp.apiUrl}/loops/${loopId}/run`, { csrf: formValue(page.text, 'csrf') });
    const runs = await (
      await fetch(`${amp.apiUrl}/v1/loops/runs`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${mara.accessToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ loopId }),
      })
    ).json();
    expect(runs.runs[0].envelope.build).toEqual(api.build);
  }, 120_000);

  it('another configuration reports another digest', async () => {
    const other = await startAmpersand({ database: amp.database, secret: amp.secret, settings: { turnSeconds: 43 } });
    try {
      const [mine, theirs] = await Promise.all([amp.apiUrl, other.apiUrl].map(async (url) => (await (await fetch(`${url}/health`)).json()).build));
      expect(theirs.version).toBe(mine.version);
      expect(theirs.configDigest).not.toBe(mine.configDigest);
    } finally {
      await other.close();
    }
  }, 120_000);
});
