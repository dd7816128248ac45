/**
 * The client address the rate limits count by (issue 27 §4). By default the socket's peer: no
 * header is trusted, since any client can write one. With `AMPERSAND_TRUSTED_PROXIES` (addresses
 * or CIDR ranges of the proxies in front of &), a request whose peer is such a proxy is counted
 * by the address the proxies recorded: the rightmost `X-Forwarded-For` entry that is not itself
 * a trusted proxy (entries to its left are whatever the client claimed, and are never used).
 */
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';

export type ClientAddressOf = (peer: string | undefined, forwardedFor: string | undefined) => string;

export function clientAddresses(trustedProxies: readonly string[]): ClientAddressOf {
  const trusted = new BlockList();
  for (const entry of trustedProxies) {
    const [address, prefix] = entry.split('/');
    const family = isIP(address ?? '');
    if (!family) throw new TypeError(`AMPERSAND_TRUSTED_PROXIES: ${JSON.stringify(entry)} is not an IP address or CIDR range.`);
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) trusted.addAddress(address!, type);
    else {
      const bits = Number(prefix);
      if (!Number.isInteger(bits) || bits < 0 || bits > (family === 6 ? 128 : 32))
        throw new TypeError(`AMPERSAND_TRUSTED_PROXIES: ${JSON.stringify(entry)} has an invalid prefix.`);
      trusted.addSubnet(address!, bits, type);
    }
  }
  const isTrusted = (address: string) => {
    const plain = unmapped(address);
    const family = isIP(plain);
    return family !== 0 && trusted.check(plain, family === 6 ? 'ipv6' : 'ipv4');
  };
  return (peer, forwardedFor) => {
    const socket = peer ? unmapped(peer) : 'unknown';
    if (trustedProxies.length === 0 || !isTrusted(socket) || !forwardedFor) return socket;
    const hops = forwardedFor.split(',').map((hop) => hop.trim());
    for (let i = hops.length - 1; i >= 0; i--) {
      const hop = hops[i]!;
      if (!isIP(unmapped(hop))) return socket;
      if (!isTrusted(hop)) return unmapped(hop);
    }
    return socket;
  };
}

/** `::ffff:203.0.113.9` (an IPv4 peer on a dual-stack socket) counts as `203.0.113.9`. */
function unmapped(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

/** The client address of a Node request (the authorization server's): its peer, or what trusted proxies recorded. */
export function requestAddress(addressOf: ClientAddressOf, req: IncomingMessage): string {
  const forwardedFor = req.headers['x-forwarded-for'];
  return addressOf(req.socket.remoteAddress, Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor);
}
