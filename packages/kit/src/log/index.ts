/** Logging: structured JSON with credentials redacted. */
export { createLogger, lazyChild, redactPath, type Logger } from './logger.ts';
