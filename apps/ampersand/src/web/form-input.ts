/**
 * A posted form read as an operation's input: the fields a page collected, checked with the same
 * schema the API checks its JSON body with, so a use case gets the one input shape from both
 * surfaces. Bad input is the API's structured `invalid_arguments`, thrown to the page renderer.
 */
import type * as z from 'zod';
import { invalidArguments } from '@agent-products/kit/errors';

export function formInput<S extends z.ZodType>(schema: S, fields: Record<string, unknown>): z.output<S> {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw invalidArguments(parsed.error);
  return parsed.data;
}
