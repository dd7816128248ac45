/**
 * Which URLs a Loop link block may carry (issue 27 §4): a link is rendered live wherever the Loop
 * is shown — the web page, an MCP Apps host, a mobile client — and only some of those have a
 * content security policy to stop a script URL. So `https:` only, and `http:` only to the
 * loopback interface (a local development server); `javascript:`, `data:`, `vbscript:` and every
 * other scheme are refused when the block is written, and never rendered as a link.
 */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export const LINK_URL_RULE =
  'A link block URL must be https: (http: only to 127.0.0.1, localhost or [::1]); javascript:, data:, vbscript: and other schemes are refused.';

export function isSafeLinkUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol === 'https:') return parsed.hostname !== '';
  return parsed.protocol === 'http:' && LOOPBACK_HOSTS.has(parsed.hostname);
}
