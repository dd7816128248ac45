/**
 * The deployment files name only what the products really have. Nothing here can run a container,
 * so every file is parsed (the `yaml` package) and checked against the code: each compose service
 * and Kubernetes container is read through the settings module of the process it runs, so a
 * setting the module does not read (one renamed in code) fails, a value it refuses fails, and the
 * port the files route to must be the one it would listen on; each command must be a process of
 * processes.mjs whose files the build writes; each probe path must be a health route of the kit's
 * HTTP shell, with a Host header it accepts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { createHttpApp, READINESS_PATH } from '@agent-products/kit/http';
import { createLogger } from '@agent-products/kit/log';
import { buildEntries } from '../scripts/build-entries.mjs';
import { PROCESSES } from './processes.mjs';
import { haproxyRoutes } from './support/haproxy-routes.ts';
import { PROCESS_SETTINGS, readSettings, unknownSettings, type Env } from './support/process-settings.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const text = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const IMAGE = 'localhost/agent-products:latest';
const SERVING = Object.keys(PROCESSES).filter((name) => PROCESSES[name]!.portSetting);
const LIVENESS_PATH = '/health/live';

/** `KEY=value` lines, comments and blank lines skipped. */
function envFile(path: string): Env {
  const pairs = text(path)
    .split('\n')
    .filter((line) => line.trim() && !line.trimStart().startsWith('#'))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]);
  return Object.fromEntries(pairs);
}

/** The kit's HTTP shell, as every product is built on it: which health paths answer, under which Host. */
const shell = createHttpApp({ log: createLogger({ name: 'deploy-files', level: 'silent' }), allowedOrigins: [], health: { dependencies: [] } });
const HEALTH_PATHS = new Set(shell.routes.map((route) => route.path).filter((path) => path.startsWith('/health')));
async function answersProbe(path: string, host: string): Promise<boolean> {
  return (await shell.request(`http://${host}${path}`, { headers: { Host: host } })).status === 200;
}

describe('the image', () => {
  const lines = text('deploy/Containerfile').split('\n');
  const finalStage = lines.slice(lines.findLastIndex((line) => line.startsWith('FROM ')));
  const instruction = (name: string) => finalStage.find((line) => line.startsWith(`${name} `))?.slice(name.length + 1);

  it('runs every process from a file the build writes', () => {
    const built = new Set(Object.keys(buildEntries(new URL('../', import.meta.url))).map((output) => `${output}.mjs`));
    expect(Object.keys(PROCESSES).sort()).toEqual(Object.keys(PROCESS_SETTINGS).sort());
    for (const [name, { run }] of Object.entries(PROCESSES)) {
      for (const file of run) expect(built.has(file), `${name} runs ${file}, which the build does not write`).toBe(true);
    }
  });

  it('starts a process by its command, as a non-root user, on Node 24', () => {
    expect(JSON.parse(instruction('ENTRYPOINT')!)).toContain('deploy/run.mjs');
    expect(Object.keys(PROCESSES)).toContain(JSON.parse(instruction('CMD')!)[0]);
    expect(instruction('USER')).toMatch(/^(?!root$|0$)\S+$/);
    expect(lines.find((line) => line.startsWith('ARG NODE_IMAGE='))).toMatch(/node:24\b/);
  });

  it('copies files that exist, and the built folders of every process', () => {
    const copies = finalStage.filter((line) => line.startsWith('COPY ')).map((line) => line.split(/\s+/).slice(1));
    for (const words of copies.filter((w) => !w.some((word) => word.startsWith('--from=')))) {
      for (const source of words.slice(0, -1)) expect(existsSync(join(ROOT, source)), `COPY ${source}`).toBe(true);
    }
    const fromBuild = copies.filter((w) => w.includes('--from=build')).map((w) => w.at(-1)!);
    for (const file of Object.values(PROCESSES).flatMap((process) => process.run)) {
      expect(
        fromBuild.some((folder) => file.startsWith(`${folder}/`)),
        `${file} is not in the image`,
      ).toBe(true);
    }
  });
});

describe('the port setting of each serving process', () => {
  it.each(SERVING)('%s listens where its port setting says', (name) => {
    const { settings } = readSettings(name, { [PROCESSES[name]!.portSetting!]: '45678' });
    expect(settings.port).toBe(45678);
  });
});

