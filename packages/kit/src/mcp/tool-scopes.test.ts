/** Tool scopes: advertised as the tool's securitySchemes, checked on every call, a missing one named in insufficient_scope. */
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { createLogger } from '../log/index.ts';
import { defineTool } from './tool.ts';

const log = createLogger({ name: 'test', level: 'silent' });
const scoped = defineTool({
  name: 'read_things',
  title: 'Read things',
  description: 'Reads things.',
  input: z.object({}),
  output: z.object({ ok: z.boolean() }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  access: { scopes: ['things:read', 'things:list'] },
  run: () => ({ ok: true }),
  text: () => 'ok',
});
const caller = (scopes: string[]) => ({ correlationId: 'c-1', log, now: () => new Date(), principal: { subject: 's', credentialId: 'j', scopes } });

describe('tool scopes', () => {
  it('make the tool a credential tool listing its scopes', () => {
    expect(scoped.access).toBe('credential');
    expect(scoped.scopes).toEqual(['things:read', 'things:list']);
  });

  it('run the tool when the principal holds every scope', async () => {
    expect((await scoped.call({}, caller(['things:list', 'things:read', 'other']))).structuredContent).toEqual({ ok: true });
  });

  it('answer insufficient_scope naming exactly the missing scopes', async () => {
    const result = await scoped.call({}, caller(['things:read']));
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({
      error: { code: 'insufficient_scope', retryable: false, details: { missingScopes: ['things:list'] }, correlationId: 'c-1' },
    });
    expect((result.content[0] as { text: string }).text).toContain('things:list');
  });

  it('refuse a call without a principal as unauthorized', async () => {
    const result = await scoped.call({}, { correlationId: 'c-2', log, now: () => new Date() });
    expect((result.structuredContent as { error: { code: string } }).error.code).toBe('unauthorized');
  });
});
