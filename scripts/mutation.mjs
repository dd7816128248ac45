/**
 * `npm run mutation`: Stryker over each module of mutation/modules.mjs in turn (one run per
 * module, see stryker.config.mjs), then the score per module from the JSON reports. MUTATE
 * narrows it to the modules whose path starts with one of its comma-separated prefixes, e.g.
 * MUTATE=apps/ampersand/src/auth/ or MUTATE=packages/kit/src/auth/bearer.ts; MUTATION_LINES=53-67
 * with one module mutates only those lines. Slow on two cores: run it under `nice`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { MODULES, reportName } from '../mutation/modules.mjs';

const prefixes = process.env.MUTATE ? process.env.MUTATE.split(',') : [''];
const chosen = Object.keys(MODULES).filter((module) => prefixes.some((prefix) => module.startsWith(prefix)));
if (chosen.length === 0) throw new Error(`MUTATE matches no module of mutation/modules.mjs: ${process.env.MUTATE}`);

const failed = [];
for (const module of chosen) {
  console.log(`\n== ${module}`);
  const run = spawnSync('npx', ['stryker', 'run'], { stdio: 'inherit', env: { ...process.env, MUTATION_MODULE: module } });
  if (run.status !== 0) failed.push(module);
}

// The mutation score counts timeouts as killed (a mutant that hangs the tests is caught);
// mutants that do not compile count as neither.
const survivors = [];
console.log('\nmodule | mutants | killed | timed out | survived | no coverage | score');
for (const module of chosen) {
  const file = `reports/mutation/${reportName(module)}.json`;
  if (!existsSync(file)) {
    console.log(`${module} | no report`);
    continue;
  }
  const mutants = Object.values(JSON.parse(readFileSync(file, 'utf8')).files).flatMap((f) => f.mutants);
  const count = (status) => mutants.filter((m) => m.status === status).length;
  const [killed, timedOut, survived, noCoverage] = ['Killed', 'Timeout', 'Survived', 'NoCoverage'].map(count);
  const valid = killed + timedOut + survived + noCoverage;
  const score = valid ? (((killed + timedOut) / valid) * 100).toFixed(1) : '-';
  console.log(`${module} | ${valid} | ${killed} | ${timedOut} | ${survived} | ${noCoverage} | ${score} %`);
  for (const m of mutants.filter((m) => m.status === 'Survived' || m.status === 'NoCoverage')) {
    survivors.push(`${module}:${m.location.start.line} ${m.mutatorName} ${m.status}: ${JSON.stringify(m.replacement ?? '')}`);
  }
}
// Each of these needs a test that kills it or a line in mutation/surviving-mutants.md.
if (survivors.length) console.log(`\nSurviving mutants:\n${survivors.join('\n')}`);
if (failed.length) {
  console.error(`\nStryker failed on: ${failed.join(', ')}`);
  process.exitCode = 1;
}
