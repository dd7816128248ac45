/** The `invalid_arguments` error for arguments a zod schema refused, naming every bad field. */
import type * as z from 'zod';
import { platformErrors } from './error-table.ts';
import type { ToolError } from './tool-error.ts';

export function invalidArguments(error: z.ZodError): ToolError {
  const fields = error.issues.flatMap((issue) => {
    const base = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ field: base ? `${base}.${key}` : key, problem: 'is not an accepted argument' }));
    }
    return [{ field: base || '(arguments)', problem: issue.message }];
  });
  const names = [...new Set(fields.map((f) => f.field))];
  return platformErrors.fail('invalid_arguments', `Invalid arguments: ${names.join(', ')}.`, { fields });
}
