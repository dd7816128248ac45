/**
 * The external hosted runtime path: instead of running the turn in process, the API hands the
 * sealed envelope and the run token to the runtime (`AMPERSAND_RUNTIME_URL`), which then acts
 * through MCP with its own access token plus the run token (`X-Run-Token`) and ends the run with
 * `run_outcome`. A runtime that does not accept the turn ends it failed at once.
 */
import type { TurnEnvelope } from './runs.ts';
import { tracedFetch } from '@agent-products/kit/observe';

export interface ExternalRuntime {
  dispatch(envelope: TurnEnvelope, runToken: string): Promise<void>;
}

export function externalRuntime(url: string, mcpUrl: string): ExternalRuntime {
  return {
    async dispatch(envelope, runToken) {
      const response = await tracedFetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Request-Id': envelope.correlationId },
        body: JSON.stringify({ envelope, runToken, mcpUrl }),
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`The hosted runtime answered ${response.status}.`);
    },
  };
}
