/** Observe: Prometheus metrics (`GET /metrics`) and W3C trace context with OTLP/HTTP span export. */
export { defineCounter, type CountEvent } from './product-metrics.ts';
export { metricRegistry, metricsEnabled } from './metric-registry.ts';
export { registerMetricsRoute, type MetricsRouteOptions } from './metrics-route.ts';
export { outboundCall, tracedFetch } from './outbound.ts';
export { formatTraceparent, parseTraceparent, type TraceContext } from './trace-context.ts';
export { activeTrace, createTracer, type FinishedSpan, type Span, type SpanSink, type Tracer } from './tracer.ts';
export { otlpExporter, type OtlpExporterOptions } from './otlp-exporter.ts';
export { tracerFromEnv, type TracedService } from './tracing-settings.ts';
export { flushExportingTracers } from './exporting-tracers.ts';
