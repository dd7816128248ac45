/**
 * Checks a tool's arguments against its input schema (Ajv) and, when they do not fit, words the
 * refusal the way the real server does — its pydantic layer answers
 * "Error executing tool <name>: N validation error(s) for <name>Arguments" followed by each field
 * and what is wrong with it, e.g. "Extra inputs are not permitted [type=extra_forbidden, …]".
 * Clients are written against that text, so the stand-in says the same kind of thing.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { JsonSchema } from './input-schemas.ts';

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats.default(ajv, ['date']);

function pythonType(value: unknown): string {
  if (value === null) return 'NoneType';
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'string') return 'str';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  return 'dict';
}

function pythonValue(value: unknown): string {
  if (typeof value === 'string') return `'${value}'`;
  if (value === null) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  return JSON.stringify(value) ?? 'None';
}

const TYPE_WORDS: Readonly<Record<string, [string, string]>> = {
  integer: ['a valid integer', 'int_type'],
  number: ['a valid number', 'float_type'],
  string: ['a valid string', 'string_type'],
  boolean: ['a valid boolean', 'bool_type'],
  array: ['a valid list', 'list_type'],
  object: ['a valid dictionary', 'dict_type'],
};

/** pydantic's wording for one Ajv error, as `[message, type]`. */
function wording(error: ErrorObject): [string, string] {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties':
      return ['Extra inputs are not permitted', 'extra_forbidden'];
    case 'required':
      return ['Field required', 'missing'];
    case 'maximum':
      return [`Input should be less than or equal to ${String(params.limit)}`, 'less_than_equal'];
    case 'minimum':
      return [`Input should be greater than or equal to ${String(params.limit)}`, 'greater_than_equal'];
    case 'enum':
      return [
        `Input should be ${(params.allowedValues as unknown[])
          .map((v) => `'${String(v)}'`)
          .join(', ')
          .replace(/, ([^,]*)$/, ' or $1')}`,
        'enum',
      ];
    case 'format':
      return ['Input should be a valid date in the format YYYY-MM-DD', 'date_from_datetime_parsing'];
    case 'type':
      return TYPE_WORDS[String(params.type)]
        ? [`Input should be ${TYPE_WORDS[String(params.type)]![0]}`, TYPE_WORDS[String(params.type)]![1]]
        : ['Input has the wrong type', 'type_error'];
    default:
      return [error.message ?? 'Invalid input', error.keyword];
  }
}

/** The field an error is about, dotted as pydantic prints it (`stars.0`). */
function fieldOf(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  const path = error.instancePath.split('/').filter(Boolean);
  if (error.keyword === 'additionalProperties') path.push(String(params.additionalProperty));
  if (error.keyword === 'required') path.push(String(params.missingProperty));
  return path.join('.');
}

function valueAt(args: Record<string, unknown>, field: string): unknown {
  let value: unknown = args;
  for (const part of field.split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
  return value;
}

/**
 * One line per field, like pydantic: for a nullable field Ajv reports each `anyOf` branch that
 * failed, so the branch that is not `null` (the meaningful one) is the one kept.
 */
function describe(tool: string, args: Record<string, unknown>, errors: ErrorObject[]): string {
  const byField = new Map<string, ErrorObject>();
  for (const error of errors) {
    if (error.keyword === 'anyOf') continue;
    if (error.keyword === 'type' && (error.params as { type?: unknown }).type === 'null') continue;
    const field = fieldOf(error);
    if (!byField.has(field)) byField.set(field, error);
  }
  const lines = [...byField.entries()].map(([field, error]) => {
    const [message, type] = wording(error);
    const value = error.keyword === 'required' ? args : valueAt(args, field);
    return `${field}\n  ${message} [type=${type}, input_value=${pythonValue(value)}, input_type=${pythonType(value)}]`;
  });
  const count = lines.length;
  return `Error executing tool ${tool}: ${count} validation error${count === 1 ? '' : 's'} for ${tool}Arguments\n${lines.join('\n')}`;
}

export class ArgumentValidator {
  private readonly validate: ValidateFunction;

  constructor(
    private readonly tool: string,
    schema: JsonSchema,
  ) {
    this.validate = ajv.compile(schema);
  }

  /** The refusal text when the arguments do not fit the schema, undefined when they do. */
  problem(args: Record<string, unknown>): string | undefined {
    if (this.validate(args)) return undefined;
    return describe(this.tool, args, this.validate.errors ?? []);
  }
}
