/**
 * The `outputSchema` a tool advertises: its success shape or the platform's error object.
 *
 * Clients built on SDK 1.x (most desktop hosts, `mcp-remote`) and the Inspector validate
 * `structuredContent` against `outputSchema` even when `isError` is set; a schema describing
 * only the success shape turns every structured error into "Structured content does not match
 * the tool's output schema" and the caller never learns the code. So the advertised schema is
 * one object schema whose `anyOf` admits either. The tool helper itself still checks successes
 * against the success shape alone (tool.ts).
 */
import * as z from 'zod';
import { toolErrorResultSchema } from '../errors/index.ts';

const errorBranch = jsonSchemaOf(toolErrorResultSchema);

export function advertisedOutputSchema(success: z.ZodType): Record<string, unknown> {
  const { $schema, $defs, ...shape } = jsonSchemaOf(success);
  if (shape.type !== 'object') throw new TypeError('A tool output schema must describe an object');
  if (JSON.stringify(shape).includes('"$ref":"#"')) {
    throw new TypeError('A tool output schema must not refer to its own root: it is nested in anyOf when advertised');
  }
  return {
    ...($schema ? { $schema } : {}),
    type: 'object',
    anyOf: [shape, errorBranch],
    // Definitions stay at the root, so `#/$defs/...` references inside the success branch still resolve.
    ...($defs ? { $defs } : {}),
  };
}

function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  return z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output' }) as Record<string, unknown>;
}
