/**
 * Smoke suite of the built artifact: the products `npm start` runs from `dist/`, each its own
 * process, driven from outside as an operator, an agent and a person would. Operator commands
 * (approve, issue, revoke, sign-in link, publish a release, discovery switch) run as their own
 * processes while the servers run, on the embedded default, or on PostgreSQL when DATABASE_URL
 * is set (a fresh schema); one tool call per product through the official MCP client; one page per
 * product in Chromium; zaezd reaches tutu-sim across processes; a newly published release is
 * current on the running server after its refresh interval; the request log on stdout has a line
 * for each request and no credential, cookie or capability in it. A clean stop exits 0.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { connectClient, freePort, InMemoryOAuthClient, launchChromium, rpc } from '@agent-products/kit/testing';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError as UnauthorizedV1 } from '@modelcontextprotocol/sdk/client/auth.js';
import { ampersandOperator, operator, REPO_ROOT, startProducts, type RunningProducts } from './start-products.ts';
import { addDays, todayIn } from './calendar-days.ts';

const OWNER = 'smoke-owner@example.com';
// zaezd and tutu-sim both read the calendar in Moscow; dates start tomorrow there, so they are
// never in the past whatever the day the suite runs on.
const MOSCOW_TOMORROW = addDays(todayIn('Europe/Moscow'), 1);
const REFRESH_MS = 500;
const NEW_VERSION = `2099-12-31.${Date.now() % 1000}`;
const work = mkdtempSync(join(tmpdir(), 'smoke-'));
const schema = `smoke_${randomBytes(5).toString('hex')}`;
let env: NodeJS.ProcessEnv;
let products: RunningProducts;
let browser: Browser;

beforeAll(async () => {
  env = {
    ...process.env,
    LOG_LEVEL: 'info',
    CHENGDU_SOUL_CATALOG_REFRESH_MS: String(REFRESH_MS),
    // Nothing leaves the machine: weather and map tiles point at a closed loopback port.
    ZAEZD_WEATHER_URL: `http://127.0.0.1:${await freePort()}`,
    ZAEZD_TILE_URL: `http://127.0.0.1:${await freePort()}/{z}/{x}/{y}.png`,
  };
  if (env.DATABASE_URL) {
    env.CHENGDU_SOUL_DB_SCHEMA = schema;
    // & runs under npm start too: its own fresh schema, and the secret its processes must share
    // when the database is a server.
    env.AMPERSAND_DB_SCHEMA = `${schema}_ampersand`;
    env.AMPERSAND_TOKEN_SECRET = randomBytes(32).toString('base64url');
  } else {
    // SMOKE_DATA_DIR runs these flows on data directories that already hold data (a restored
    // backup: backup-restore.smoke.ts) instead of fresh ones.
    const dataDirs = process.env.SMOKE_DATA_DIR ?? work;
    env.CHENGDU_SOUL_DATA_DIR = join(dataDirs, process.env.SMOKE_DATA_DIR ? 'chengdu-soul' : 'db');
    env.AMPERSAND_DATA_DIR = join(dataDirs, 'ampersand');
  }
  products = await startProducts(env);
  env.CHENGDU_SOUL_PORT = new URL(products.chengdu).port;
  // The & operator prints links for the running API, so it must know the ports the products got.
  env.AMPERSAND_API_PORT = new URL(products.ampersandApi).port;
  env.AMPERSAND_MCP_PORT = new URL(products.ampersandMcp).port;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await products?.stop();
  if (env.DATABASE_URL) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    for (const name of [schema, `${schema}_ampersand`]) await client.query(`drop schema if exists "${name}" cascade`);
    await client.end();
  }
  rmSync(work, { recursive: true, force: true });
});

async function run(...argv: string[]): Promise<string> {
  const result = await operator(env, ...argv);
  expect(result.code, `${argv.join(' ')}: ${result.output}`).toBe(0);
  return result.output;
}

/** A page in Chromium that may reach loopback only. */
async function openPage(): Promise<Page> {
  const context = await browser.newContext();
  await context.route('**', (route) => (new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort('blockedbyclient')));
  return context.newPage();
}

