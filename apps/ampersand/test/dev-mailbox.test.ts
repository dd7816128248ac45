/**
 * The local dev mailbox holds sign-in links, which are credentials (issue 27 §4): it exists only
 * when AMPERSAND_DEV_MAILBOX turns it on (a loopback public URL left at its default, behind a
 * proxy that adds no forwarding header, must not open it: issue 39 F3), and is then served
 * only when the configured public URL is itself loopback, to a browser on this machine, and never
 * through a forwarding proxy — a `Forwarded` or `X-Forwarded-*` header closes it even when the
 * proxy rewrote `Host` to the loopback address, as nginx does by default.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsFromEnv } from '../src/settings.ts';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';

let local: RunningAmpersand;
let proxied: RunningAmpersand;
let byDefault: RunningAmpersand;

beforeAll(async () => {
  local = await startAmpersand({ settings: { devMailbox: true } });
  // The same process behind a public name: it listens on loopback, the proxy in front rewrites Host.
  proxied = await startAmpersand({
    publicUrls: { apiUrl: 'https://and.example', mcpUrl: 'https://mcp.and.example/mcp' },
    settings: { apiAllowedOrigins: ['https://and.example'], devMailbox: true },
  });
  // Local in every way the mailbox could once infer (loopback public URL, embedded database), with the setting left alone.
  byDefault = await startAmpersand({ settings: { devMailbox: settingsFromEnv({}).devMailbox } });
  for (const amp of [local, proxied, byDefault]) if (!(await amp.api.andees.create({ tag: 'ada', displayName: 'Ada' })).ok) throw new Error('no andee');
});
afterAll(async () => {
  await byDefault?.close();
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

  it('does not exist unless AMPERSAND_DEV_MAILBOX turns it on, even on a loopback deployment asked from this machine', async () => {
    expect(settingsFromEnv({}).devMailbox).toBe(false);
    expect(settingsFromEnv({ AMPERSAND_DEV_MAILBOX: '1' }).devMailbox).toBe(true);
    const signInPage = await requestLink(byDefault);
    expect(signInPage.status).toBe(200);
    expect(await signInPage.text()).not.toContain('/dev/mailbox');
    expect(await byDefault.database.db.selectFrom('dev_mailbox').selectAll().execute()).toEqual([]);
    const response = await fetch(`${byDefault.ownApiUrl}/dev/mailbox`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('/sign-in/link/');
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
