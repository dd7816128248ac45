/**
 * Which client ID metadata documents the authorization server may fetch, and the fetch itself.
 *
 * Allowed: HTTPS URLs whose host resolves only to public addresses (no loopback, private,
 * link-local or reserved ranges), unless the host is on the loopback allow-list setting used by
 * tests. `cimdFetchAllowed` is the provider's pre-check (`allowFetch`); `guardedFetch` is the
 * provider's `fetch` and checks again at connect time, on the very address it connects to, so a
 * name that resolves to a public address for the check and to loopback for the connection
 * (DNS rebinding) is refused too. The fetch follows no redirect, reads at most `maxBytes`, and
 * gives up after `timeoutMs`; each refusal says why (shown on the authorization error page).
 * oidc-provider caches the documents it fetched (Cache-Control max-age, clamped to 30 s – 1 day).
 * Both take the name resolver as a parameter (the system's by default), so that tests can say
 * what a name resolves to without the network.
 */
import { lookup as systemLookup } from 'node:dns/promises';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
// No ::ffff:0:0/96 rule: BlockList checks IPv4-mapped IPv6 addresses against the IPv4 rules
// already, and matches every IPv4 address against such a rule, which would refuse them all.
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

function isPublic(address: string, family: number): boolean {
  return !blocked.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

function allowListed(url: URL, allowedHosts: readonly string[]): boolean {
  return allowedHosts.includes(url.host) || allowedHosts.includes(url.hostname);
}

export type FetchCheck = { ok: true } | { ok: false; reason: string };

/** Every address a host name resolves to (family 4 or 6), as `dns.lookup` with `all` gives them. */
export type ResolveHost = (hostname: string) => Promise<ReadonlyArray<{ address: string; family: number }>>;

/** The system resolver (getaddrinfo, as every outgoing connection of Node uses by default). */
export const systemResolve: ResolveHost = (hostname) => systemLookup(hostname, { all: true });

export async function cimdFetchAllowed(clientId: string, allowedHosts: readonly string[], resolve: ResolveHost = systemResolve): Promise<FetchCheck> {
  let url: URL;
  try {
    url = new URL(clientId);
  } catch {
    return { ok: false, reason: 'The client_id is not a URL.' };
  }
  if (allowListed(url, allowedHosts)) return { ok: true };
  if (url.protocol !== 'https:') return { ok: false, reason: 'A client metadata document is fetched over HTTPS only.' };
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(hostname) ? [{ address: hostname, family: isIP(hostname) }] : await resolve(hostname).catch(() => []);
  if (addresses.length === 0) return { ok: false, reason: `The host ${hostname} of the client metadata document does not resolve.` };
  const inner = addresses.find(({ address, family }) => !isPublic(address, family));
  if (inner) return { ok: false, reason: `The host ${hostname} of the client metadata document resolves to ${inner.address}, which is not a public address.` };
  return { ok: true };
}

export interface GuardedFetchOptions {
  allowedHosts: readonly string[];
  /** Extra CA certificates (PEM) to trust, for a test's loopback HTTPS server. */
  trustedCertificates?: readonly string[];
  timeoutMs: number;
  maxBytes: number;
  /** What a host name resolves to at connect time; the system resolver unless a test gives one. */
  resolve?: ResolveHost;
}

/** A `fetch` for the provider's outgoing requests (client metadata documents), guarded as above. */
export function guardedFetch(options: GuardedFetchOptions): (url: string | URL, init?: RequestInit) => Promise<Response> {
  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const url = new URL(input);
      if (url.protocol !== 'https:') return reject(new Error(`Only HTTPS is fetched: ${url.origin}.`));
      const trusted = allowListed(url, options.allowedHosts);
      const hostname = url.hostname.replace(/^\[|\]$/g, '');
      if (isIP(hostname) && !trusted && !isPublic(hostname, isIP(hostname))) return reject(new Error(`${hostname} is not a public address.`));
      const resolveHost = options.resolve ?? systemResolve;
      // The check on the very addresses the socket connects to (a name may resolve differently
      // from one lookup to the next), refusing all of them when any is not public.
      const checkedLookup: LookupFunction = (host, lookupOptions, callback) =>
        void resolveHost(host).then(
          (resolved) => {
            // Every family: the request names none, so the socket takes either (autoSelectFamily).
            const list = resolved.map(({ address, family }) => ({ address, family }));
            if (list.length === 0) return callback(Object.assign(new Error(`${host} does not resolve.`), { code: 'ENOTFOUND' }), '', 0);
            const inner = trusted ? undefined : list.find(({ address, family }) => !isPublic(address, family));
            if (inner) return callback(new Error(`${host} resolves to ${inner.address}, which is not a public address.`), '', 0);
            if (lookupOptions.all) return callback(null, list as never, 0);
            callback(null, list[0]!.address, list[0]!.family);
          },
          (error: NodeJS.ErrnoException) => callback(error, '', 0),
        );
      const headers = Object.fromEntries(new Headers(init.headers).entries());
      const request = https.request(url, {
        method: init.method ?? 'GET',
        headers,
        lookup: checkedLookup,
        agent: false,
        ...(trusted && options.trustedCertificates?.length ? { ca: [...options.trustedCertificates] } : {}),
      });
      const timer = setTimeout(
        () => request.destroy(new Error(`The client metadata document did not arrive within ${options.timeoutMs} ms.`)),
        options.timeoutMs,
      );
      const abort = () => request.destroy(new Error(`The client metadata document did not arrive in time.`));
      init.signal?.addEventListener('abort', abort, { once: true });
      const settle = () => {
        clearTimeout(timer);
        init.signal?.removeEventListener('abort', abort);
      };
      request.on('error', (error) => {
        settle();
        reject(error);
      });
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            settle();
            reject(new Error(`The client metadata document is larger than ${options.maxBytes} bytes.`));
            return void request.destroy();
          }
          chunks.push(chunk);
        });
        response.on('error', (error) => {
          settle();
          reject(error);
        });
        response.on('end', () => {
          if (size > options.maxBytes) return;
          settle();
          const answerHeaders = new Headers();
          for (const [name, value] of Object.entries(response.headers)) if (value !== undefined) answerHeaders.set(name, [value].flat().join(', '));
          // No redirect is followed: a 3xx arrives as itself and the provider refuses every status but 200.
          resolve(
            new Response(response.statusCode === 204 || response.statusCode === 304 ? null : Buffer.concat(chunks), {
              status: response.statusCode ?? 502,
              headers: answerHeaders,
            }),
          );
        });
      });
      request.end();
    });
}
