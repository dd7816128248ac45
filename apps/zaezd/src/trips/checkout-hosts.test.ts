/**
 * Which of Tutu's links zaezd passes on and redirects to: https on the configured hosts and their
 * subdomains, the loopback stand-in's own origin only when it is the configured upstream, and
 * nothing else — no other scheme, no look-alike host, no credentials in the URL. Configured hosts
 * are read as an operator writes them (any case, `*.` in front, a trailing dot, blanks).
 */
import { describe, expect, it } from 'vitest';
import { CheckoutHosts } from './checkout-hosts.ts';

describe('checkout hosts', () => {
  const live = new CheckoutHosts(['tutu.ru'], 'https://mcp.tutu.example/mcp');

  it('allow https on tutu.ru and its subdomains', () => {
    for (const url of [
      'https://tutu.ru/x',
      'https://www.tutu.ru/poezda/order/?tn=025А',
      'https://mtp-deeplink.tutu.ru/api/v1/deeplink/explicit/hotel?a=1',
      'https://HOTEL.tutu.ru./offers',
    ]) {
      expect(live.allows(url), url).toBe(true);
    }
  });

  it('refuse other schemes, hosts, look-alikes and credentials', () => {
    for (const url of [
      'http://www.tutu.ru/x',
      'javascript:alert(1)',
      'data:text/html,x',
      'https://tutu.ru.evil.example/x',
      'https://eviltutu.ru/x',
      'https://user:pw@www.tutu.ru/x',
      'https://127.0.0.1:8410/demo',
      'not a url',
      '',
      null,
    ]) {
      expect(live.allows(url), String(url)).toBe(false);
    }
    expect(live.keep('https://evil.example/')).toBeNull();
  });

  it('allow the stand-in’s own origin only when it is the configured loopback upstream', () => {
    const local = new CheckoutHosts(['tutu.ru'], 'http://127.0.0.1:8410/mcp');
    expect(local.allows('http://127.0.0.1:8410/demo/checkout/rail?train=1')).toBe(true);
    expect(local.allows('http://127.0.0.1:8411/demo/checkout/rail')).toBe(false);
    expect(live.allows('http://127.0.0.1:8410/demo/checkout/rail')).toBe(false);
    for (const upstream of ['http://localhost:8410/mcp', 'http://[::1]:8410/mcp']) {
      const origin = new URL(upstream).origin;
      const standIn = new CheckoutHosts(['tutu.ru'], upstream);
      expect(standIn.allows(`${origin}/demo/checkout/rail`), upstream).toBe(true);
      expect(standIn.describe()).toBe(`https on tutu.ru (and the stand-in at ${origin})`);
    }
    expect(new CheckoutHosts(['tutu.ru'], 'http://127.0.0.2:8410/mcp').allows('http://127.0.0.2:8410/demo')).toBe(false);
  });

  it('refuse a user name or a password in the URL, either alone', () => {
    for (const url of ['https://user@www.tutu.ru/x', 'https://:pw@www.tutu.ru/x']) expect(live.allows(url), url).toBe(false);
  });

  it('pass an allowed link on unchanged', () => {
    expect(live.keep('https://www.tutu.ru/poezda/?a=1')).toBe('https://www.tutu.ru/poezda/?a=1');
    expect(live.keep(undefined)).toBeNull();
  });

  it('read configured hosts trimmed, in any case, with a leading wildcard or a trailing dot, and skip empty ones', () => {
    const hosts = new CheckoutHosts([' *.Tutu.RU. ', '', '  ', 'travel.example'], 'https://mcp.tutu.example/mcp');
    expect(hosts.describe()).toBe('https on tutu.ru, travel.example');
    for (const url of ['https://tutu.ru/x', 'https://www.tutu.ru/x', 'https://travel.example/x']) expect(hosts.allows(url), url).toBe(true);
    expect(hosts.allows('https://example/x')).toBe(false);
  });

  it('read a wildcard only in front as "and its subdomains"', () => {
    const hosts = new CheckoutHosts(['evil*.tutu.ru'], 'https://mcp.tutu.example/mcp');
    expect(hosts.allows('https://eviltutu.ru/x')).toBe(false);
    expect(hosts.describe()).toBe('https on evil*.tutu.ru');
  });
});
