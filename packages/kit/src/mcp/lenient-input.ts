/**
 * A schema wrapper that advertises a zod schema's JSON Schema to clients but accepts any value.
 *
 * The SDK rejects invalid tool arguments with a protocol error carrying its own prose. Our
 * contract needs a tool result with a structured error naming each field, so the SDK is given
 * this wrapper and the real zod validation runs inside the tool helper.
 */
import * as z from 'zod';
import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';

export function lenientSchema(schema: z.ZodType, io: 'input' | 'output'): StandardSchemaWithJSON {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io }) as Record<string, unknown>;
  return {
    '~standard': {
      version: 1,
      vendor: 'agent-products-kit',
      validate: (value: unknown) => ({ value }),
      jsonSchema: {
        input: () => json,
        output: () => json,
      },
    },
  } as StandardSchemaWithJSON;
}
