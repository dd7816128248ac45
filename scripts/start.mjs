/**
 * `npm start`: builds, then runs every product built under apps/ (each `dist/main*.mjs`) as its own
 * process on loopback (each product is stateless and owns its port). Output is passed through;
 * Ctrl-C stops them all. A product that exits takes the others down, so a failure is never hidden.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const root = new URL('../', import.meta.url);
const NODE_FLAGS = ['--max-semi-space-size=32', '--enable-source-maps'];
// A product with several processes (& runs its API and its MCP service apart) builds one
// `dist/main-<name>.mjs` per process; each gets a process of its own.
const entries = readdirSync(new URL('apps', root)).flatMap((name) => {
  const dist = new URL(`apps/${name}/dist/`, root);
  if (!existsSync(dist)) return [];
  return readdirSync(dist)
    .filter((file) => /^main(-[a-z]+)?\.mjs$/.test(file))
    .map((file) => `apps/${name}/dist/${file}`);
});

// The local demo signs in through &'s dev mailbox, which a product never turns on by itself (the
// sign-in links it shows are credentials); an operator's own setting wins.
const env = { AMPERSAND_DEV_MAILBOX: '1', ...process.env };
const children = entries.map((entry) => spawn(process.execPath, [...NODE_FLAGS, entry], { cwd: root, stdio: 'inherit', env }));

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
