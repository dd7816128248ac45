/**
 * The MCP App resource `ui://zaezd/trip-board` (text/html;profile=mcp-app): the same skeleton
 * and renderer as the web page `/t/:id`, registered with the ext-apps server helper. The board
 * receives its data from the host (the tool result), so the document is the same for everyone
 * and built once per process.
 *
 * `_meta.ui.csp` declares what the document may reach beyond the host's default
 * (`default-src 'none'`, inline script and style, `data:` images): our own origin as
 * `connectDomains`, and as `resourceDomains` Tutu's image CDNs and the map's tile server.
 * The tools link to it through `_meta.ui.resourceUri`, visible to the model and the app, so the
 * board may call get_trip_details itself.
 */
import { RESOURCE_MIME_TYPE, RESOURCE_URI_META_KEY, registerAppResource } from '@modelcontextprotocol/ext-apps/server';
import type { McpEndpointOptions } from '@agent-products/kit/mcp';
import { tileOrigin } from '../config.ts';

export const TRIP_BOARD_URI = 'ui://zaezd/trip-board';
export const TUTU_CDN_ORIGINS = ['https://cdn1.tu-tu.ru', 'https://cdn2.tu-tu.ru'] as const;

type Registration = NonNullable<McpEndpointOptions['registrations']>[number];

export interface TripBoardCsp {
  connectDomains: string[];
  resourceDomains: string[];
}

/** The tool `_meta` linking to the board; the legacy flat key as registerAppTool would also write it. */
export const TRIP_BOARD_TOOL_META = {
  ui: { resourceUri: TRIP_BOARD_URI, visibility: ['model', 'app'] },
  [RESOURCE_URI_META_KEY]: TRIP_BOARD_URI,
};

export function tripBoardCsp(publicUrl: string, tileUrl: string): TripBoardCsp {
  return { connectDomains: [new URL(publicUrl).origin], resourceDomains: [...TUTU_CDN_ORIGINS, tileOrigin(tileUrl)] };
}

export function tripBoardResource(csp: TripBoardCsp, document: () => Promise<string>): Registration {
  const meta = { ui: { csp, prefersBorder: true } };
  return (server) => {
    registerAppResource(
      server,
      'Trip board',
      TRIP_BOARD_URI,
      {
        title: 'zaezd trip board',
        description:
          'The trip as a board: the event, the packages side by side, the hotels on a map next to the venue, rates, weather and the checkout checklist. Shown with find_event_trips, get_trip_details and create_trip_checkout.',
        mimeType: RESOURCE_MIME_TYPE,
        _meta: meta,
      },
      async () => ({ contents: [{ uri: TRIP_BOARD_URI, mimeType: RESOURCE_MIME_TYPE, text: await document(), _meta: meta }] }),
    );
  };
}
