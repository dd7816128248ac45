/**
 * `npm run topology`: the scale-out run, as an operator would run it. On the machine's PostgreSQL
 * (a fresh database, dropped at the end) and Redis it starts two replicas each of Chengdu Soul,
 * zaezd, the & API and the & MCP service (and one tutu-sim for zaezd) from the built dist files,
 * behind Debian's HAProxy, with Debian's Prometheus scraping every replica. It drives the smoke
 * flows and a bounded mixed load through the load balancer while it restarts one replica of each
 * service (SIGTERM; SIGKILL for a second Chengdu Soul replica), then proves what must hold and
 * prints a summary. Exits 1 when any check fails. Settings: layout.ts; README: deploy/README.md.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Acknowledged } from '@agent-products/chengdu-soul/acknowledged-writes';
import { addDays, todayIn } from '../../smoke/calendar-days.ts';
import {
  credentialRevocationReachesEveryReplica,
  rateLimitAcrossReplicas,
  revocationReachesEveryReplica,
  sameKeyOnTwoReplicas,
  type CheckOutcome,
} from './cross-replica-checks.ts';
import { createFreshDatabase } from './fresh-database.ts';
import { SERVICES, frontendUrl, topologySettings, type Service } from './layout.ts';
import { HAPROXY, startLoadBalancer, type LoadBalancer } from './load-balancer.ts';
import { PROMETHEUS, SCRAPE_SECONDS, startMetricsServer, type MetricsServer } from './metrics-server.ts';
import { runMixedLoad, type LoadTallies } from './mixed-load.ts';
import { operatorCommand } from './operator-commands.ts';
import { processEnvironments } from './process-environments.ts';
import { readBack } from './read-back.ts';
import { replica, type Replica } from './replicas.ts';
import { newTally } from './retrying-calls.ts';
import { smokeFlows } from './smoke-flows.ts';
import { failuresCheck, printSummary, prometheusCoverage } from './summary.ts';

const REGISTRATIONS_PER_ADDRESS = 6;
/** Which replica each restart takes down, and how, in this order while the load runs. */
const RESTARTS: Array<{ name: string; signal: 'SIGTERM' | 'SIGKILL' }> = [
  { name: 'chengdu-soul-1', signal: 'SIGTERM' },
  { name: 'zaezd-1', signal: 'SIGTERM' },
  { name: 'ampersand-api-1', signal: 'SIGTERM' },
  { name: 'ampersand-mcp-1', signal: 'SIGTERM' },
  { name: 'chengdu-soul-2', signal: 'SIGKILL' },
];
const FIRST_RESTART_AFTER_MS = 5000;
const AFTER_LAST_RESTART_MS = 5000;
const FINAL_STOP_BOUND_MS = 20_000;

const settings = topologySettings(process.env);
for (const program of [HAPROXY, PROMETHEUS]) {
  if (!existsSync(program)) {
    process.stderr.write(`${program} is missing: apt-get install haproxy prometheus (Debian's packages)\n`);
    process.exit(2);
  }
}
const base = settings.basePort;
const work = mkdtempSync(join(tmpdir(), 'topology-'));
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
const say = (line: string) => process.stdout.write(`[topology ${elapsed()}] ${line}\n`);
const checks: CheckOutcome[] = [];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const database = await createFreshDatabase(settings.adminDatabaseUrl);
const replicas: Replica[] = [];
let loadBalancer: LoadBalancer | undefined;
let metrics: MetricsServer | undefined;
let failed = true;
let cleaning: Promise<void> | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    say(`${signal}: stopping`);
    void cleanUp().then(() => process.exit(130));
  });
