/** MCP: the stateless endpoint for both protocol eras, the tool contract and the error table. */
export { createMcpEndpoint, type McpEndpoint, type McpEndpointOptions, type Admission, type McpGuard } from './endpoint.ts';
export { defineTool, errorResult, UNSTORABLE_TEXT, unacceptableField, invalidArguments, isConnectionFailure, type Tool, type ToolSpec } from './tool.ts';
export {
  PLATFORM_ERROR_CODES,
  ToolError,
  defineErrorTable,
  platformErrors,
  type ErrorCodeSpec,
  type PlatformErrorCode,
  type ToolErrorBody,
} from './errors.ts';
export { bindRequestScope, requestScopeOf, type Principal, type RequestScope } from './request-scope.ts';
