/**
 * The deployment image's entry point: `node deploy/run.mjs <process> [arguments]` runs one
 * process of processes.mjs, so one image serves every product and command. Each built file runs
 * as if started directly (`node <file> [arguments]`): the operator CLIs read their arguments and
 * check that they are the program run, from `process.argv`.
 */
import { PROCESSES } from './processes.mjs';

const [name, ...args] = process.argv.slice(2);
const chosen = Object.hasOwn(PROCESSES, name ?? '') ? PROCESSES[name] : undefined;
if (!chosen) {
  process.stderr.write(`Usage: run.mjs <process> [arguments]; the processes: ${Object.keys(PROCESSES).join(', ')}\n`);
  process.exit(64);
}
for (const file of chosen.run) {
  const path = new URL(`../${file}`, import.meta.url).pathname;
  process.argv = [process.argv[0], path, ...args];
  await import(path);
}
