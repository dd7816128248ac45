/**
 * The envelope an error travels in on the MCP and JSON surfaces, `{ error: { code, message,
 * retryable, details?, correlationId } }`, and its schema as published inside every tool's
 * `outputSchema` (mcp/advertised-output.ts). `code` is a string rather than an enum: each
 * product's table grows.
 */
import * as z from 'zod';
import type { ToolError, ToolErrorBody } from './tool-error.ts';

export function errorEnvelope(error: ToolError, correlationId: string): { error: ToolErrorBody } {
  return { error: error.toBody(correlationId) };
}

export const toolErrorResultSchema = z.strictObject({
  error: z.strictObject({
    code: z.string().describe("A stable code from the product's error table; branch on it."),
    message: z.string(),
    retryable: z.boolean(),
    details: z.record(z.string(), z.unknown()).optional(),
    correlationId: z.string().describe('Quote it when reporting a problem.'),
  }),
});
