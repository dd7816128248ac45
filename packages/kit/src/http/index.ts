/** HTTP: the shared application shell, body limits, origin/host checks and loopback serving. */
export { createHttpApp, correlationIdOf, type AppEnv, type AppVariables, type HttpAppOptions } from './app.ts';
export { correlationIdFor } from './correlation.ts';
export { dependencyStates, type Dependency, type DependencyState, type HealthOptions } from './health.ts';
export { MCP_CORS_EXPOSED_HEADERS, MCP_CORS_MAX_AGE, MCP_CORS_REQUEST_HEADERS, isPreflight } from './cors.ts';
export { hostRejection, loopbackOrigins, originAllowed } from './origin-host.ts';
export { DEFAULT_MAX_BODY_BYTES, readBodyLimited, type BodyRead } from './read-body.ts';
export { listen, type RunningServer } from './serve.ts';
export { stopOnSignals } from './stop-on-signals.ts';
export { RATE_LIMIT_TABLE, createRateLimiter, type CountedHit, type DatabaseRateLimit, type RateLimitOptions, type RateLimitOutcome, type RateLimiter } from './rate-limit.ts';
