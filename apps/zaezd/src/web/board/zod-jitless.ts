/**
 * Imported before anything that defines a zod schema: zod probes whether it may compile parsers
 * with `new Function` when an object schema is created, and under the host's CSP (no
 * 'unsafe-eval') that probe is reported as a `securitypolicyviolation` even though zod catches
 * the refusal. Jitless, zod never probes and parses as fast as the board needs.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });
