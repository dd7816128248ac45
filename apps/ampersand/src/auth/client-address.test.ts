import { describe, expect, it } from 'vitest';
import { clientAddresses } from './client-address.ts';

describe('clientAddresses', () => {
  it('is the socket peer when no proxy is trusted, whatever the headers say', () => {
    const addressOf = clientAddresses([]);
    expect(addressOf('127.0.0.1', '203.0.113.9')).toBe('127.0.0.1');
    expect(addressOf('::ffff:10.0.0.1', undefined)).toBe('10.0.0.1');
    expect(addressOf(undefined, '203.0.113.9')).toBe('unknown');
  });

  it('takes the rightmost untrusted X-Forwarded-For entry when the peer is a trusted proxy', () => {
    const addressOf = clientAddresses(['10.0.0.0/8', '2001:db8::1']);
    expect(addressOf('10.1.2.3', '203.0.113.9')).toBe('203.0.113.9');
    expect(addressOf('10.1.2.3', '198.51.100.1, 203.0.113.9, 10.9.9.9')).toBe('203.0.113.9');
    expect(addressOf('2001:db8::1', '203.0.113.9')).toBe('203.0.113.9');
    expect(addressOf('::ffff:10.1.2.3', '203.0.113.9')).toBe('203.0.113.9');
  });

  it('ignores the header from an untrusted peer, and a garbled entry', () => {
    const addressOf = clientAddresses(['10.0.0.0/8']);
    expect(addressOf('192.0.2.1', '203.0.113.9')).toBe('192.0.2.1');
    expect(addressOf('10.1.2.3', 'not-an-ip')).toBe('10.1.2.3');
    expect(addressOf('10.1.2.3', '10.2.2.2')).toBe('10.1.2.3');
  });

  it('refuses a configuration that is not addresses or ranges', () => {
    expect(() => clientAddresses(['proxy.example'])).toThrow(/AMPERSAND_TRUSTED_PROXIES/);
    expect(() => clientAddresses(['10.0.0.0/33'])).toThrow(/prefix/);
  });
});
