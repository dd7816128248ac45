/** MCP: the stateless endpoint for both protocol eras and the tool contract. */
export { mountGuardedMcpEndpoints, mountMcpEndpoint } from './mount.ts';
export { createMcpEndpoint, type McpEndpoint, type McpEndpointOptions, type Admission, type McpGuard } from './endpoint.ts';
export { defineTool, UNSTORABLE_TEXT, unacceptableField, type Tool, type ToolSpec } from './tool.ts';
export { keepableAnswer } from './kept-answers.ts';
export { noteStoredAnswer, type RequestScope } from './request-scope.ts';
