/** Request loggers: made only when used, carrying their bindings, redacting secrets either way. */
import { Writable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { createLogger, lazyChild } from './logger.ts';

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { lines, log: createLogger({ name: 'test', level: 'info', destination }) };
}

describe('a lazily made request logger', () => {
  it('makes no child until something logs through it', () => {
    const { log } = capture();
    const child = vi.spyOn(log, 'child');
    lazyChild(log, { correlationId: 'c-1' });
    expect(child).not.toHaveBeenCalled();
  });

  it('logs with its bindings once used, and makes its child once', async () => {
    const { log, lines } = capture();
    const child = vi.spyOn(log, 'child');
    const request = lazyChild(log, { correlationId: 'c-2' });
    request.warn({ step: 1 }, 'first');
    request.info('second');
    expect(request.isLevelEnabled('debug')).toBe(false);
    await new Promise((resolve) => setImmediate(resolve));
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines.map((l) => [l.correlationId, l.msg])).toEqual([
      ['c-2', 'first'],
      ['c-2', 'second'],
    ]);
  });

  it('redacts credentials like its parent', async () => {
    const { log, lines } = capture();
    lazyChild(log, { correlationId: 'c-3' }).info({ headers: { authorization: 'Bearer secret' } }, 'with a header');
    await new Promise((resolve) => setImmediate(resolve));
    expect(JSON.stringify(lines)).not.toContain('secret');
  });
});
