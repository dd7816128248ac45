/**
 * Which client ID metadata documents the authorization server may fetch: a URL on a public
 * address over HTTPS, or a host on the allow-list; never loopback, private, link-local, shared,
 * benchmarking, multicast or reserved addresses, as IPv4, IPv6 or IPv4-mapped IPv6, nor a name
 * that resolves to one or does not resolve at all. (A fetch the guard allows would let anyone make
 * the server request an address of their choosing.)
 */
import { describe, expect, it } from 'vitest';
import { cimdFetchAllowed as check } from './cimd-guard.ts';

/** Whether the guard lets the fetch go ahead (its refusals carry a reason, tested black-box). */
const cimdFetchAllowed = async (clientId: string, allowedHosts: readonly string[]) => (await check(clientId, allowedHosts)).ok;

const at = (host: string) => `https://${host}/client.json`;

describe('cimdFetchAllowed', () => {
  it('allows HTTPS on public addresses, up to the edge of each blocked range', async () => {
    for (const host of ['8.8.8.8', '1.1.1.1', '11.0.0.1', '100.63.255.255', '100.128.0.1', '126.255.255.255', '128.0.0.1', '169.253.255.255', '172.15.255.255', '172.32.0.1', '192.0.1.1', '192.167.255.255', '198.17.255.255', '198.20.0.1', '223.255.255.255', '[2606:4700:4700::1111]', '[2001:db9::1]']) {
      expect(await cimdFetchAllowed(at(host), []), host).toBe(true);
    }
  });

  it('refuses loopback, private, link-local, shared, benchmarking, multicast and reserved addresses', async () => {
    for (const host of ['0.0.0.0', '0.1.2.3', '10.0.0.1', '10.255.255.255', '100.64.0.1', '100.127.255.255', '127.0.0.1', '127.1.2.3', '169.254.169.254', '172.16.0.1', '172.31.255.255', '192.0.0.8', '192.168.1.1', '198.18.0.1', '198.19.255.255', '224.0.0.1', '239.255.255.255', '240.0.0.1', '255.255.255.255', '[::]', '[::1]', '[fc00::1]', '[fdff::1]', '[fe80::1]', '[febf::1]', '[ff02::1]', '[::ffff:127.0.0.1]', '[::ffff:10.0.0.1]']) {
      expect(await cimdFetchAllowed(at(host), []), host).toBe(false);
    }
  });

  it('checks what a name resolves to, and refuses a name that does not resolve', async () => {
    expect(await cimdFetchAllowed(at('localhost'), [])).toBe(false);
    expect(await cimdFetchAllowed(at('no-such-host.invalid'), [])).toBe(false);
  });

  it('refuses anything but HTTPS, and what is not a URL', async () => {
    expect(await cimdFetchAllowed('http://8.8.8.8/client.json', [])).toBe(false);
    expect(await cimdFetchAllowed('ftp://8.8.8.8/client.json', [])).toBe(false);
    expect(await cimdFetchAllowed('not a url', [])).toBe(false);
    expect(await cimdFetchAllowed('', [])).toBe(false);
  });

  it('allows a host on the allow-list, by host with port or by name, whatever its address or scheme', async () => {
    expect(await cimdFetchAllowed('http://127.0.0.1:9712/client.json', ['127.0.0.1:9712'])).toBe(true);
    expect(await cimdFetchAllowed('http://localhost:9712/client.json', ['localhost'])).toBe(true);
    // The allow-list names hosts exactly: another port of an allowed host:port is not allowed.
    expect(await cimdFetchAllowed('http://127.0.0.1:9713/client.json', ['127.0.0.1:9712'])).toBe(false);
    expect(await cimdFetchAllowed(at('10.0.0.1'), ['10.0.0.2'])).toBe(false);
  });
});
