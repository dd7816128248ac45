/**
 * The search form takes text only: a NUL or broken UTF-8 in any of its fields is a 400 page (in
 * Russian, naming the field in the technical details) and nothing is searched. (A trip address
 * that is not a well-formed trip_id is invalid_trip_id: trip-pages.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type RunningStack } from './support/start-stack.ts';

let stack: RunningStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
});

describe('web input that cannot be text', () => {
  it.each([
    ['/search?topics=%D0%B4%D0%B6%D0%B0%D0%B7%00&origin=moscow', 'query parameter topics', 'contains a NUL character or an unpaired surrogate'],
    ['/search?topics=jazz&origin=%FF', 'query parameter origin', 'is not valid UTF-8'],
    ['/search?topics=jazz&origin=moscow&date_from=2026-12-10%00', 'query parameter date_from', 'contains a NUL character or an unpaired surrogate'],
  ])('%s is a 400 page naming the %s, and nothing is searched', async (path, field, problem) => {
    const before = JSON.stringify(stack.sim.control.snapshot().calls);
    const response = await fetch(`${stack.url}${path}`, { redirect: 'manual' });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('Запрос не читается');
    expect(html).toContain(`The ${field} ${problem}; nothing was done.`);
    expect(JSON.stringify(stack.sim.control.snapshot().calls)).toBe(before);
  });
});
