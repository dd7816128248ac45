/** MCP: the stateless endpoint for both protocol eras and the tool contract. */
export { mountMcpEndpoint, type McpMountOptions } from './mount.ts';
export { createMcpEndpoint, type McpEndpoint, type McpEndpointOptions, type Admission, type McpGuard } from './endpoint.ts';
export { defineTool, UNSTORABLE_TEXT, unacceptableField, type Tool, type ToolSpec } from './tool.ts';
export { type Principal, type RequestScope } from './request-scope.ts';
// Kept while products move; removed after the & branches land. Their home is named on each line.
export { isConnectionFailure } from '../store/connection-failure.ts'; // @agent-products/kit/store
export {
  // @agent-products/kit/errors
  ToolError,
  defineErrorTable,
  invalidArguments,
  platformErrors,
  type ErrorCodeSpec,
  type ToolErrorBody,
} from '../errors/index.ts';
