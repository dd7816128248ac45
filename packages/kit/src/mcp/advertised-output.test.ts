/**
 * The advertised outputSchema admits both answers a tool can give, checked with the validator
 * SDK 1.x clients use on every result (errors included), while the tool helper still refuses a
 * success that breaks the success shape.
 */
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { McpServer } from '@modelcontextprotocol/server';
import { createLogger } from '../log/index.ts';
import { advertisedOutputSchema } from './advertised-output.ts';
import { defineErrorTable } from '../errors/index.ts';
import { ServerPool } from './server-pool.ts';
import { defineTool } from './tool.ts';

const scope = { correlationId: 'corr-9', log: createLogger({ name: 'test', level: 'silent' }), now: () => new Date() };
const { fail } = defineErrorTable({ no_such_item: { status: 404, retryable: false, meaning: 'test' } });
const Item = z.object({ id: z.string(), tags: z.array(z.string()), price: z.number().nullable() });

const tool = defineTool({
  name: 'get_item',
  title: 'Item',
  description: 'One item.',
  input: z.strictObject({ id: z.string().min(1) }),
  output: z.object({ item: Item, related: z.array(Item) }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: ({ id }) => {
    if (id === 'missing') throw fail('no_such_item', 'No such item.', { id });
    if (id === 'broken') return { item: { id, tags: 'not-a-list' } } as never;
    return { item: { id, tags: ['a'], price: null }, related: [] };
  },
  text: (r) => r.item.id,
});

async function advertised(): Promise<Record<string, unknown>> {
  const pool = new ServerPool(() => {
    const server = new McpServer({ name: 't', version: '1' }, { capabilities: { tools: {} } });
    tool.register(server);
    return server;
  });
  const answer = (await pool.exchange({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, {})) as any;
  await pool.close();
  return answer.result.tools[0].outputSchema;
}

describe('the advertised outputSchema', () => {
  it('is one object schema whose anyOf is the success shape or { error }', async () => {
    const schema = await advertised();
    expect(schema.type).toBe('object');
    expect(schema.anyOf).toHaveLength(2);
    const [success, error] = schema.anyOf as any[];
    expect(success.required).toEqual(['item', 'related']);
    expect(error.required).toEqual(['error']);
    expect(error.properties.error.required).toEqual(['code', 'message', 'retryable', 'correlationId']);
  });

  it('admits every answer the tool gives, success and structured errors alike, as SDK 1.x validates them', async () => {
    const validate = new AjvJsonSchemaValidator().getValidator(await advertised());
    for (const args of [{ id: 'x' }, { id: 'missing' }, { id: '' }, { id: 'broken' }, { nope: 1 }]) {
      const result = await tool.call(args, scope);
      expect(validate(result.structuredContent), JSON.stringify(args)).toMatchObject({ valid: true });
    }
  });

  it('still refuses what is neither, and the tool itself still checks successes strictly', async () => {
    const validate = new AjvJsonSchemaValidator().getValidator(await advertised());
    expect(validate({ item: { id: 'x', tags: 'a', price: null }, related: [] }).valid).toBe(false);
    expect(validate({ error: { code: 'x', message: 'm', retryable: false } }).valid).toBe(false);
    expect(validate({ error: { code: 'x', message: 'm', retryable: false, correlationId: 'c' }, item: {} }).valid).toBe(false);
    const broken = await tool.call({ id: 'broken' }, scope);
    expect(broken.isError).toBe(true);
    expect((broken.structuredContent as any).error.code).toBe('internal_error');
  });

  it('keeps shared definitions resolvable at the root', () => {
    const Node = z.object({
      name: z.string(),
      get children() {
        return z.array(Node);
      },
    });
    const schema = advertisedOutputSchema(z.object({ tree: Node }));
    const validate = new AjvJsonSchemaValidator().getValidator(schema);
    expect(validate({ tree: { name: 'a', children: [{ name: 'b', children: [] }] } }).valid).toBe(true);
    expect(validate({ tree: { name: 'a', children: [{ name: 3, children: [] }] } }).valid).toBe(false);
  });

  it('refuses a success shape that is not an object', () => {
    expect(() => advertisedOutputSchema(z.array(z.string()))).toThrow(TypeError);
  });
});
