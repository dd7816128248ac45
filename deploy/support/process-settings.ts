/**
 * What each deployed process makes of an environment, through its product's own settings
 * module: the port it serves on (if it serves), the public addresses it names, and every variable
 * it looked up on the way. A value the module refuses throws its SettingsError, as at start.
 */
import { settingsFromEnv } from '@agent-products/ampersand/composition';
import { configFromEnv as chengduSoulConfig, publicUrlFor } from '@agent-products/chengdu-soul/composition';
import { configFromEnv as tutuSimConfig } from '@agent-products/tutu-sim';
import { configFromEnv as zaezdConfig } from '@agent-products/zaezd/composition';

export type Env = Readonly<Record<string, string>>;

export interface ProcessSettings {
  port?: number;
  /** Where people and agents reach it: the addresses its links, tokens and Host checks name. */
  publicUrls: string[];
}

/** One reader per process of deploy/processes.mjs. */
export const PROCESS_SETTINGS: Readonly<Record<string, (env: Env) => ProcessSettings>> = {
  'chengdu-soul': (env) => {
    const config = chengduSoulConfig(env);
    return { port: config.port, publicUrls: [publicUrlFor(config)] };
  },
  zaezd: (env) => {
    const config = zaezdConfig(env);
    return { port: config.port, publicUrls: [config.publicUrl ?? `http://127.0.0.1:${config.port}`] };
  },
  'tutu-sim': (env) => {
    const config = tutuSimConfig(env);
    return { port: config.port, publicUrls: [config.publicUrl ?? `http://127.0.0.1:${config.port}`] };
  },
  'ampersand-api': (env) => {
    const settings = settingsFromEnv(env);
    return { port: settings.apiPort, publicUrls: [settings.apiUrl, settings.mcpUrl] };
  },
  'ampersand-mcp': (env) => {
    const settings = settingsFromEnv(env);
    return { port: settings.mcpPort, publicUrls: [settings.mcpUrl, settings.apiUrl] };
  },
  migrate: (env) => {
    chengduSoulConfig(env);
    settingsFromEnv(env);
    return { publicUrls: [] };
  },
  'chengdu-soul-operator': (env) => ({ publicUrls: [publicUrlFor(chengduSoulConfig(env))] }),
  'ampersand-operator': (env) => {
    const settings = settingsFromEnv(env);
    return { publicUrls: [settings.apiUrl, settings.mcpUrl] };
  },
};

/** The process's settings from `env`, and the names of every variable its settings module looked up. */
export function readSettings(process: string, env: Env): { settings: ProcessSettings; lookedUp: Set<string> } {
  const reader = PROCESS_SETTINGS[process];
  if (!reader) throw new TypeError(`no settings reader for the process ${process}`);
  const lookedUp = new Set<string>();
  const recording = new Proxy(env, {
    get(target, name) {
      if (typeof name === 'string') lookedUp.add(name);
      return Reflect.get(target, name);
    },
  });
  return { settings: reader(recording), lookedUp };
}

/** The variables of `env` the process never looks up: not settings of it. */
export function unknownSettings(process: string, env: Env): string[] {
  const { lookedUp } = readSettings(process, env);
  return Object.keys(env).filter((name) => !lookedUp.has(name));
}
