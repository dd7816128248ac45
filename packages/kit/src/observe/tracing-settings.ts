/**
 * Tracing is on when the standard OpenTelemetry exporter settings name a receiver:
 * `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` (the traces URL itself) or `OTEL_EXPORTER_OTLP_ENDPOINT`
 * (a base, `/v1/traces` appended), with `OTEL_EXPORTER_OTLP_HEADERS` / `_TRACES_HEADERS`
 * (`name=value,…`, values URL-encoded), `OTEL_EXPORTER_OTLP_TIMEOUT` / `_TRACES_TIMEOUT`,
 * `OTEL_SERVICE_NAME`, `OTEL_RESOURCE_ATTRIBUTES`, `OTEL_BSP_SCHEDULE_DELAY` (ms between batches) and
 * `OTEL_TRACES_SAMPLER` / `OTEL_TRACES_SAMPLER_ARG` (which traces are recorded, trace-sampler.ts;
 * default `parentbased_always_on`, as OpenTelemetry's). `OTEL_SDK_DISABLED=true` or
 * `OTEL_TRACES_EXPORTER=none` turn it off. Spans go out as OTLP/HTTP JSON, which every OTLP/HTTP
 * receiver accepts beside protobuf; a protocol setting of `grpc` is refused at startup rather
 * than silently sending somewhere that does not listen for it. A process that stops flushes
 * what is queued (exporting-tracers.ts, from stopOnSignals).
 */
import { SettingsError, envReader } from '../settings/env-readers.ts';
import type { Logger } from '../log/index.ts';
import { registerExportingTracer } from './exporting-tracers.ts';
import { otlpExporter, SCHEDULE_DELAY_MS } from './otlp-exporter.ts';
import { DEFAULT_SAMPLER, SAMPLER_NAMES, sampler, type Sampler, type SamplerName } from './trace-sampler.ts';
import { createTracer, type AttributeValue, type Tracer } from './tracer.ts';

export interface TracedService {
  name: string;
  version: string;
  log: Logger;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/** The tracer the settings ask for, or undefined when tracing is off. */
export function tracerFromEnv(service: TracedService, env: NodeJS.ProcessEnv = process.env): Tracer | undefined {
  const read = envReader(env);
  if (read.boolean('OTEL_SDK_DISABLED', false) || read.optional('OTEL_TRACES_EXPORTER') === 'none') return undefined;
  const url = tracesUrl(read.optional('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'), read.optional('OTEL_EXPORTER_OTLP_ENDPOINT'));
  if (url === undefined) return undefined;
  for (const name of ['OTEL_EXPORTER_OTLP_TRACES_PROTOCOL', 'OTEL_EXPORTER_OTLP_PROTOCOL']) {
    const protocol = read.optional(name);
    if (protocol !== undefined && protocol !== 'http/json' && protocol !== 'http/protobuf')
      throw new SettingsError(name, 'http/json or http/protobuf', protocol);
  }
  const timeoutMs =
    read.optional('OTEL_EXPORTER_OTLP_TRACES_TIMEOUT') !== undefined
      ? read.integer('OTEL_EXPORTER_OTLP_TRACES_TIMEOUT', DEFAULT_TIMEOUT_MS, { min: 1 })
      : read.integer('OTEL_EXPORTER_OTLP_TIMEOUT', DEFAULT_TIMEOUT_MS, { min: 1 });
  const headers = {
    ...pairs('OTEL_EXPORTER_OTLP_HEADERS', read.optional('OTEL_EXPORTER_OTLP_HEADERS')),
    ...pairs('OTEL_EXPORTER_OTLP_TRACES_HEADERS', read.optional('OTEL_EXPORTER_OTLP_TRACES_HEADERS')),
  };
  const resource: Record<string, AttributeValue> = {
    'service.version': service.version,
    ...pairs('OTEL_RESOURCE_ATTRIBUTES', read.optional('OTEL_RESOURCE_ATTRIBUTES')),
    'service.name': read.optional('OTEL_SERVICE_NAME') ?? service.name,
  };
  const scheduleDelayMs = read.integer('OTEL_BSP_SCHEDULE_DELAY', SCHEDULE_DELAY_MS, { min: 1 });
  const exporter = otlpExporter({ url, headers, timeoutMs, resource, log: service.log, scheduleDelayMs });
  return registerExportingTracer(createTracer(exporter, samplerFromEnv(read)));
}

/** A sampler OpenTelemetry names but this kit does not have (jaeger_remote, xray) is refused, not ignored. */
function samplerFromEnv(read: ReturnType<typeof envReader>): Sampler {
  const name = read.optional('OTEL_TRACES_SAMPLER') ?? DEFAULT_SAMPLER;
  if (!(SAMPLER_NAMES as readonly string[]).includes(name)) throw new SettingsError('OTEL_TRACES_SAMPLER', `one of ${SAMPLER_NAMES.join(', ')}`, name);
  return sampler(name as SamplerName, read.fraction('OTEL_TRACES_SAMPLER_ARG', 1));
}

function tracesUrl(traces: string | undefined, base: string | undefined): string | undefined {
  if (traces !== undefined) return checkedUrl('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', traces);
  if (base === undefined) return undefined;
  return `${checkedUrl('OTEL_EXPORTER_OTLP_ENDPOINT', base).replace(/\/+$/, '')}/v1/traces`;
}

function checkedUrl(name: string, text: string): string {
  if (!URL.canParse(text) || !/^https?:$/.test(new URL(text).protocol)) throw new SettingsError(name, 'an http or https URL', text);
  return text;
}

/** `name=value,…` with URL-encoded values, as OpenTelemetry's list settings are written. */
function pairs(name: string, text: string | undefined): Record<string, string> {
  if (text === undefined) return {};
  const found: Record<string, string> = {};
  for (const item of text.split(',')) {
    if (item.trim() === '') continue;
    const at = item.indexOf('=');
    if (at <= 0) throw new SettingsError(name, 'a comma-separated list of name=value', text);
    try {
      found[item.slice(0, at).trim()] = decodeURIComponent(item.slice(at + 1).trim());
    } catch {
      throw new SettingsError(name, 'a comma-separated list of name=value with URL-encoded values', text);
    }
  }
  return found;
}
