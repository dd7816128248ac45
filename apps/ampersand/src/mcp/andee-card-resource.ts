/**
 * The MCP App resource `ui://ampersand/andee-card.html` (text/html;profile=mcp-app), registered
 * with the ext-apps server helper when the card's bundle (built by scripts/build.mjs) is present
 * at start. Without it the resource is not registered and find_andees does not advertise it: the
 * tools answer with text and structured content as always (the UI is an enhancement). Its CSP
 * (`_meta.ui.csp`) adds exactly one origin to the host's default: the configured photo host, for
 * images; the card needs no network otherwise.
 */
import { existsSync, readFileSync } from 'node:fs';
import { RESOURCE_MIME_TYPE, RESOURCE_URI_META_KEY, registerAppResource } from '@modelcontextprotocol/ext-apps/server';
import type { McpEndpointOptions } from '@agent-products/kit/mcp';

export const ANDEE_CARD_URI = 'ui://ampersand/andee-card.html';

type Registration = NonNullable<McpEndpointOptions['registrations']>[number];

export const ANDEE_CARD_TOOL_META = { ui: { resourceUri: ANDEE_CARD_URI, visibility: ['model', 'app'] }, [RESOURCE_URI_META_KEY]: ANDEE_CARD_URI };

const STYLE = `body{margin:0;font-family:system-ui,sans-serif;color:#1d1d1f}#andee-card{padding:.75rem}
.andee{display:flex;flex-wrap:wrap;gap:.75rem;align-items:flex-start;border:1px solid #ddd;border-radius:.6rem;padding:.75rem;margin:.5rem 0;background:#fff}
.andee img{width:3.5rem;height:3.5rem;border-radius:50%;object-fit:cover}.head h2{margin:0;font-size:1.1rem}.tag{margin:0;color:#555}
.andee ul{flex-basis:100%;margin:.25rem 0 0;padding-left:1.2rem}.status{color:#333}`;

export function andeeCardDocument(script: string): string {
  // A script inlined in HTML ends at the first `</script`; `<\/` reads the same to JavaScript.
  const safe = script.replace(/<\/(script)/gi, '<\\/$1');
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>andee card</title><style>${STYLE}</style></head><body><main id="andee-card"></main><script>${safe}</script></body></html>`;
}

/** The registration, or undefined when the bundle is missing. */
export function andeeCardResource(bundlePath: string, photoHost: string): Registration | undefined {
  if (!existsSync(bundlePath)) return undefined;
  const document = andeeCardDocument(readFileSync(bundlePath, 'utf8'));
  const meta = { ui: { csp: { resourceDomains: [new URL(photoHost).origin] }, prefersBorder: true } };
  return (server) => {
    registerAppResource(
      server,
      'Andee card',
      ANDEE_CARD_URI,
      {
        title: '& andee card',
        description: 'An andee as a card: a find_andees match, or the candidates to choose from.',
        mimeType: RESOURCE_MIME_TYPE,
        _meta: meta,
      },
      async () => ({ contents: [{ uri: ANDEE_CARD_URI, mimeType: RESOURCE_MIME_TYPE, text: document, _meta: meta }] }),
    );
  };
}
