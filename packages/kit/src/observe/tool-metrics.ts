/**
 * Every MCP tool call, by tool and outcome: `ok`, or the tool error's code. Named after
 * OpenTelemetry's MCP conventions: `mcp.server.operation.duration` with `mcp.method.name`,
 * `gen_ai.tool.name` and `error.type` (absent on success), in Prometheus form. Both label sets
 * are bounded: a tool is one the product registered (an unknown name never reaches a tool), and
 * codes come from the product's error table.
 */
import { Counter, Histogram } from 'prom-client';
import { DURATION_BUCKETS, counterSeries, histogramSeries, metricRegistry, metricsEnabled } from './metric-registry.ts';

const calls = counterSeries(
  new Counter({
    name: 'mcp_server_tool_calls_total',
    help: 'MCP tool calls answered, by tool and outcome (ok or the tool error code).',
    labelNames: ['gen_ai_tool_name', 'outcome'],
    registers: [metricRegistry],
  }),
);
const durations = histogramSeries(
  new Histogram({
    name: 'mcp_server_operation_duration_seconds',
    help: 'Time to answer an MCP tools/call, by tool and error type (empty on success).',
    labelNames: ['mcp_method_name', 'gen_ai_tool_name', 'error_type'],
    buckets: DURATION_BUCKETS,
    registers: [metricRegistry],
  }),
);

/** `errorCode` is undefined for a successful call. */
export function recordToolCall(tool: string, errorCode: string | undefined, seconds: number): void {
  if (!metricsEnabled) return;
  calls(tool, errorCode ?? 'ok').inc();
  durations('tools/call', tool, errorCode ?? '').observe(seconds);
}