async function eventually(check: () => Promise<boolean>, bound: number, what: string): Promise<void> {
  const deadline = Date.now() + bound;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not so within ${bound} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const secrets: string[] = [];

describe(`npm start's products across processes (${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded database'})`, () => {
  it('Chengdu Soul: credentials issued and revoked by the operator work on the running server, through the official client', async () => {
    await run('approve-account', OWNER);
    const issued = await run('issue-credential', '--hours', '2', '--label', 'smoke');
    const id = /credential (\S+) for/.exec(issued)![1]!;
    const token = /Authorization: Bearer (\S+)/.exec(issued)![1]!;
    secrets.push(token);

    const client = await connectClient(products.chengdu, { Authorization: `Bearer ${token}` });
    try {
      const proposed = await client.callTool({
        name: 'propose_chengdu_itinerary',
        arguments: { dayCount: 1, rhythm: 'balanced', discovery: 'blend', atmosphere: 'mixed', idempotencyKey: `smoke-${randomBytes(6).toString('hex')}` },
      });
      expect(proposed.isError, JSON.stringify(proposed.content)).not.toBe(true);
      expect((proposed.structuredContent as { draftRef?: string }).draftRef).toMatch(/\S/);
    } finally {
      await client.close();
    }

    expect(await run('revoke-credential', id)).toBe(`revoked: ${id}`);
    const refused = await rpc(
      products.chengdu,
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: {
          name: 'propose_chengdu_itinerary',
          arguments: { dayCount: 1, rhythm: 'balanced', discovery: 'blend', atmosphere: 'mixed', idempotencyKey: 'smoke-revoked' },
        },
      },
      { headers: { Authorization: `Bearer ${token}` } },
    );
    expect(refused.status).toBe(401);
    const requestId = refused.headers.get('x-request-id')!;
    await eventually(async () => products.output().includes(requestId), 5000, 'the refused request is logged');
    const line = products
      .output()
      .split('\n')
      .find((l) => l.includes(requestId) && l.startsWith('{'))!;
    expect(JSON.parse(line)).toMatchObject({ service: 'chengdu-soul', correlationId: requestId, method: 'POST', path: '/mcp', status: 401, msg: 'request' });
  });

  it('Chengdu Soul: a sign-in link issued while running signs the owner in, in Chromium', async () => {
    const link = /(http\S+\/signin\/\S+)/.exec(await run('issue-signin-link'))![1]!;
    secrets.push(link.split('/signin/')[1]!);
    const page = await openPage();
    await page.goto(link);
    await Promise.all([page.waitForURL(`${products.chengdu}/`), page.getByRole('button', { name: 'Sign in' }).click()]);
    expect(await page.locator('body').innerText()).toContain(OWNER);
    const cookies = await page.context().cookies();
    expect(cookies.length).toBeGreaterThan(0);
    secrets.push(...cookies.map((c) => c.value));
    await page.context().close();
  });

  it('Chengdu Soul: the discovery switch changes robots.txt on the running server', async () => {
    const robots = async () => (await fetch(`${products.chengdu}/robots.txt`)).text();
    expect(await robots()).not.toContain('Allow: /agents');
    await run('discovery', 'on');
    expect(await robots()).toContain('Allow: /agents');
    await run('discovery', 'off');
    expect(await robots()).not.toContain('Allow: /agents');
  });

  it('Chengdu Soul: a release published while running is current after the refresh interval', async () => {
    const bundled = JSON.parse(
      readFileSync(join(REPO_ROOT, 'apps/chengdu-soul/catalog/releases', (await run('list-catalog')).split(/\s/)[0]!, 'release.json'), 'utf8'),
    );
    const folder = join(work, NEW_VERSION);
    cpSync(join(REPO_ROOT, 'apps/chengdu-soul/catalog/releases', bundled.catalogVersion), folder, { recursive: true });
    writeFileSync(join(folder, 'release.json'), JSON.stringify({ ...bundled, catalogVersion: NEW_VERSION }));
    expect(await run('publish-catalog', folder)).toMatch(/^published: /);
    const published = Date.now();
    const current = async () => ((await (await fetch(`${products.chengdu}/health`)).json()) as { catalogVersion: string }).catalogVersion === NEW_VERSION;
    // A loaded machine may stretch one interval; twenty still tells a refresh from none at all.
    await eventually(current, REFRESH_MS * 20, `release ${NEW_VERSION} is current (published ${published})`);
  });

  it('zaezd plans a trip over tutu-sim in another process, and its trip board renders in Chromium', async () => {
    const client = await connectClient(products.zaezd);
    let trip: any;
    try {
      const found = await client.callTool({
        name: 'find_event_trips',
        arguments: {
          topics: ['jazz', 'festival'],
          origin: 'Moscow',
          budget: 40000,
          date_from: MOSCOW_TOMORROW,
          date_to: addDays(MOSCOW_TOMORROW, 30),
          adults: 2,
        },
      });
      trip = found.structuredContent;
    } finally {
      await client.close();
    }
    expect(trip.status).toBe('ok');
    expect(trip.packages.length).toBeGreaterThan(0);
    expect(trip.web_url.startsWith(products.zaezd)).toBe(true);

    const page = await openPage();
    await page.goto(trip.web_url);
    await page.waitForSelector('#trip-board[data-details="complete"]');
    expect(await page.locator('#trip-board h1').innerText()).toBe(trip.event.title);
    expect(await page.locator('#trip-board .package-card').count()).toBe(trip.packages.length);
    await page.context().close();
  });

  it('tutu-sim answers a tool through the official client and shows its page in Chromium', async () => {
    const client = await connectClient(products.tutu);
    try {
      const hotels = await client.callTool({
        name: 'search_hotels',
        arguments: { city_name: 'Казань', check_in: addDays(MOSCOW_TOMORROW, 10), check_out: addDays(MOSCOW_TOMORROW, 12), adults: 2 },
      });
      expect(hotels.isError).not.toBe(true);
      expect((hotels.content as Array<{ text: string }>)[0]!.text.length).toBeGreaterThan(0);
    } finally {
      await client.close();
    }
    const page = await openPage();
    await page.goto(`${products.tutu}/`);
    expect(await page.locator('h1').innerText()).toBe('tutu-sim');
    expect(await page.locator('li code').count()).toBeGreaterThan(10);
    await page.context().close();
  });

  it('&: an andee made and signed in by the operator approves an SDK 1.x client in Chromium; its tool call works until the operator revokes the grant', async () => {
    const amp = async (...argv: string[]) => {
      const result = await ampersandOperator(env, ...argv);
      expect(result.code, `${argv.join(' ')}: ${result.output}`).toBe(0);
      return result.output;
    };
    expect(await amp('create-andee', 'smoke_andee', 'Smoke', 'Andee')).toMatch(/Created &smoke_andee/);
    expect(await amp('add-fact', 'smoke_andee', 'I', 'play', 'the', 'cello.', '--visibility', 'public')).toMatch(/approved public fact/);
    const link = /(http\S+\/sign-in\/link\/\S+)/.exec(await amp('sign-in-link', 'smoke_andee'))![1]!;
    secrets.push(link.split('/sign-in/link/')[1]!);

    // The agent: the SDK 1.x client (most desktop hosts) discovers the server from its 401, registers and asks to authorize.
    // A desktop host's loopback redirect listener, as RFC 8252 describes.
    let code: string | undefined;
    const callback = createServer((req, res) => {
      code = new URL(req.url!, 'http://127.0.0.1').searchParams.get('code') ?? undefined;
      res.end('back at the host');
    });
    await new Promise<void>((resolve) => callback.listen(0, '127.0.0.1', resolve));
    const redirect = `http://127.0.0.1:${(callback.address() as AddressInfo).port}/callback`;
    const oauth = new InMemoryOAuthClient(redirect, 'Smoke Desktop Host');
    const unauthorized = new ClientV1({ name: 'smoke-host', version: '1.0.0' });
    await expect(unauthorized.connect(new TransportV1(new URL(products.ampersandMcp), { authProvider: oauth as never }))).rejects.toBeInstanceOf(
      UnauthorizedV1,
    );
    expect(oauth.authorizationUrl?.origin).toBe(products.ampersandApi);

    // The person: signs in with the operator's link and approves on the page, in Chromium.
    const page = await openPage();
    await page.goto(link);
    await Promise.all([page.waitForURL((url) => !url.pathname.startsWith('/sign-in/link')), page.getByRole('button', { name: 'Sign in' }).click()]);
    await page.goto(oauth.authorizationUrl!.href);
    expect(await page.locator('main h1').innerText()).toBe('An app asks for access to your &tag');
    expect(await page.locator('#client').innerText()).toContain('An app calling itself “Smoke Desktop Host”');
    expect(await page.locator('#account').innerText()).toContain('&smoke_andee');
    await Promise.all([page.waitForURL((url) => url.href.startsWith(redirect)), page.locator('button[value="approve"]').click()]);
    expect(code).toBeTruthy();
    secrets.push(...(await page.context().cookies()).map((c) => c.value));
    await page.context().close();
    callback.close();

    const transport = new TransportV1(new URL(products.ampersandMcp), { authProvider: oauth as never });
    await transport.finishAuth(code!);
    secrets.push(oauth.tokens()!.access_token, oauth.tokens()!.refresh_token!);
    const client = new ClientV1({ name: 'smoke-host', version: '1.0.0' });
    await client.connect(transport);
    try {
      const answered = await client.callTool({ name: 'ask_question', arguments: { question: 'Which instrument do I play?' } });
      expect(answered.isError, JSON.stringify(answered.content)).not.toBe(true);
      expect(JSON.stringify(answered.structuredContent)).toContain('cello');

      const grantId = /^(\S+)\s+Smoke Desktop Host/m.exec(await amp('grants', 'smoke_andee'))![1]!;
      expect(await amp('revoke-grant', grantId)).toMatch(/^Revoked grant/);
      // The MCP service still verifies the token locally; the API refuses it at once, so the call fails.
      const refused = await client.callTool({ name: 'ask_question', arguments: { question: 'Which instrument do I play?' } }).catch((error: Error) => error);
      expect(refused instanceof Error ? refused.message : JSON.stringify(refused)).toMatch(/revoked|invalid_token|401|Unauthorized/i);
    } finally {
      await client.close();
    }
  });

  it('logged one JSON line per request and no credential, cookie or sign-in token; stops cleanly', async () => {
    const lines = products
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l));
    const requests = lines.filter((l) => l.msg === 'request');
    expect(new Set(requests.map((l) => l.service))).toEqual(new Set(['chengdu-soul', 'zaezd', 'tutu-sim', 'ampersand-api', 'ampersand-mcp']));
    expect(requests.filter((l) => l.path === '/robots.txt' && l.service === 'chengdu-soul').length).toBe(3);
    // The authorization server's own endpoints log like every other route, capabilities cut short.
    for (const path of ['/oauth/register', '/oauth/authorize', '/oauth/token'])
      expect(
        requests.some((l) => l.service === 'ampersand-api' && l.path === path),
        path,
      ).toBe(true);
    expect(requests.some((l) => l.service === 'ampersand-api' && /^\/interaction\/.{4}…\[redacted\]$/.test(l.path))).toBe(true);
    expect(secrets.length).toBeGreaterThanOrEqual(3);
    for (const secret of secrets) expect(products.output()).not.toContain(secret);
    expect(await products.stop()).toBe(0);
  });
});
