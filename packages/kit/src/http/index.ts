/** HTTP: the shared application shell, body limits, origin/host checks and loopback serving. */
export { createHttpApp, type AppEnv, type AppVariables, type HttpAppOptions } from './app.ts';
export { type Dependency, type DependencyState, type HealthOptions } from './health.ts';
export { loopbackOrigins } from './origin-host.ts';
export { DEFAULT_MAX_BODY_BYTES, readBodyLimited, type BodyRead } from './read-body.ts';
export { listen, listenFirst, listenNode, type PendingServer, type RunningServer } from './serve.ts';
export { stopOnSignals } from './stop-on-signals.ts';
// Kept while products move; removed after the & branches land (home: @agent-products/kit/store).
export { createRateLimiter, type CountedHit, type DatabaseRateLimit, type RateLimitOptions, type RateLimitOutcome, type RateLimiter } from '../store/rate-limit.ts';
