/**
 * The local dev mailbox holds sign-in links, which are credentials (issue 27 §4): it is served
 * only when the configured public URL is itself loopback, to a browser on this machine, and never
 * through a forwarding proxy — a `Forwarded` or `X-Forwarded-*` header closes it even when the
 * proxy rewrote `Host` to the loopback address, as nginx does by default.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';

let local: RunningAmpersand;
let proxied: RunningAmpersand;

beforeAll(async () => {
  local = await startAmpersand();
  // The same process behind a public name: it listens on loopback, the proxy in front rewrites Host.
  proxied = await startAmpersand({
    publicUrls: { apiUrl: 'https://and.example', mcpUrl: 'https://mcp.and.example/mcp' },
    settings: { apiAllowedOrigins: ['https://and.example'] },
  });
  for (const amp of [local, proxied]) if (!(await amp.api.andees.create({ tag: 'ada', displayName: 'Ada' })).ok) throw new Error('no andee');
});
afterAll(async () => {
  await proxied?.close();
  await local?.close();
});

const requestLink = (amp: RunningAmpersand) =>
  fetch(`${amp.ownApiUrl}/sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ tag: 'ada', next: '/' }),
    redirect: 'manual',
  });

describe('/dev/mailbox', () => {
  it('shows a local deployment its sign-in links', async () => {
    expect((await requestLink(local)).status).toBe(200);
    const mailbox = await fetch(`${local.ownApiUrl}/dev/mailbox`);
    expect(mailbox.status).toBe(200);
    expect(await mailbox.text()).toContain('/sign-in/link/');
  });

  it('is closed to any request that came through a forwarding proxy', async () => {
    const headers: Array<Record<string, string>> = [
      { 'X-Forwarded-For': '203.0.113.9' },
      { Forwarded: 'for=203.0.113.9;proto=https' },
      { 'X-Forwarded-Host': 'and.example' },
      { 'X-Forwarded-Proto': 'https' },
    ];
    for (const header of headers) {
      const response = await fetch(`${local.ownApiUrl}/dev/mailbox`, { headers: header });
      expect(response.status, JSON.stringify(header)).toBe(404);
      expect(await response.text()).not.toContain('/sign-in/link/');
    }
  });

  it('does not exist when the public URL is not loopback, even for a request whose Host says loopback', async () => {
    expect((await requestLink(proxied)).status).toBe(200);
    const rows = await proxied.database.db.selectFrom('dev_mailbox').selectAll().execute();
    expect(rows).toEqual([]);
    const response = await fetch(`${proxied.ownApiUrl}/dev/mailbox`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('/sign-in/link/');
  });
});
