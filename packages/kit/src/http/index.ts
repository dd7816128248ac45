/** HTTP: the shared application shell, body limits, origin/host checks and loopback serving. */
export { createHttpApp, type AppEnv, type AppVariables, type HttpAppOptions } from './app.ts';
export type { Dependency, DependencyState, HealthOptions } from './health.ts';
export { DRAIN_ALLOWANCE_BYTES } from './body-limit.ts';
export { MCP_CORS_EXPOSED_HEADERS, MCP_CORS_MAX_AGE, MCP_CORS_REQUEST_HEADERS, type CorsRoute } from './cors.ts';
export { nodeCallbackRoute, type NodeCallback, type NodeCallbackOptions, type NodeRequestInspector } from './node-callback.ts';
export { correlatedJsonResponse, correlationIdFor } from './correlation.ts';
export { loopbackOrigins, originAllowed } from './origin-host.ts';
export { DEFAULT_MAX_BODY_BYTES, readBodyLimited, type BodyRead } from './read-body.ts';
export { READINESS_PATH, type DrainOptions } from './drain.ts';
export { listen, listenFirst, listenNode, type PendingServer, type RunningServer } from './serve.ts';
export { stopOnSignals } from './stop-on-signals.ts';
