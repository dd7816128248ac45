/**
 * Which of Tutu's links zaezd passes on and redirects to: https on the configured hosts and their
 * subdomains, the loopback stand-in's own origin only when it is the configured upstream, and
 * nothing else — no other scheme, no look-alike host, no credentials in the URL.
 */
import { describe, expect, it } from 'vitest';
import { CheckoutHosts } from './checkout-hosts.ts';

describe('checkout hosts', () => {
  const live = new CheckoutHosts(['tutu.ru'], 'https://mcp.tutu.example/mcp');

  it('allow https on tutu.ru and its subdomains', () => {
    for (const url of ['https://tutu.ru/x', 'https://www.tutu.ru/poezda/order/?tn=025А', 'https://mtp-deeplink.tutu.ru/api/v1/deeplink/explicit/hotel?a=1', 'https://HOTEL.tutu.ru./offers']) {
      expect(live.allows(url), url).toBe(true);
    }
  });

  it('refuse other schemes, hosts, look-alikes and credentials', () => {
    for (const url of ['http://www.tutu.ru/x', 'javascript:alert(1)', 'data:text/html,x', 'https://tutu.ru.evil.example/x', 'https://eviltutu.ru/x', 'https://user:pw@www.tutu.ru/x', 'https://127.0.0.1:8410/demo', 'not a url', '', null]) {
      expect(live.allows(url), String(url)).toBe(false);
    }
    expect(live.keep('https://evil.example/')).toBeNull();
  });

  it('allow the stand-in’s own origin only when it is the configured loopback upstream', () => {
    const local = new CheckoutHosts(['tutu.ru'], 'http://127.0.0.1:8410/mcp');
    expect(local.allows('http://127.0.0.1:8410/demo/checkout/rail?train=1')).toBe(true);
    expect(local.allows('http://127.0.0.1:8411/demo/checkout/rail')).toBe(false);
    expect(live.allows('http://127.0.0.1:8410/demo/checkout/rail')).toBe(false);
  });
});