try {
  say(`database ${database.name}, Redis ${settings.redisUrl}, ports ${base}…${base + 210}, work directory ${work}`);
  const common = {
    ...process.env,
    DATABASE_URL: database.url,
    REDIS_URL: settings.redisUrl,
    BIND_ADDRESS: '127.0.0.1',
    DRAIN_DELAY_MS: '3000',
    DRAIN_TIMEOUT_MS: '20000',
    LOG_LEVEL: 'warn',
  };
  const env = processEnvironments(base, common, REGISTRATIONS_PER_ADDRESS);
  const ampersandEnv = env['ampersand-api'];

  say('migrating (node deploy/run.mjs migrate)');
  await operatorCommand(common, 'migrate');
  for (const service of Object.keys(SERVICES) as Service[])
    for (let i = 1; i <= SERVICES[service].replicas; i++) replicas.push(replica(service, i, base, env[service], work));
  const byName = (name: string) => replicas.find((r) => r.name === name)!;
  // HAProxy first: zaezd reaches tutu-sim and the MCP service the API through it, and neither is
  // ready while its upstream is not; so tutu-sim and the API start first, too.
  loadBalancer = await startLoadBalancer(base, work);
  metrics = await startMetricsServer(base, work);
  say(`HAProxy on ${base + 1}…${base + 10}, Prometheus on ${metrics.url}`);
  const order: Service[] = ['tutu-sim', 'ampersand-api', 'chengdu-soul', 'zaezd', 'ampersand-mcp'];
  for (const service of order) await Promise.all(replicas.filter((r) => r.service === service).map((r) => r.start()));
  say(`${replicas.length} replicas ready`);

  // The smoke flows, through the load balancer, with the official MCP client.
  const chengduOp = (...argv: string[]) => operatorCommand(env['chengdu-soul'], 'chengdu-soul-operator', ...argv);
  const ampersandOp = (...argv: string[]) => operatorCommand(ampersandEnv, 'ampersand-operator', ...argv);
  await chengduOp('approve-account', 'topology@example.com');
  const issued = await chengduOp('issue-credential', '--hours', '2', '--label', 'topology');
  const credentialId = /credential (\S+) for/.exec(issued)![1]!;
  const chengduAuth = { Authorization: `Bearer ${/Authorization: Bearer (\S+)/.exec(issued)![1]!}` };
  await ampersandOp('create-andee', 'topology_cellist', 'Topology', 'Cellist');
  await ampersandOp('add-fact', 'topology_cellist', 'I', 'play', 'the', 'cello.', '--visibility', 'public');
  const ampersandToken = (await ampersandOp('hosted-runtime-token', 'topology_cellist')).split('\n')[0]!;
  const ampersandAuth = { Authorization: `Bearer ${ampersandToken}` };
  const acknowledged: Acknowledged[] = [];
  const tomorrow = addDays(todayIn('Europe/Moscow'), 1);
  const smoke = await smokeFlows(base, chengduAuth, ampersandAuth, tomorrow, acknowledged);
  checks.push(smoke);
  say(`smoke flows: ${smoke.detail}`);

  // The load, with the restarts under it.
  const tallies: LoadTallies = { chengdu: newTally(), zaezd: newTally(), ampersand: newTally() };
  const restarts: string[] = [];
  const restarting = (async () => {
    await sleep(FIRST_RESTART_AFTER_MS);
    for (const { name, signal } of RESTARTS) {
      const target = byName(name);
      const down = Date.now();
      const code = await target.stop(signal);
      await target.start();
      const expected = signal === 'SIGTERM' ? 0 : null;
      restarts.push(`${name} ${signal} → exit ${code ?? 'killed'}, back ready in ${((Date.now() - down) / 1000).toFixed(1)} s`);
      checks.push({ name: `${name} ${signal}`, ok: code === expected, detail: restarts.at(-1)! });
      say(`restarted ${restarts.at(-1)}`);
    }
  })();
  const loadStarted = Date.now();
  say(`load: ${settings.connections} connections for ${settings.loadSeconds} s (and until the restarts are done)`);
  await runMixedLoad(
    {
      chengdu: frontendUrl(base, 'chengdu-soul'),
      chengduAuth,
      zaezd: frontendUrl(base, 'zaezd'),
      ampersandMcp: `${frontendUrl(base, 'ampersand-mcp')}/mcp`,
      ampersandAuth,
      tripDate: tomorrow,
      tripDateTo: addDays(tomorrow, 30),
    },
    tallies,
    settings.connections,
    // A few seconds more after the last restart, so the restarted replica takes load again.
    Promise.all([sleep(settings.loadSeconds * 1000), restarting.then(() => sleep(AFTER_LAST_RESTART_MS))]).then(() => undefined),
    acknowledged,
  );
  const loadSeconds = (Date.now() - loadStarted) / 1000;
  say(`load done after ${loadSeconds.toFixed(0)} s`);
  for (const [product, tally] of Object.entries(tallies)) checks.push(failuresCheck(product, tally));

  const chengduReplicas = replicas.filter((r) => r.service === 'chengdu-soul').map((r) => r.url);
  checks.push(await sameKeyOnTwoReplicas(chengduReplicas, chengduAuth, acknowledged));
  checks.push(...(await readBack(frontendUrl(base, 'chengdu-soul'), chengduAuth, acknowledged, env['chengdu-soul'])));
  checks.push(
    await rateLimitAcrossReplicas(
      replicas.filter((r) => r.service === 'ampersand-api').map((r) => r.url),
      REGISTRATIONS_PER_ADDRESS,
      settings.redisUrl,
    ),
  );
  await ampersandOp('create-andee', 'topology_revoked', 'Topology', 'Revoked');
  await ampersandOp('add-fact', 'topology_revoked', 'I', 'play', 'the', 'cello.', '--visibility', 'public');
  const revokedOutput = await ampersandOp('hosted-runtime-token', 'topology_revoked');
  const grantId = /revoke-grant (\S+)/.exec(revokedOutput)![1]!;
  checks.push(
    await revocationReachesEveryReplica(
      replicas.filter((r) => r.service === 'ampersand-mcp').map((r) => `${r.url}/mcp`),
      revokedOutput.split('\n')[0]!,
      () => ampersandOp('revoke-grant', grantId),
    ),
  );
  checks.push(await credentialRevocationReachesEveryReplica(chengduReplicas, chengduAuth, () => chengduOp('revoke-credential', credentialId)));

  // Prometheus: two more scrapes, so that the last requests are counted.
  await sleep(2 * SCRAPE_SECONDS * 1000 + 500);
  const prometheusOutput = await prometheusCoverage(metrics, replicas);
  checks.push(...prometheusOutput.checks);

  failed = checks.some((c) => !c.ok);
  printSummary(settings, loadSeconds, tallies, restarts, acknowledged, await loadBalancer.report(), prometheusOutput.printed, checks);
} catch (error) {
  say(`the run broke off: ${(error as Error).stack ?? error}`);
  failed = true;
} finally {
  await cleanUp();
}
process.exit(failed ? 1 : 0);

/** Stops everything the run started and drops its database, once; on Ctrl-C too. */
function cleanUp(): Promise<void> {
  cleaning ??= stopEverything();
  return cleaning;
}

async function stopEverything(): Promise<void> {
  await loadBalancer?.stop();
  await metrics?.stop();
  // Drained as in a rollout; one that has not exited after the bound is killed, not waited on.
  await Promise.all(
    replicas.map(async (r) => {
      const bound = setTimeout(() => void r.stop('SIGKILL'), FINAL_STOP_BOUND_MS);
      await r.stop('SIGTERM');
      clearTimeout(bound);
    }),
  );
  await database.drop().catch((error) => say(`could not drop ${database.name}: ${error}`));
  if (failed) say(`FAILED; the logs are in ${work}`);
  else rmSync(work, { recursive: true, force: true });
  say(`done in ${elapsed()}`);
}
