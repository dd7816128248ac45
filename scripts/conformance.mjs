/**
 * `npm run conformance [product]`: runs the official MCP conformance suite (0.1.16, on the Node
 * the project pins, which `npx` finds first on the script's PATH) against each product, freshly
 * started from its build: Chengdu Soul on a temporary embedded database, zaezd on its own (it
 * opens its upstream connection only when a tool needs it, so these scenarios run without one),
 * & through its own runner (apps/ampersand/conformance/, which adds the 0.2 authorization-server
 * scenarios). The same scenarios for every product: those that apply to any server, plus the
 * capability ones only where the server declares the capability (read from its initialize
 * answer). Exits non-zero on any failure.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SUITE = ['-y', '-p', '@modelcontextprotocol/conformance@0.1.16', 'conformance'];
const ALWAYS = ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection'];
const BY_CAPABILITY = { resources: 'resources-list', prompts: 'prompts-list', logging: 'logging-set-level' };

/**
 * How to start each product; `cleanup` removes what the start created. Each binds a free port
 * itself (port 0) and its start banner names the address, so no port is picked for it first.
 */
const PRODUCTS = {
  'chengdu-soul': () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'chengdu-conformance-'));
    return {
      main: 'apps/chengdu-soul/dist/main.mjs',
      env: { CHENGDU_SOUL_PORT: '0', CHENGDU_SOUL_DATA_DIR: dataDir, DATABASE_URL: '' },
      cleanup: () => rmSync(dataDir, { recursive: true, force: true }),
    };
  },
  // & is two services with an OAuth flow in between; its own runner drives both (see there).
  ampersand: () => ({ runner: ['npx', ['tsx', 'apps/ampersand/conformance/run-conformance.ts']] }),
  zaezd: () => ({
    main: 'apps/zaezd/dist/main.mjs',
    env: { ZAEZD_PORT: '0' },
    cleanup: () => {},
  }),
};

async function runProduct(name) {
  const product = PRODUCTS[name]();
  if (product.runner) {
    const run = spawnSync(product.runner[0], product.runner[1], { stdio: 'inherit' });
    return run.status === 0 ? 0 : 1;
  }
  const server = spawn(process.execPath, ['--max-semi-space-size=32', product.main], {
    env: { ...process.env, ...product.env, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let failed = 0;
  try {
    const url = await new Promise((resolve, reject) => {
      let out = '';
      server.stdout.on('data', (chunk) => {
        out += chunk;
        // The banner's MCP line: `<url>/mcp   (MCP, POST only…)`.
        const announced = /(http:\/\/127\.0\.0\.1:\d+\/mcp)\s/.exec(out);
        if (announced) resolve(announced[1]);
      });
      server.once('exit', (code) => reject(new Error(`${name} exited with ${code}`)));
    });
    const init = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'conformance-runner', version: '1' } },
      }),
    }).then((r) => r.json());
    const declared = Object.keys(init.result.capabilities);
    const scenarios = [
      ...ALWAYS,
      ...Object.entries(BY_CAPABILITY)
        .filter(([cap]) => declared.includes(cap))
        .map(([, s]) => s),
    ];
    for (const scenario of scenarios) {
      const run = spawnSync('npx', [...SUITE, 'server', '--url', url, '--scenario', scenario], { encoding: 'utf8' });
      const ok = run.status === 0;
      if (!ok) failed += 1;
      console.log(`${ok ? 'PASS' : 'FAIL'} ${name} ${scenario}`);
      if (!ok) console.log(run.stdout, run.stderr);
    }
    console.log(`conformance ${name}: ${scenarios.length - failed}/${scenarios.length} scenarios passed (declared capabilities: ${declared.join(', ')})`);
  } finally {
    server.kill('SIGTERM');
    product.cleanup();
  }
  return failed;
}

const only = process.argv[2];
if (only && !PRODUCTS[only]) {
  console.error(`Unknown product "${only}"; known: ${Object.keys(PRODUCTS).join(', ')}`);
  process.exit(2);
}
let failed = 0;
for (const name of only ? [only] : Object.keys(PRODUCTS)) failed += await runProduct(name);
process.exitCode = failed > 0 ? 1 : 0;
