import { describe, expect, it } from 'vitest';
import { envReader, SettingsError } from './env-readers.ts';
import { DEFAULT_DRAIN_TIMEOUT_MS, servingSettings } from './serving-settings.ts';

describe('servingSettings', () => {
  it('binds loopback and drains without a delay by default', () => {
    expect(servingSettings(envReader({}))).toEqual({ bindAddress: '127.0.0.1', drain: { delayMs: 0, timeoutMs: DEFAULT_DRAIN_TIMEOUT_MS } });
  });

  it('reads the bind address and the drain durations', () => {
    const read = envReader({ BIND_ADDRESS: '0.0.0.0', DRAIN_DELAY_MS: '5s', DRAIN_TIMEOUT_MS: '25000' });
    expect(servingSettings(read)).toEqual({ bindAddress: '0.0.0.0', drain: { delayMs: 5000, timeoutMs: 25_000 } });
  });

  it('refuses a bind address that is not an IP address, naming the variable', () => {
    expect(() => servingSettings(envReader({ BIND_ADDRESS: 'all-interfaces' }))).toThrow(SettingsError);
    expect(() => servingSettings(envReader({ BIND_ADDRESS: 'all-interfaces' }))).toThrow(/BIND_ADDRESS/);
    expect(() => servingSettings(envReader({ DRAIN_TIMEOUT_MS: 'soon' }))).toThrow(/DRAIN_TIMEOUT_MS/);
  });
});
