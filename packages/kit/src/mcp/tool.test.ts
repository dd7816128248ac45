/** The tool contract: definitions must be complete; every failure is one structured error. */
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { createLogger } from '../log/index.ts';
import { defineErrorTable } from '../errors/index.ts';
import { defineTool } from './tool.ts';

const scope = { correlationId: 'corr-1', log: createLogger({ name: 'test', level: 'silent' }), now: () => new Date() };
const { fail } = defineErrorTable({ not_here: { status: 404, retryable: false, meaning: 'test' } });
const annotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

function echoTool(run: (args: { text: string; times: number }) => unknown = (a) => ({ echoed: a.text.repeat(a.times) })) {
  return defineTool({
    name: 'echo_text',
    title: 'Echo',
    description: 'Echo a text.',
    input: z.strictObject({ text: z.string().min(1), times: z.number().int().min(1).max(3).default(1) }),
    output: z.object({ echoed: z.string() }),
    annotations,
    run: run as never,
    text: (r: { echoed: string }) => `Echo: ${r.echoed}`,
  });
}

describe('defineTool', () => {
  it('refuses a definition without explicit annotations, title or description', () => {
    const base = { name: 'x_tool', title: 'X', description: 'X.', input: z.object({}), output: z.object({}), annotations, run: () => ({}), text: () => '' };
    expect(() => defineTool({ ...base, annotations: { readOnlyHint: true } as never })).toThrow(TypeError);
    expect(() => defineTool({ ...base, title: ' ' })).toThrow(/title/);
    expect(() => defineTool({ ...base, description: '' })).toThrow(/description/);
    expect(() => defineTool({ ...base, name: 'Bad-Name' })).toThrow(/snake_case/);
  });
});

describe('a tool call', () => {
  it('returns structuredContent and its text rendering', async () => {
    const result = await echoTool().call({ text: 'hi', times: 2 }, scope);
    expect(result).toEqual({ content: [{ type: 'text', text: 'Echo: hihi' }], structuredContent: { echoed: 'hihi' } });
  });

  it('names every invalid field, including unknown ones', async () => {
    const result = await echoTool().call({ text: '', times: 9, extra: true }, scope);
    expect(result.isError).toBe(true);
    const error = (result.structuredContent as any).error;
    expect(error).toMatchObject({ code: 'invalid_arguments', retryable: false, correlationId: 'corr-1' });
    expect(error.details.fields.map((f: any) => f.field).sort()).toEqual(['extra', 'text', 'times']);
  });

  it('refuses text PostgreSQL cannot store (NUL, unpaired surrogates), naming the field', async () => {
    for (const text of ['a\u0000b', 'a\ud800b', '\udc00']) {
      const result = await echoTool().call({ text }, scope);
      expect((result.structuredContent as any).error).toMatchObject({ code: 'invalid_arguments', details: { fields: [{ field: 'text' }] } });
    }
    expect((await echoTool().call({ text: '熊猫🐼' }, scope)).isError).toBeUndefined();
  });

  it('maps a domain ToolError with its table retryability', async () => {
    const result = await echoTool(() => {
      throw fail('not_here', 'Nothing here.', { id: 'a' });
    }).call({ text: 'x' }, scope);
    expect((result.structuredContent as any).error).toEqual({
      code: 'not_here',
      message: 'Nothing here.',
      retryable: false,
      details: { id: 'a' },
      correlationId: 'corr-1',
    });
  });

  it('turns an answer that breaks the output schema into internal_error rather than publishing it', async () => {
    const result = await echoTool(() => ({ echoed: 42 })).call({ text: 'x' }, scope);
    expect((result.structuredContent as any).error.code).toBe('internal_error');
  });

  it('reports an unreachable database as retryable unavailable and hides other crashes', async () => {
    const refused = await echoTool(() => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    }).call({ text: 'x' }, scope);
    expect((refused.structuredContent as any).error).toMatchObject({ code: 'unavailable', retryable: true });
    const crash = await echoTool(() => {
      throw new Error('secret internals');
    }).call({ text: 'x' }, scope);
    expect((crash.structuredContent as any).error.code).toBe('internal_error');
    expect(JSON.stringify(crash)).not.toContain('secret internals');
  });
});
