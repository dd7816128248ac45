/**
 * Which links from Tutu zaezd passes on or redirects to: `https` URLs on the provider's
 * configured hosts (each host and its subdomains; by default tutu.ru), and — only when the
 * configured upstream is on loopback, i.e. the local stand-in — that upstream's own origin, whose
 * demo pages are served over plain http. Anything else (another scheme, another host, a
 * look-alike such as tutu.ru.example) is dropped, so a compromised or confused upstream cannot
 * turn zaezd's redirect into an open one.
 */

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export class CheckoutHosts {
  private readonly hosts: string[];
  private readonly standInOrigin: string | null;

  constructor(hosts: readonly string[], upstreamUrl: string) {
    this.hosts = hosts.map((h) => h.trim().toLowerCase().replace(/^\*\./, '').replace(/\.$/, '')).filter(Boolean);
    const upstream = new URL(upstreamUrl);
    this.standInOrigin = LOOPBACK.has(upstream.hostname) ? upstream.origin : null;
  }

  allows(link: string | null | undefined): link is string {
    if (!link || !URL.canParse(link)) return false;
    const url = new URL(link);
    if (url.username || url.password) return false;
    if (this.standInOrigin !== null && url.origin === this.standInOrigin) return true;
    if (url.protocol !== 'https:') return false;
    const host = url.hostname.toLowerCase().replace(/\.$/, '');
    return this.hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
  }

  /** The link when it may be passed on, null otherwise. */
  keep(link: string | null | undefined): string | null {
    return this.allows(link) ? link : null;
  }

  describe(): string {
    return `https on ${this.hosts.join(', ')}${this.standInOrigin ? ` (and the stand-in at ${this.standInOrigin})` : ''}`;
  }
}
