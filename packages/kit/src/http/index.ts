/** HTTP: the shared application shell, body limits, origin/host checks and loopback serving. */
export { createHttpApp, type AppEnv } from './app.ts';
export type { CorsRoute } from './cors.ts';
export { nodeCallbackRoute } from './node-callback.ts';
export { correlatedJsonResponse } from './correlation.ts';
export { loopbackOrigins } from './origin-host.ts';
export { DEFAULT_MAX_BODY_BYTES, readBodyLimited } from './read-body.ts';
export { READINESS_PATH } from './drain.ts';
export { listen, listenFirst, listenNode, requestListener, type RunningServer } from './serve.ts';
export { serveDirectly } from './direct-routes.ts';
export { stopOnSignals } from './stop-on-signals.ts';
