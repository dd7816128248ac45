/** Errors: the error table, the one error class, and its rendering on every surface (MCP, JSON, OAuth, HTML). */
export { defineErrorTable, platformErrors, type ErrorCodeSpec } from './error-table.ts';
export { ToolError } from './tool-error.ts';
export { invalidArguments } from './invalid-arguments.ts';
export { errorEnvelope, toolErrorResultSchema } from './envelope.ts';
export { jsonErrorResponse, oauthErrorResponse, problemOf, problemPageResponse, toolErrorResult, type ErrorProblem } from './render.ts';
export type { ErrorSurface } from './error-handler.ts';