describe('compose.yaml', () => {
  const secrets = envFile('deploy/secrets.env.example');
  const compose = parse(text('deploy/compose.yaml'), { merge: true }) as { services: Record<string, any> };
  const haproxy = haproxyRoutes(text('deploy/haproxy.cfg'));
  /** A service's environment, with the `${NAME:?message}` of compose filled from the example env file. */
  const environment = (service: any): Env =>
    Object.fromEntries(
      Object.entries(service.environment ?? {}).map(([name, value]) => [
        name,
        String(value).replace(/\$\{(\w+)(:\?[^}]*)?\}/g, (_, variable: string) => {
          expect(secrets, `${variable} is not in secrets.env.example`).toHaveProperty(variable);
          return secrets[variable]!;
        }),
      ]),
    );
  const products = Object.entries(compose.services)
    .filter(([, service]) => service.image === IMAGE)
    .map(([name, service]) => ({
      name,
      service,
      // An operator service names its process in its entrypoint so `compose run` takes just the arguments.
      process: (service.entrypoint ? service.entrypoint.at(-1) : service.command[0]) as string,
      env: environment(service),
    }));

  it('runs processes the image has, with settings their products read and accept', () => {
    expect(products.length).toBeGreaterThan(0);
    for (const { name, service, process, env } of products) {
      expect(Object.keys(PROCESSES), name).toContain(process);
      if (service.entrypoint) expect(service.entrypoint.slice(-2), name).toEqual(['deploy/run.mjs', process]);
      expect(unknownSettings(process, env), `${name} sets what ${process} never reads`).toEqual([]);
    }
  });

  it('serves each product at the addresses npm start gives, through HAProxy, on two replicas of each stateless one', () => {
    const published: string[] = compose.services.lb.ports;
    for (const process of SERVING) {
      const replicas = products.filter((product) => product.process === process);
      const local = readSettings(process, {}).settings;
      expect(haproxy.frontends.get(process), `${process}'s frontend`).toBe(local.port);
      expect(published).toContain(`127.0.0.1:${local.port}:${local.port}`);
      const servers = [...haproxy.backends.get(process)!.entries()];
      expect(servers.sort()).toEqual(replicas.map(({ name, env }) => [name, `127.0.0.1:${readSettings(process, env).settings.port}`]).sort());
      for (const { name, env } of replicas) expect(readSettings(process, env).settings.publicUrls, name).toEqual(local.publicUrls);
      // tutu-sim keeps its latency and faults in its process: one replica, so /control steers all of it.
      expect(replicas.length).toBe(process === 'tutu-sim' ? 1 : 2);
    }
  });

  it('checks readiness on a health path the products answer, under a Host they accept', async () => {
    expect(haproxy.check?.path).toBe(READINESS_PATH);
    expect(await answersProbe(haproxy.check!.path, haproxy.check!.host)).toBe(true);
  });

  it('migrates once before any product starts', () => {
    expect(compose.services.migrate.command).toEqual(['migrate']);
    for (const { name, service } of products.filter((product) => product.process !== 'migrate')) {
      expect(service.depends_on?.migrate?.condition, name).toBe('service_completed_successfully');
    }
  });
});

