/** Observe: Prometheus metrics (`GET /metrics`) and W3C trace context with OTLP/HTTP span export. */
export { defineCounter } from './product-metrics.ts';
export { outboundCall, tracedFetch } from './outbound.ts';
export { parseTraceparent } from './trace-context.ts';
