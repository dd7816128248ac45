/**
 * The tools only the & hosted runtime's principal is shown (spec "Hosted-runtime tools"):
 * pinning the Loop's skill release and composing its surface. The MCP service lists them only to
 * that principal; the API refuses anyone else again.
 */
import { defineTool, type Tool } from '@agent-products/kit/mcp';
import type * as z from 'zod';
import { loopComposeInput, loopComposeOutput, loopPinSkillInput, loopPinSkillOutput } from '../api/loop-contracts.ts';
import type { Forward } from './api-forwarder.ts';

const WRITE = { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false };

export function hostedRuntimeTools(forward: Forward): Tool[] {
  return [
    defineTool({
      name: 'loop_pin_skill',
      title: 'Pin the Loop skill',
      description: "Pin the Loop's dedicated skill release at birth, write-once: its content and outcome specification. Returns only the version and the SHA-256 digest; pinning other content later is refused.",
      input: loopPinSkillInput,
      output: loopPinSkillOutput,
      annotations: WRITE,
      access: { scopes: ['loops:write'] },
      run: (args, scope) => forward('/v1/loops/pin-skill', args, scope) as Promise<z.output<typeof loopPinSkillOutput>>,
      text: (r) => `Pinned version ${r.version} (digest ${r.digest}).`,
    }),
    defineTool({
      name: 'loop_compose',
      title: 'Compose the Loop surface',
      description: 'Replace the Loop presentation only (never its items or conversation) with blocks the live surface contract exposes; an unknown block is refused. Use it only when a supported surface materially improves the artifact.',
      input: loopComposeInput,
      output: loopComposeOutput,
      annotations: WRITE,
      access: { scopes: ['loops:write'] },
      run: (args, scope) => forward('/v1/loops/compose', args, scope) as Promise<z.output<typeof loopComposeOutput>>,
      text: (r) => `Composed ${r.blocks} block${r.blocks === 1 ? '' : 's'} (renderer ${r.renderer}, contract v${r.contractVersion}).`,
    }),
  ];
}
