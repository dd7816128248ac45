/**
 * `npm run ampersand -- hosted-runtime-token <tag>` as an operator runs it: a separate process
 * against & started as `npm start` starts it (both services as their own processes, the embedded
 * database with its demo graph, the CLI reaching it through the API's owner channel). The token
 * it prints is the & hosted runtime's principal — an official MCP client with it sees and calls
 * the hosted-runtime tools, which answer from the demo's evidence on this fresh start — and the
 * grant it prints revokes it (down to a 401 from the MCP process). Nothing that grants access appears in either service's log.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Client } from '@modelcontextprotocol/client';
import { connectClient } from '@agent-products/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
// Ports of this test's own (4200–4299 on the shared machine), apart from every product default.
const API_PORT = 4230;
const MCP_PORT = 4231;
const dataDir = mkdtempSync(join(tmpdir(), 'ampersand-runtime-token-'));
const env = {
  ...process.env,
  AMPERSAND_API_PORT: String(API_PORT),
  AMPERSAND_MCP_PORT: String(MCP_PORT),
  AMPERSAND_DATA_DIR: dataDir,
  AMPERSAND_TOKEN_SECRET: randomBytes(32).toString('base64url'),
  AMPERSAND_DEMO: '1',
  DATABASE_URL: '',
  LOG_LEVEL: 'debug',
};
const services: Array<{ child: ChildProcess; output: () => string }> = [];

function startService(entry: string) {
  // Node itself with tsx's loader (not through npx), so SIGTERM reaches the service and it stops.
  const child = spawn(process.execPath, ['--import', 'tsx', entry], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  services.push({ child, output: () => output });
}

function operator(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn('npx', ['tsx', 'apps/ampersand/src/cli/ampersand-cli.ts', ...args], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

async function waitFor(url: string): Promise<void> {
  for (;;) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

let runtime: Client | undefined;
beforeAll(async () => {
  startService('apps/ampersand/src/main-api.ts');
  await waitFor(`http://127.0.0.1:${API_PORT}/health`);
  startService('apps/ampersand/src/main-mcp.ts');
  await waitFor(`http://127.0.0.1:${MCP_PORT}/health`);
}, 240_000);
afterAll(async () => {
  await runtime?.close();
  await Promise.all(
    services.map(
      ({ child }) =>
        new Promise((resolve) => {
          if (child.exitCode !== null) return resolve(undefined);
          child.once('exit', resolve);
          child.kill('SIGTERM');
        }),
    ),
  );
  rmSync(dataDir, { recursive: true, force: true });
});

describe('hosted-runtime-token', () => {
  it('is listed by help', async () => {
    const help = await operator(['help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/hosted-runtime-token <tag>/);
  }, 120_000);

  it('prints a hosted-runtime token that reaches the evidence tools on the fresh demo, and its grant revokes it', async () => {
    const issued = await operator(['hosted-runtime-token', 'demo_ada']);
    expect(issued.stderr).toBe('');
    expect(issued.code).toBe(0);
    const token = issued.stdout.split('\n')[0]!;
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const grantId = /revoke-grant (\S+)/.exec(issued.stdout)![1]!;

    runtime = await connectClient(`http://127.0.0.1:${MCP_PORT}/mcp`, { Authorization: `Bearer ${token}` });
    const tools = (await runtime.listTools()).tools.map((t) => t.name);
    expect(tools).toEqual(
      expect.arrayContaining(['identity_read', 'photo_evidence_read', 'place_evidence_read', 'suggestion_feedback_read', 'loop_pin_skill', 'loop_compose']),
    );
    const identity = (await runtime.callTool({ name: 'identity_read', arguments: {} })) as any;
    expect(identity.structuredContent.facts.map((f: any) => f.text)).toContain('I play jazz piano on weekends.');
    const photos = (await runtime.callTool({ name: 'photo_evidence_read', arguments: {} })) as any;
    expect(photos.structuredContent.labels.map((l: any) => l.label)).toContain('fresh pasta');
    expect(photos.structuredContent.coverage).toMatchObject({ photosSeen: 180, photosLabelled: 152 });
    const places = (await runtime.callTool({ name: 'place_evidence_read', arguments: {} })) as any;
    expect(places.structuredContent.rows.length).toBeGreaterThanOrEqual(4);
    expect(places.structuredContent.places).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Welsh Harp Sailing Club (demo)', status: 'pending' })]),
    );
    expect(JSON.stringify(places.structuredContent)).not.toMatch(/-?\d{1,3}\.\d{4,}|latitude|longitude|"lat"|"lng"/i);

    const listed = await operator(['grants', 'demo_ada']);
    expect(listed.stdout).toContain(grantId);
    expect(listed.stdout).not.toContain(token);
    expect((await operator(['revoke-grant', grantId])).code).toBe(0);
    // The CLI's delete ran inside the API process (the owner channel), whose revocation feed tells
    // the MCP process: from then on every request with the token is 401 invalid_token.
    let refused: Response | undefined;
    while (refused?.status !== 401) {
      refused = await fetch(`http://127.0.0.1:${MCP_PORT}/mcp`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'identity_read', arguments: {} } }),
      });
      if (refused.status === 200) expect(((await refused.json()) as any).result.isError).toBe(true);
    }
    expect(refused.headers.get('www-authenticate')).toContain('error="invalid_token"');

    for (const { output } of services) {
      expect(output()).not.toContain(token);
      expect(output()).not.toContain(token.split('.')[2]!);
    }
  }, 240_000);
});
