/** Logging: structured JSON with credentials redacted. */
export { createLogger, redactPath, type Logger } from './logger.ts';
