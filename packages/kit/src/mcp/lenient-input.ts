/**
 * A schema wrapper that advertises a JSON Schema to clients but accepts any value.
 *
 * The SDK rejects invalid tool arguments with a protocol error carrying its own prose. Our
 * contract needs a tool result with a structured error naming each field, so the SDK is given
 * this wrapper and the real zod validation runs inside the tool helper.
 */
import * as z from 'zod';
import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';

/** A zod input schema's JSON Schema, advertised as is. */
export function lenientSchema(schema: z.ZodType): StandardSchemaWithJSON {
  return lenientJsonSchema(z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input' }) as Record<string, unknown>);
}

export function lenientJsonSchema(json: Record<string, unknown>): StandardSchemaWithJSON {
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
