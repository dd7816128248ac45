/** The live Loop surface contract as an MCP resource (it is also in every `loop_read` answer). */
import type { McpEndpointOptions } from '@agent-products/kit/mcp';
import { SURFACE_CONTRACT, SURFACE_CONTRACT_URI } from '../contracts/surface-contract.ts';

type Registration = NonNullable<McpEndpointOptions['registrations']>[number];

export const surfaceContractResource: Registration = (server) => {
  server.registerResource(
    'Loop surface contract',
    SURFACE_CONTRACT_URI,
    {
      title: 'Live Loop surface contract',
      description: 'The renderers and blocks this server supports (versioned, additive only; unknown blocks fall back to the item text).',
      mimeType: 'application/json',
    },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(SURFACE_CONTRACT) }] }),
  );
};