describe('the Kubernetes manifests', () => {
  const kustomization = (folder: string) => parse(text(`deploy/kubernetes/${folder}/kustomization.yaml`));
  const settings = kustomization('settings');
  const configMap: Env = Object.fromEntries(
    settings.configMapGenerator[0].literals.map((literal: string) => [literal.slice(0, literal.indexOf('=')), literal.slice(literal.indexOf('=') + 1)]),
  );
  const secret = envFile('deploy/kubernetes/settings/secrets.env.example');
  const resources = ['services', 'migrate'].flatMap((folder) =>
    (kustomization(folder).resources as string[])
      .filter((resource) => resource.endsWith('.yaml'))
      .flatMap((file) => parseAllDocuments(text(`deploy/kubernetes/${folder}/${file}`)).map((document) => document.toJS())),
  );
  const ofKind = (kind: string) => resources.filter((resource) => resource.kind === kind);
  const workloads = [...ofKind('Deployment'), ...ofKind('Job')].map((workload) => {
    const container = workload.spec.template.spec.containers[0];
    const env: Env = { ...configMap, ...secret, ...Object.fromEntries((container.env ?? []).map((e: any) => [e.name, e.value])) };
    return { workload, container, process: container.args[0] as string, env };
  });

  it('loads the ConfigMap and the Secret of the settings kustomization in every container', () => {
    expect(settings.secretGenerator[0].envs).toEqual(['secrets.env']);
    for (const { workload, container } of workloads) {
      const from = container.envFrom.map((source: any) => source.configMapRef?.name ?? source.secretRef?.name);
      expect(from, workload.metadata.name).toEqual([settings.configMapGenerator[0].name, settings.secretGenerator[0].name]);
    }
  });

  it('runs processes the image has; every setting is read by a process that loads it, and accepted', () => {
    const read = new Set<string>();
    for (const { workload, process, env } of workloads) {
      expect(Object.keys(PROCESSES), workload.metadata.name).toContain(process);
      for (const name of readSettings(process, env).lookedUp) read.add(name);
      const own = (workload.spec.template.spec.containers[0].env ?? []).map((e: any) => e.name);
      expect(
        own.filter((name: string) => unknownSettings(process, env).includes(name)),
        workload.metadata.name,
      ).toEqual([]);
    }
    expect(Object.keys({ ...configMap, ...secret }).filter((name) => !read.has(name))).toEqual([]);
  });

  it('has a Deployment per serving process, on the port it listens on, with a Service and resource requests', () => {
    const deployments = new Map(workloads.filter(({ workload }) => workload.kind === 'Deployment').map((w) => [w.process, w]));
    expect([...deployments.keys()].sort()).toEqual([...SERVING].sort());
    for (const [process, { workload, container, env }] of deployments) {
      const port = container.ports.find((p: any) => p.name === 'http').containerPort;
      expect(port, process).toBe(readSettings(process, env).settings.port);
      expect(container.resources.requests, process).toMatchObject({ cpu: expect.any(String), memory: expect.any(String) });
      const service = ofKind('Service').find((s) => s.metadata.name === workload.metadata.name);
      expect(service?.spec.selector, process).toEqual(workload.spec.selector.matchLabels);
      expect(service.spec.ports[0].targetPort, process).toBe('http');
    }
  });

  it('probes readiness and liveness on health paths the products answer, under a Host they accept', async () => {
    for (const { workload, container } of workloads.filter((w) => w.workload.kind === 'Deployment')) {
      const name = workload.metadata.name;
      expect(container.readinessProbe.httpGet.path, name).toBe(READINESS_PATH);
      expect(container.livenessProbe.httpGet.path, name).toBe(LIVENESS_PATH);
      for (const probe of [container.startupProbe, container.readinessProbe, container.livenessProbe]) {
        expect(HEALTH_PATHS.has(probe.httpGet.path), `${name} probes ${probe.httpGet.path}`).toBe(true);
        expect(probe.httpGet.port, name).toBe('http');
        const host = probe.httpGet.httpHeaders.find((header: any) => header.name === 'Host').value;
        expect(await answersProbe(probe.httpGet.path, host), `${name}: ${probe.httpGet.path} under Host ${host}`).toBe(true);
      }
    }
  });

  it('keeps a pod through its drain, budgets disruptions, and scales existing Deployments', () => {
    const drainSeconds = (Number(configMap.DRAIN_DELAY_MS) + Number(configMap.DRAIN_TIMEOUT_MS)) / 1000;
    const deployments = ofKind('Deployment');
    for (const deployment of deployments) expect(deployment.spec.template.spec.terminationGracePeriodSeconds).toBeGreaterThan(drainSeconds);
    for (const deployment of deployments.filter((d) => d.spec.replicas > 1)) {
      const budget = ofKind('PodDisruptionBudget').find((pdb) => pdb.metadata.name === deployment.metadata.name);
      expect(budget?.spec.selector.matchLabels, deployment.metadata.name).toEqual(deployment.spec.selector.matchLabels);
    }
    const names = new Set(deployments.map((d) => d.metadata.name));
    expect(ofKind('HorizontalPodAutoscaler').length).toBeGreaterThan(0);
    for (const autoscaler of ofKind('HorizontalPodAutoscaler')) expect(names.has(autoscaler.spec.scaleTargetRef.name)).toBe(true);
    expect(ofKind('Job').map((job) => job.spec.template.spec.containers[0].args)).toEqual([['migrate']]);
  });

  it('routes each public host of the Ingress to the Service of the process whose public URL names it, on a port the Service has', () => {
    const [ingress, ...others] = ofKind('Ingress');
    expect(others).toEqual([]);
    const routed = new Map<string, string>();
    for (const rule of ingress.spec.rules) {
      for (const path of rule.http.paths) {
        const backend = path.backend.service;
        const service = ofKind('Service').find((s) => s.metadata.name === backend.name);
        expect(service, `${rule.host} → ${backend.name}`).toBeDefined();
        expect(
          service.spec.ports.some((p: any) => (backend.port.name ? p.name === backend.port.name : p.port === backend.port.number)),
          `${rule.host} → ${backend.name}:${backend.port.name ?? backend.port.number}`,
        ).toBe(true);
        routed.set(rule.host, backend.name);
      }
      expect(
        ingress.spec.tls.some((tls: any) => tls.hosts.includes(rule.host)),
        `${rule.host} has a certificate`,
      ).toBe(true);
    }
    // Every host a process names as its own public address is routed to that process, and only those.
    const publicHosts = new Map<string, string>();
    for (const { workload, process, env } of workloads.filter((w) => w.workload.kind === 'Deployment')) {
      const own = readSettings(process, env).settings.publicUrls[0]!;
      if (new URL(own).protocol === 'https:') publicHosts.set(new URL(own).hostname, workload.metadata.name);
    }
    expect(Object.fromEntries(routed)).toEqual(Object.fromEntries(publicHosts));
  });
});
