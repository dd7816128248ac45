/**
 * `npm run conformance` for &: the official suite against both services, freshly started from the
 * build on a temporary embedded database.
 *
 * - Authorization server (conformance 0.2.x `authorization`): the metadata scenario and the
 *   authorization-code grant, whose browser step is played by a signed-in cookie-keeping browser
 *   approving on the real approval page, for a client registered by DCR with the suite's callback.
 * - MCP service (the generic server scenarios, 0.1.16 like the other products): the suite cannot
 *   send a bearer token, so it runs through a loopback proxy that adds a real OAuth access token
 *   and forwards everything else untouched (Host and Origin included). Without a token,
 *   `server-initialize` must be refused with the 401 and challenge a client discovers from,
 *   which is checked directly.
 * Exits non-zero on any failure.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CookieBrowser, formValue } from '../test/support/cookie-browser.ts';
import { authorizeUrl, pkcePair, register, tokenRequest } from '../test/support/oauth-steps.ts';

const AUTH_SUITE = ['-y', '-p', '@modelcontextprotocol/conformance@0.2.0-alpha.12', 'conformance'];
const SERVER_SUITE = ['-y', '-p', '@modelcontextprotocol/conformance@0.1.16', 'conformance'];
const SERVER_SCENARIOS = ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection'];

const base = Number(process.env.CONFORMANCE_PORT_BASE ?? 18000 + Math.floor(Math.random() * 900));
const [apiPort, mcpPort, callbackPort, proxyPort] = [base, base + 1, base + 2, base + 3];
const apiUrl = `http://127.0.0.1:${apiPort}`;
const mcpUrl = `http://127.0.0.1:${mcpPort}/mcp`;
const secret = randomBytes(32).toString('base64url');
const dataDir = mkdtempSync(join(tmpdir(), 'ampersand-conformance-'));
const env = {
  ...process.env,
  AMPERSAND_API_PORT: String(apiPort),
  AMPERSAND_MCP_PORT: String(mcpPort),
  AMPERSAND_DATA_DIR: dataDir,
  AMPERSAND_TOKEN_SECRET: secret,
  DATABASE_URL: '',
  // Browser origins on the proxy's port are the MCP service's own origins when reached through it.
  AMPERSAND_MCP_ALLOWED_ORIGINS: `http://127.0.0.1:${proxyPort},http://localhost:${proxyPort}`,
  LOG_LEVEL: 'warn',
};
const children: ChildProcess[] = [];
let failed = 0;

/** Runs a command without blocking this process, whose proxy must keep answering meanwhile. */
function runCommand(command: string, args: string[]): Promise<{ ok: boolean; output: string }> {
  const suite = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
  let output = '';
  suite.stdout.on('data', (chunk) => (output += chunk));
  suite.stderr.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => suite.once('exit', (code) => resolve({ ok: code === 0, output })));
}

function report(ok: boolean, label: string, detail = ''): void {
  if (!ok) failed += 1;
  console.log(`${ok ? 'PASS' : 'FAIL'} ampersand ${label}${!ok && detail ? `\n${detail}` : ''}`);
}

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 240; i++) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not come up`);
}

async function signedInBrowser(): Promise<CookieBrowser> {
  // The operator CLI, reaching the running API's embedded database through its owner channel.
  const operator = async (args: string[]) => {
    const run = await runCommand('npx', ['tsx', 'apps/ampersand/src/cli/ampersand-cli.ts', ...args]);
    if (!run.ok) throw new Error(`ampersand ${args[0]} failed: ${run.output}`);
    return run.output;
  };
  await operator(['create-andee', 'conformance', 'Conformance', 'Runner']);
  const link = /^(http\S+)$/m.exec(await operator(['sign-in-link', 'conformance']))![1]!;
  const browser = new CookieBrowser([apiUrl]);
  await browser.signInWithLink(link);
  return browser;
}

async function approve(browser: CookieBrowser, url: string): Promise<URL> {
  const page = await browser.get(url);
  const done = await browser.post(page.url, { csrf: formValue(page.text, 'csrf'), decision: 'approve' });
  if (!done.leftTo) throw new Error(`approval did not redirect: ${done.status} ${done.text.slice(0, 200)}`);
  return done.leftTo;
}

async function authorizationSuite(browser: CookieBrowser): Promise<void> {
  const redirect = `http://127.0.0.1:${callbackPort}/callback`;
  const client = await register(apiUrl, { client_name: 'MCP conformance suite', redirect_uris: [redirect] });
  const suite = spawn(
    'npx',
    [...AUTH_SUITE, 'authorization', '--url', apiUrl, '--client-id', client.body.client_id, '--resource', mcpUrl, '--port', String(callbackPort)],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  let approved = false;
  suite.stderr.on('data', (chunk) => (output += chunk));
  suite.stdout.on('data', (chunk: Buffer) => {
    output += chunk;
    const url = /^(http\S+\/oauth\/authorize\?\S+)$/m.exec(output)?.[1];
    if (url && !approved) {
      approved = true;
      void approve(browser, url).then(
        (callback) => fetch(callback),
        (error) => console.error(error),
      );
    }
  });
  const code = await new Promise<number | null>((resolve) => suite.once('exit', resolve));
  const passed = /Total: (\d+) passed, 0 failed/.exec(output);
  report(code === 0 && passed !== null, `authorization (${passed ? `${passed[1]} checks passed` : 'see output'})`, output);
}

/** A proxy adding a bearer token to every request, forwarding method, path, headers and body as they came. */
function tokenProxy(accessToken: string) {
  const server = createServer((req, res) => {
    const upstream = httpRequest(
      { host: '127.0.0.1', port: mcpPort, method: req.method, path: req.url, headers: { ...req.headers, authorization: `Bearer ${accessToken}` } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  return new Promise<typeof server>((resolve) => server.listen(proxyPort, '127.0.0.1', () => resolve(server)));
}

async function serverSuite(browser: CookieBrowser): Promise<void> {
  const noToken = await fetch(mcpUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
    }),
  });
  const challenge = noToken.headers.get('www-authenticate') ?? '';
  report(
    noToken.status === 401 && challenge.includes(`resource_metadata="http://127.0.0.1:${mcpPort}/.well-known/oauth-protected-resource"`),
    'server-initialize without a token is 401 with the discovery challenge',
    `${noToken.status} ${challenge}`,
  );

  const redirect = 'http://127.0.0.1:1/cb';
  const client = await register(apiUrl, { client_name: 'Conformance proxy', redirect_uris: [redirect] });
  const pkce = pkcePair();
  const callback = await approve(
    browser,
    authorizeUrl(apiUrl, {
      client_id: client.body.client_id,
      response_type: 'code',
      redirect_uri: redirect,
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
      prompt: 'consent',
    }).href,
  );
  const token = await tokenRequest(apiUrl, {
    grant_type: 'authorization_code',
    code: callback.searchParams.get('code')!,
    redirect_uri: redirect,
    client_id: client.body.client_id,
    code_verifier: pkce.verifier,
  });
  const proxy = await tokenProxy(token.body.access_token);
  try {
    for (const scenario of SERVER_SCENARIOS) {
      const run = await runCommand('npx', [...SERVER_SUITE, 'server', '--url', `http://127.0.0.1:${proxyPort}/mcp`, '--scenario', scenario]);
      report(run.ok, `${scenario} (with a token)`, run.output);
    }
  } finally {
    proxy.close();
  }
}

try {
  for (const main of ['main-api', 'main-mcp']) {
    children.push(spawn(process.execPath, [`apps/ampersand/dist/${main}.mjs`], { env, stdio: ['ignore', 'ignore', 'inherit'] }));
  }
  await Promise.all([waitFor(`${apiUrl}/health`), waitFor(`http://127.0.0.1:${mcpPort}/health`)]);
  const browser = await signedInBrowser();
  await authorizationSuite(browser);
  await serverSuite(browser);
} catch (error) {
  report(false, 'run', String(error));
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(`conformance ampersand: ${failed === 0 ? 'all passed' : `${failed} failed`}`);
process.exitCode = failed > 0 ? 1 : 0;
