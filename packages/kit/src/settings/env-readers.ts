/**
 * Typed settings from the environment. Each reader takes the variable's name and its default;
 * an unset or empty variable is the default, and a value that does not read as its type is
 * refused with a `SettingsError` naming the variable and the value, never passed on as NaN or a
 * half-parsed URL. A product's settings.ts reads every variable through these.
 */
export class SettingsError extends TypeError {
  override readonly name = 'SettingsError';
  constructor(
    readonly variable: string,
    expected: string,
    readonly value: string,
  ) {
    super(`${variable} must be ${expected}: ${JSON.stringify(value)}`);
  }
}

export interface IntegerBounds {
  min?: number;
  max?: number;
}

export interface UrlOptions {
  /** Refuse a query or fragment (a base URL others are built on). */
  bare?: boolean;
  /** Answer the parsed, normalized href instead of the text with its trailing slashes removed. */
  normalized?: boolean;
}

export interface DurationOptions extends IntegerBounds {
  /** The unit of a plain number and of the answer: the variable's name says it (`_MS`, `_SECONDS`). */
  unit: 'ms' | 's';
}

export interface EnvReader {
  string(name: string, fallback: string): string;
  /** Unset or empty → undefined. */
  optional(name: string): string | undefined;
  integer(name: string, fallback: number, bounds?: IntegerBounds): number;
  port(name: string, fallback: number): number;
  /** A decimal number from 0 to 1 (a share or a similarity threshold): `0.85`, `1`, `.5`. */
  fraction(name: string, fallback: number): number;
  url(name: string, fallback: string, options?: UrlOptions): string;
  /** A plain integer in `unit`, or one with a unit of its own: `250ms`, `30s`, `5m`, `2h`. */
  duration(name: string, fallback: number, options: DurationOptions): number;
  /** 1/0, true/false, yes/no, on/off (any case). */
  boolean(name: string, fallback: boolean): boolean;
  /** A comma-separated list, items trimmed, empty items dropped; unset → []. */
  list(name: string): string[];
}

const INTEGER = /^[+-]?\d+$/;
const DECIMAL = /^(\d+(\.\d*)?|\.\d+)$/;
const DURATION = /^(\d+)\s*(ms|s|m|h)?$/i;
const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as const;
const BOOLEANS: Readonly<Record<string, boolean>> = { '1': true, true: true, yes: true, on: true, '0': false, false: false, no: false, off: false };

export function envReader(env: NodeJS.ProcessEnv = process.env): EnvReader {
  const raw = (name: string): string | undefined => {
    const text = env[name]?.trim();
    return text === undefined || text === '' ? undefined : text;
  };
  const bounded = (name: string, text: string, value: number, bounds: IntegerBounds, what: string): number => {
    const { min, max } = bounds;
    if (!Number.isSafeInteger(value) || (min !== undefined && value < min) || (max !== undefined && value > max)) {
      const range = min !== undefined && max !== undefined ? ` from ${min} to ${max}` : min !== undefined ? ` ≥ ${min}` : max !== undefined ? ` ≤ ${max}` : '';
      throw new SettingsError(name, `${what}${range}`, text);
    }
    return value;
  };
  const reader: EnvReader = {
    string: (name, fallback) => raw(name) ?? fallback,
    optional: (name) => raw(name),
    integer(name, fallback, bounds = {}) {
      const text = raw(name);
      if (text === undefined) return fallback;
      if (!INTEGER.test(text)) throw new SettingsError(name, 'an integer', text);
      return bounded(name, text, Number(text), bounds, 'an integer');
    },
    port: (name, fallback) => reader.integer(name, fallback, { min: 0, max: 65535 }),
    fraction(name, fallback) {
      const text = raw(name);
      if (text === undefined) return fallback;
      const value = Number(text);
      if (!DECIMAL.test(text) || value > 1) throw new SettingsError(name, 'a number from 0 to 1', text);
      return value;
    },
    url(name, fallback, options = {}) {
      const text = raw(name) ?? fallback;
      let parsed: URL;
      try {
        parsed = new URL(text);
      } catch {
        throw new SettingsError(name, 'an absolute URL', text);
      }
      if (options.bare && (parsed.search || parsed.hash)) throw new SettingsError(name, 'an absolute URL without query or fragment', text);
      return options.normalized ? parsed.href : text.replace(/\/+$/, '');
    },
    duration(name, fallback, options) {
      const text = raw(name);
      if (text === undefined) return fallback;
      const match = DURATION.exec(text);
      if (!match) throw new SettingsError(name, `a duration (a whole number of ${options.unit}, or with ms, s, m or h)`, text);
      const ms = Number(match[1]) * UNIT_MS[(match[2]?.toLowerCase() ?? options.unit) as keyof typeof UNIT_MS];
      const value = options.unit === 'ms' ? ms : ms / 1000;
      if (!Number.isInteger(value)) throw new SettingsError(name, `a whole number of ${options.unit}`, text);
      return bounded(name, text, value, options, `a duration in ${options.unit}`);
    },
    boolean(name, fallback) {
      const text = raw(name);
      if (text === undefined) return fallback;
      const value = BOOLEANS[text.toLowerCase()];
      if (value === undefined) throw new SettingsError(name, 'a boolean (1/0, true/false, yes/no, on/off)', text);
      return value;
    },
    list: (name) =>
      (raw(name) ?? '')
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
  };
  return reader;
}
