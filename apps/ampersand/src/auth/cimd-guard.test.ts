/**
 * Which client ID metadata documents the authorization server may fetch: a URL on a public
 * address over HTTPS, or a host on the allow-list; never loopback, private, link-local, shared,
 * benchmarking, multicast or reserved addresses, as IPv4, IPv6 or IPv4-mapped IPv6, nor a name
 * that resolves to one or does not resolve at all. (A fetch the guard allows would let anyone make
 * the server request an address of their choosing.) Names resolve through a resolver the test
 * gives (no network); the fetch itself goes to a loopback HTTPS server on an allow-listed host.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cimdFetchAllowed as check, guardedFetch, type ResolveHost } from './cimd-guard.ts';

/** A resolver answering from a table; a name not in it does not resolve (as ENOTFOUND). */
const resolverOf =
  (table: Record<string, string[]>): ResolveHost =>
  async (hostname) => {
    const addresses = table[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

/** Whether the guard lets the fetch go ahead (its refusals carry a reason, tested black-box). */
const cimdFetchAllowed = async (clientId: string, allowedHosts: readonly string[]) => (await check(clientId, allowedHosts)).ok;

const at = (host: string) => `https://${host}/client.json`;

describe('cimdFetchAllowed', () => {
  it('allows HTTPS on public addresses, up to the edge of each blocked range', async () => {
    for (const host of [
      '8.8.8.8',
      '1.1.1.1',
      '11.0.0.1',
      '100.63.255.255',
      '100.128.0.1',
      '126.255.255.255',
      '128.0.0.1',
      '169.253.255.255',
      '172.15.255.255',
      '172.32.0.1',
      '192.0.1.1',
      '192.167.255.255',
      '198.17.255.255',
      '198.20.0.1',
      '223.255.255.255',
      '[2606:4700:4700::1111]',
      '[2001:db9::1]',
    ]) {
      expect(await cimdFetchAllowed(at(host), []), host).toBe(true);
    }
  });

  it('refuses loopback, private, link-local, shared, benchmarking, multicast and reserved addresses', async () => {
    for (const host of [
      '0.0.0.0',
      '0.1.2.3',
      '10.0.0.1',
      '10.255.255.255',
      '100.64.0.1',
      '100.127.255.255',
      '127.0.0.1',
      '127.1.2.3',
      '169.254.169.254',
      '172.16.0.1',
      '172.31.255.255',
      '192.0.0.8',
      '192.168.1.1',
      '198.18.0.1',
      '198.19.255.255',
      '224.0.0.1',
      '239.255.255.255',
      '240.0.0.1',
      '255.255.255.255',
      '[::]',
      '[::1]',
      '[fc00::1]',
      '[fdff::1]',
      '[fe80::1]',
      '[febf::1]',
      '[ff02::1]',
      '[::ffff:127.0.0.1]',
      '[::ffff:10.0.0.1]',
    ]) {
      expect(await cimdFetchAllowed(at(host), []), host).toBe(false);
    }
  });

  it('checks every address a name resolves to, and refuses a name that does not resolve', async () => {
    const resolve = resolverOf({
      'public.test': ['93.184.216.34', '2606:2800:220:1::1'],
      'mixed.test': ['93.184.216.34', '10.1.2.3'],
      'mixed-v6.test': ['2606:2800:220:1::1', 'fd00::7'],
      'private.test': ['192.168.0.5'],
      'empty.test': [],
    });
    expect(await check(at('public.test'), [], resolve)).toEqual({ ok: true });
    expect(await check(at('mixed.test'), [], resolve)).toEqual({
      ok: false,
      reason: 'The host mixed.test of the client metadata document resolves to 10.1.2.3, which is not a public address.',
    });
    expect(await check(at('mixed-v6.test'), [], resolve)).toEqual({
      ok: false,
      reason: 'The host mixed-v6.test of the client metadata document resolves to fd00::7, which is not a public address.',
    });
    expect(await check(at('private.test'), [], resolve)).toEqual({
      ok: false,
      reason: 'The host private.test of the client metadata document resolves to 192.168.0.5, which is not a public address.',
    });
    for (const host of ['empty.test', 'unknown.test']) {
      expect(await check(at(host), [], resolve)).toEqual({ ok: false, reason: `The host ${host} of the client metadata document does not resolve.` });
    }
    // An address literal is judged as itself, never resolved.
    expect(await check(at('[2606:2800:220:1::1]'), [], resolverOf({}))).toEqual({ ok: true });
    // By default the system resolver answers: localhost is loopback.
    expect(await cimdFetchAllowed(at('localhost'), [])).toBe(false);
  });

  it('says why it refuses', async () => {
    expect(await check('not a url', [])).toEqual({ ok: false, reason: 'The client_id is not a URL.' });
    expect(await check('http://8.8.8.8/client.json', [])).toEqual({ ok: false, reason: 'A client metadata document is fetched over HTTPS only.' });
    expect(await check(at('[::ffff:10.0.0.1]'), [])).toEqual({
      ok: false,
      reason: 'The host ::ffff:a00:1 of the client metadata document resolves to ::ffff:a00:1, which is not a public address.',
    });
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

const tls = (name: string) => readFileSync(new URL(`../../test/support/loopback-tls/${name}`, import.meta.url), 'utf8');

describe('guardedFetch', () => {
  let server: Server;
  let port: number;
  const seen: Array<{ method: string; path: string; accept: string | undefined }> = [];
  beforeAll(async () => {
    server = createServer({ key: tls('key.pem'), cert: tls('cert.pem') }, (req, res) => {
      seen.push({ method: req.method ?? '', path: req.url ?? '', accept: req.headers.accept });
      if (req.url === '/client.json')
        return res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=60', 'x-two': ['a', 'b'] }).end('{"client_name":"Doc"}');
      if (req.url === '/moved') return res.writeHead(302, { location: 'https://127.0.0.1/elsewhere' }).end('moved');
      if (req.url === '/empty') return res.writeHead(204).end();
      if (req.url === '/big') return res.writeHead(200).end('x'.repeat(2048));
      if (req.url === '/exact') return res.writeHead(200).end('x'.repeat(1024));
      // /silent: never answers.
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  });

  // localhost is the name the test certificate is for; the resolver sends it to the server.
  const resolve = resolverOf({ localhost: ['127.0.0.1'], 'rebound.test': ['127.0.0.1'], 'half.test': ['93.184.216.34', '127.0.0.1'], 'nowhere.test': [] });
  const fetchOf = (allowedHosts: string[], extra: { timeoutMs?: number } = {}) =>
    guardedFetch({ allowedHosts, trustedCertificates: [tls('cert.pem')], timeoutMs: extra.timeoutMs ?? 10_000, maxBytes: 1024, resolve });
  const reason = (promise: Promise<unknown>) =>
    promise.then(
      () => 'fetched',
      (error: Error) => error.message,
    );

  it('fetches from an allow-listed host: status, headers, body, method and request headers', async () => {
    const response = await fetchOf([`localhost:${port}`])(`https://localhost:${port}/client.json`, { headers: { accept: 'application/json' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('cache-control')).toBe('max-age=60');
    expect(response.headers.get('x-two')).toBe('a, b');
    expect(await response.json()).toEqual({ client_name: 'Doc' });
    expect(seen.at(-1)).toEqual({ method: 'GET', path: '/client.json', accept: 'application/json' });
    await fetchOf(['localhost'])(new URL(`https://localhost:${port}/client.json`), { method: 'HEAD' });
    expect(seen.at(-1)).toMatchObject({ method: 'HEAD', path: '/client.json' });
  });

  it('follows no redirect; a 204 has no body; a body of exactly the limit arrives whole', async () => {
    const fetch = fetchOf([`localhost:${port}`]);
    const moved = await fetch(`https://localhost:${port}/moved`);
    expect([moved.status, moved.headers.get('location'), await moved.text()]).toEqual([302, 'https://127.0.0.1/elsewhere', 'moved']);
    const empty = await fetch(`https://localhost:${port}/empty`);
    expect([empty.status, empty.body]).toEqual([204, null]);
    expect((await (await fetch(`https://localhost:${port}/exact`)).text()).length).toBe(1024);
  });

  it('refuses a body over the limit, a server that does not answer in time, and an aborted request', async () => {
    expect(await reason(fetchOf([`localhost:${port}`])(`https://localhost:${port}/big`))).toBe('The client metadata document is larger than 1024 bytes.');
    expect(await reason(fetchOf([`localhost:${port}`], { timeoutMs: 300 })(`https://localhost:${port}/silent`))).toBe(
      'The client metadata document did not arrive within 300 ms.',
    );
    const controller = new AbortController();
    const pending = reason(fetchOf([`localhost:${port}`])(`https://localhost:${port}/silent`, { signal: controller.signal }));
    setTimeout(() => controller.abort(), 50);
    expect(await pending).toBe('The client metadata document did not arrive in time.');
  });

  it('refuses anything but HTTPS, even from an allow-listed host', async () => {
    expect(await reason(fetchOf([`localhost:${port}`])(`http://localhost:${port}/client.json`))).toBe(`Only HTTPS is fetched: http://localhost:${port}.`);
  });

  it('refuses a non-public address literal unless allow-listed', async () => {
    expect(await reason(fetchOf([])(`https://127.0.0.1:${port}/client.json`))).toBe('127.0.0.1 is not a public address.');
    expect(await reason(fetchOf([])(`https://[::1]:${port}/client.json`))).toBe('::1 is not a public address.');
    const allowed = await fetchOf([`127.0.0.1:${port}`])(`https://127.0.0.1:${port}/client.json`);
    expect(allowed.status).toBe(200);
  });

  it('checks the address it connects to: a name that resolves to loopback at connect time is refused', async () => {
    const served = seen.length;
    // The pre-check saw a public address (DNS rebinding); the connection's own lookup sees loopback.
    expect(await reason(fetchOf([])(`https://rebound.test:${port}/client.json`))).toBe('rebound.test resolves to 127.0.0.1, which is not a public address.');
    expect(await reason(fetchOf([])(`https://half.test:${port}/client.json`))).toBe('half.test resolves to 127.0.0.1, which is not a public address.');
    expect(await reason(fetchOf([])(`https://nowhere.test:${port}/client.json`))).toBe('nowhere.test does not resolve.');
    expect(await reason(fetchOf([])(`https://unknown.test:${port}/client.json`))).toBe('getaddrinfo ENOTFOUND unknown.test');
    // None of them reached the server.
    expect(seen.length).toBe(served);
  });
});
