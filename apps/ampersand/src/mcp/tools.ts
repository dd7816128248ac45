/**
 * The & tools this service registers, composed from one file per area. Each is an adapter only:
 * the kit's tool contract validates the input and checks the token's scopes (a missing one is
 * `insufficient_scope`), the API answers and checks again, and the text rendering reads well alone.
 */
import type { Tool } from '@agent-products/kit/mcp';
import type { Forward } from './api-forwarder.ts';
import { connectionTools } from './connection-tools.ts';
import { identityTools } from './identity-tools.ts';
import { loopTools } from './loop-tools.ts';
import { questionTools } from './question-tools.ts';
import { suggestionTools } from './suggestion-tools.ts';

export function ampersandTools(forward: Forward, options: { andeeCard?: boolean } = {}): Tool[] {
  return [...identityTools(forward, options), ...connectionTools(forward), ...questionTools(forward), ...loopTools(forward), ...suggestionTools(forward)];
}
