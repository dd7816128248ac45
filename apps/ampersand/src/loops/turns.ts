/**
 * Turns as the API process runs them: the engine with the configured provider or external
 * runtime, stamping every run record with the API's build version and configuration digest (the
 * ones its /health reports), and the sweeper on its interval.
 */
import type { Kysely } from 'kysely';
import type { Logger } from '@agent-products/kit/log';
import type { BuildInfo } from '../build-info.ts';
import type { AmpersandSettings } from '../settings.ts';
import type { AmpersandDatabase } from '../store/schema.ts';
import { externalRuntime } from './external-runtime.ts';
import type { LoopOperations } from './loop-operations.ts';
import { openAiCompatibleProvider } from './model-provider.ts';
import type { RunTokens } from './run-token.ts';
import { sweepExpiredRuns } from './run-sweeper.ts';
import { TurnEngine, type TurnEngineOptions } from './turn-engine.ts';

export type TurnSettings = Pick<AmpersandSettings, 'modelUrl' | 'model' | 'modelKey' | 'runtimeUrl' | 'turnSeconds' | 'sweepSeconds'>;

export interface Turns {
  engine: TurnEngine;
  build: BuildInfo;
  /** What runs turns here, for the operator (/health): which engine, and what is missing. */
  engineReport: Record<string, unknown>;
  close(): Promise<void>;
}

export function createTurns(deps: {
  db: Kysely<AmpersandDatabase>;
  operations: LoopOperations;
  runTokens: RunTokens;
  settings: Partial<TurnSettings> & { mcpUrl: string };
  /** What agent chat answers without a model (turn-engine.ts `chatAnswers`). */
  chatAnswers?: TurnEngineOptions['chatAnswers'];
  build: BuildInfo;
  log: Logger;
  now: () => Date;
}): Turns {
  const s = deps.settings;
  const turnSeconds = s.turnSeconds ?? 120;
  const sweepSeconds = s.sweepSeconds ?? 15;
  const build = deps.build;
  const engine = new TurnEngine({
    db: deps.db,
    operations: deps.operations,
    runTokens: deps.runTokens,
    provider: s.modelUrl ? openAiCompatibleProvider({ url: s.modelUrl, model: s.model ?? 'gpt-4o-mini', apiKey: s.modelKey }) : undefined,
    runtime: s.runtimeUrl ? externalRuntime(s.runtimeUrl, s.mcpUrl) : undefined,
    chatAnswers: deps.chatAnswers,
    turnSeconds,
    build,
    log: deps.log,
    now: deps.now,
  });
  const sweeper = setInterval(() => {
    void sweepExpiredRuns(deps.db, deps.now()).catch((error) => deps.log.warn({ err: error }, 'run sweep failed'));
  }, sweepSeconds * 1000);
  sweeper.unref();
  return {
    engine,
    build,
    engineReport: engineReport(s),
    async close() {
      clearInterval(sweeper);
      await engine.close();
    },
  };
}

/** The operator's view of the turn engine: the settings' names are for them, never for the people using &. */
function engineReport(s: Partial<TurnSettings>): Record<string, unknown> {
  if (s.modelUrl) return { engine: 'model', model: s.model ?? 'gpt-4o-mini' };
  if (s.runtimeUrl) return { engine: 'hosted_runtime' };
  return {
    engine: 'built_in',
    note: 'No AMPERSAND_MODEL_URL or AMPERSAND_RUNTIME_URL: Loops run only the built-in starter skills, and agent chat answers only questions about the andee and their connections.',
  };
}
