/**
 * Which client ID metadata documents the authorization server may fetch: HTTPS URLs on public
 * addresses only (no loopback, private, link-local or reserved ranges, checked on every address
 * the name resolves to), unless the host is on the loopback allow-list setting used by tests.
 * oidc-provider itself bounds the response size and caches the document.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(net, prefix, 'ipv4');
// No ::ffff:0:0/96 rule: BlockList checks IPv4-mapped IPv6 addresses against the IPv4 rules
// already, and matches every IPv4 address against such a rule, which would refuse them all.
for (const [net, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]] as const) blocked.addSubnet(net, prefix, 'ipv6');

export async function cimdFetchAllowed(clientId: string, allowedHosts: readonly string[]): Promise<boolean> {
  let url: URL;
  try {
    url = new URL(clientId);
  } catch {
    return false;
  }
  if (allowedHosts.includes(url.host) || allowedHosts.includes(url.hostname)) return true;
  if (url.protocol !== 'https:') return false;
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(hostname) ? [{ address: hostname, family: isIP(hostname) }] : await lookup(hostname, { all: true }).catch(() => []);
  if (addresses.length === 0) return false;
  return addresses.every(({ address, family }) => !blocked.check(address, family === 6 ? 'ipv6' : 'ipv4'));
}
