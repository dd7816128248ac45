/**
 * `npm start`: builds, then runs every product built under apps/ (each `dist/main.mjs`) as its own
 * process on loopback (each product is stateless and owns its port). Output is passed through;
 * Ctrl-C stops them all. A product that exits takes the others down, so a failure is never hidden.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const root = new URL('../', import.meta.url);
const NODE_FLAGS = ['--max-semi-space-size=32', '--enable-source-maps'];
const apps = readdirSync(new URL('apps', root)).filter((name) => existsSync(new URL(`apps/${name}/dist/main.mjs`, root)));

const children = apps.map((name) =>
  spawn(process.execPath, [...NODE_FLAGS, `apps/${name}/dist/main.mjs`], { cwd: root, stdio: 'inherit', env: process.env }),
);

let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}
for (const child of children) child.once('exit', (code) => stopAll(code ?? 1));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
